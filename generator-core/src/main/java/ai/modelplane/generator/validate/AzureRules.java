package ai.modelplane.generator.validate;

import ai.modelplane.generator.catalog.VmSize;
import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.FieldPaths;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.Fabric;
import ai.modelplane.generator.model.GpuConfig;
import ai.modelplane.generator.model.Maintenance;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.naming.NameAnnotation;
import ai.modelplane.generator.naming.Naming;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import ai.modelplane.generator.property.Setting;
import ai.modelplane.generator.text.UnsafeText;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Rules that need Azure facts rather than the CRD: the VM-size catalog (GPUs, InfiniBand), the OS
 * disk limit of the ARM API, zones, and Azure's naming rules for every name {@link Naming} derives
 * ({@link AzureNameRules}). AKS's dated version calendar is {@link KubernetesVersionRule}'s.
 *
 * <p>A VM size missing from the catalog is a warning, and only on pools whose rules need the facts
 * (GPU or InfiniBand pools): Azure has hundreds of sizes and new ones appear monthly, so refusing
 * unknown sizes would block valid clusters, while staying silent would hide a typo.
 */
public final class AzureRules {
  static final Set<String> ZONES = Set.of("1", "2", "3");

  private static final String AZURE_LINUX = "AzureLinux";

  private final VmSizeCatalog catalog;

  public AzureRules(VmSizeCatalog catalog) {
    this.catalog = catalog;
  }

  /**
   * Writes what Azure would refuse in {@code cluster}, or would not do as meant, to {@code
   * findings}.
   */
  void check(AksCluster cluster, Findings findings) {
    checkPlainText(cluster, findings);
    for (NodePool pool : cluster.spec().nodePools()) {
      checkPool(pool, findings);
    }
    AzureNameRules.check(cluster, findings);
    TagRules.check(cluster.spec().tags(), findings);
    GpuStackRule.check(cluster, findings);
    checkExistingSubnetNames(cluster, findings);
    checkNodeOsChannel(cluster, findings);
  }

  /**
   * AKS's SecurityPatch node OS channel is not supported by Azure Linux on GPU-enabled VMs
   * (MicrosoftDocs/azure-aks-docs {@code articles/aks/auto-upgrade-node-os-image.md:61} at commit
   * {@code fb060abe6a8f}): an error at the channel, naming the first such pool.
   */
  private static void checkNodeOsChannel(AksCluster cluster, Findings findings) {
    boolean securityPatch =
        cluster
            .spec()
            .maintenance()
            .map(m -> m.nodeOsUpgradeChannel() == Maintenance.NodeOsUpgradeChannel.SECURITY_PATCH)
            .orElse(false);
    if (!securityPatch) {
      return;
    }
    cluster.spec().gpuPools().stream()
        .filter(pool -> pool.settings().get("osSku").filter(AZURE_LINUX::equals).isPresent())
        .findFirst()
        .ifPresent(
            pool ->
                findings.error(
                    "/spec/maintenance/nodeOsUpgradeChannel",
                    DiagnosticCode.MP434,
                    "nodeOsUpgradeChannel SecurityPatch is not supported by AKS on Azure Linux GPU"
                        + " nodes, and GPU pool \""
                        + pool.name()
                        + "\" has osSku AzureLinux",
                    "use NodeImage, or osSku Ubuntu on the GPU pools"));
  }

  /**
   * With {@code spec.networking.subnetId} the cluster has no VNet or subnet of its own, so the
   * annotations that name them would name nothing: an error at each, rather than a name silently
   * ignored (import writes neither for such a cluster).
   */
  private static void checkExistingSubnetNames(AksCluster cluster, Findings findings) {
    if (cluster.spec().networking().subnetId().isEmpty()) {
      return;
    }
    for (NameAnnotation annotation :
        List.of(NameAnnotation.VNET_NAME, NameAnnotation.SUBNET_NAME)) {
      if (cluster.names().annotated().get(annotation).isPresent()) {
        findings.error(
            FieldPaths.pointer("/metadata/annotations", annotation.key()),
            DiagnosticCode.MP430,
            "the "
                + annotation.what()
                + " name annotation does not apply with spec.networking.subnetId, which names an"
                + " existing subnet: the cluster has no virtual network or subnet of its own",
            "remove the annotation");
      }
    }
  }

  /**
   * Every string that reaches Azure or the generated code is free of control, bidi and other
   * invisible (format) characters ({@link UnsafeText}). They are refused, not escaped: the
   * generated code would then hold escapes nobody meant (a location {@code west\u200Beurope} that
   * Azure rejects, or worse, accepts as a different name), and a value that reads the same as
   * another but is not is a review hazard wherever it is shown. Most fields have a CRD pattern that
   * already excludes them; {@code location} and {@code vmSize} do not (Azure adds regions and sizes
   * every month, so the CRD leaves them open).
   */
  private static void checkPlainText(AksCluster cluster, Findings findings) {
    plainText("/metadata/name", cluster.name(), findings);
    plainText("/metadata/namespace", cluster.namespace(), findings);
    plainText("/spec/kubernetesVersion", cluster.spec().kubernetesVersion(), findings);
    plainText("/spec/location", cluster.spec().location(), findings);
    plainText("/spec/networking/vnetCidr", cluster.spec().networking().vnetCidr(), findings);
    plainText("/spec/networking/subnetCidr", cluster.spec().networking().subnetCidr(), findings);
    cluster
        .spec()
        .tags()
        .forEach(
            (name, value) -> {
              String at = FieldPaths.pointer("/spec/tags", name);
              plainText(at, name, findings);
              plainText(at, value, findings);
            });
    for (NodePool pool : cluster.spec().nodePools()) {
      String at = "/spec/nodePools/" + pool.index();
      plainText(at + "/name", pool.name(), findings);
      plainText(at + "/vmSize", pool.vmSize(), findings);
      pool.gpu()
          .ifPresent(
              gpu -> plainText(at + "/gpu/acceleratorType", gpu.acceleratorType(), findings));
      for (int i = 0; i < pool.zones().size(); i++) {
        plainText(at + "/zones/" + i, pool.zones().get(i), findings);
      }
    }
  }

  private static void plainText(String pointer, String value, Findings findings) {
    int at = UnsafeText.indexOfUnsafe(value);
    if (at >= 0) {
      // Counted in characters as a reader counts them: a tag character is one, not two UTF-16
      // units.
      findings.error(
          pointer,
          DiagnosticCode.MP411,
          "Invalid value: \""
              + value
              + "\": holds "
              + UnsafeText.describe(value.codePointAt(at))
              + " at character "
              + (value.codePointCount(0, at) + 1)
              + ", a control, bidi or invisible character",
          "retype the value; such characters are invisible or reorder text, so what reviewers read differs from what Azure gets");
    }
  }

  private void checkPool(NodePool pool, Findings findings) {
    String at = "/spec/nodePools/" + pool.index();
    Optional<VmSize> size = catalog.find(pool.vmSize());
    boolean needsFacts = pool.isGpu() || pool.fabric() == Fabric.INFINIBAND;
    // A size with a control character is refused already (MP411); it is no typo of a catalogued
    // one.
    if (size.isEmpty() && needsFacts && !UnsafeText.containsUnsafe(pool.vmSize())) {
      findings.warning(
          at + "/vmSize",
          DiagnosticCode.MP402,
          "VM size "
              + pool.vmSize()
              + " is not in Modelplane's catalog, so its GPUs and InfiniBand cannot be checked",
          "check the spelling; known GPU sizes include Standard_NC24ads_A100_v4 and Standard_ND96isr_H100_v5");
    }
    if (size.isPresent()) {
      VmSize vm = size.get();
      if (pool.isGpu() && !vm.hasGpu()) {
        findings.error(
            at + "/vmSize",
            DiagnosticCode.MP401,
            "GPU pools need a GPU VM size; " + vm.name() + " has no GPU",
            "");
      }
      if (pool.fabric() == Fabric.INFINIBAND && !vm.infiniband()) {
        findings.error(
            at + "/fabric",
            DiagnosticCode.MP403,
            "fabric InfiniBand needs an InfiniBand-capable VM size; "
                + vm.name()
                + " has no InfiniBand",
            "use an RDMA size such as Standard_ND96isr_H100_v5");
      }
      Optional<String> mig = pool.gpu().flatMap(GpuConfig::migProfile);
      if (mig.isPresent() && !vm.migCapable()) {
        findings.error(
            at + "/gpu/migProfile",
            DiagnosticCode.MP422,
            "migProfile "
                + mig.get()
                + " needs a size AKS supports Multi-Instance GPU on (NVIDIA A100, H100 or H200); "
                + vm.name()
                + " has "
                + (vm.hasGpu() ? vm.gpuVendor() + " " + vm.gpuModel() : "no GPU"),
            "leave migProfile out, or use a size such as Standard_NC24ads_A100_v4");
      }
      if (vm.hasGpu() && pool.gpu().isPresent()) {
        String accelerator = pool.gpu().get().acceleratorType();
        if (!accelerator.toLowerCase(Locale.ROOT).contains(vm.gpuModel())) {
          findings.warning(
              at + "/gpu/acceleratorType",
              DiagnosticCode.MP404,
              "acceleratorType "
                  + accelerator
                  + " does not match "
                  + vm.name()
                  + ", which has "
                  + vm.gpuCount()
                  + "x "
                  + vm.gpuVendor()
                  + " "
                  + vm.gpuModel(),
              "the VM size decides the GPU; use " + vm.gpuVendor() + "-" + vm.gpuModel());
        }
      }
    }
    for (Property property : PropertyTable.bundled().settings()) {
      Optional<Setting.AzureLimit> maximum = property.setting().flatMap(Setting::azureMaximum);
      Optional<String> value = pool.settings().get(property.name());
      if (maximum.isPresent()
          && value.isPresent()
          && Long.parseLong(value.get()) > maximum.get().value()) {
        findings.error(
            at + "/" + property.name(),
            DiagnosticCode.MP405,
            "Invalid value: "
                + value.get()
                + ": Azure allows at most "
                + maximum.get().value()
                + " for "
                + property.bicep(),
            "");
      }
    }
    for (int i = 0; i < pool.zones().size(); i++) {
      String zone = pool.zones().get(i);
      if (!ZONES.contains(zone) && !UnsafeText.containsUnsafe(zone)) {
        findings.error(
            at + "/zones/" + i,
            DiagnosticCode.MP407,
            "Unsupported value: \"" + zone + "\": supported values: \"1\", \"2\", \"3\"",
            "");
      }
    }
    if (pool.fabric() == Fabric.INFINIBAND && pool.zones().size() > 1) {
      findings.warning(
          at + "/zones",
          DiagnosticCode.MP406,
          "an InfiniBand pool spread over "
              + pool.zones().size()
              + " zones is not one fabric: nodes in different zones cannot reach each other over InfiniBand",
          "keep InfiniBand pools in one zone");
    }
  }
}
