package ai.modelplane.generator.validate;

import ai.modelplane.generator.catalog.AgentPoolLimits;
import ai.modelplane.generator.catalog.VmSize;
import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Severity;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.Fabric;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.naming.AzureNames;
import ai.modelplane.generator.naming.NameAnnotation;
import ai.modelplane.generator.naming.Naming;
import ai.modelplane.generator.text.UnsafeText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Rules that need Azure facts rather than the CRD: the VM-size catalog (GPUs, InfiniBand), the OS
 * disk limit of the ARM API, zones, and Azure's naming rules for every name {@link Naming} derives.
 * AKS's dated version calendar is {@link KubernetesVersionRule}'s.
 *
 * <p>A VM size missing from the catalog is a warning, and only on pools whose rules need the facts
 * (GPU or InfiniBand pools): Azure has hundreds of sizes and new ones appear monthly, so refusing
 * unknown sizes would block valid clusters, while staying silent would hide a typo.
 */
public final class AzureRules {
  static final Set<String> ZONES = Set.of("1", "2", "3");

  /** A finding at a JSON pointer of the document. */
  public record Finding(
      String pointer, DiagnosticCode code, Severity severity, String message, String hint) {}

  private final VmSizeCatalog catalog;

  public AzureRules(VmSizeCatalog catalog) {
    this.catalog = catalog;
  }

  public List<Finding> check(AksCluster cluster) {
    List<Finding> findings = new ArrayList<>();
    checkPlainText(cluster, findings);
    for (NodePool pool : cluster.spec().nodePools()) {
      checkPool(pool, findings);
    }
    checkNames(cluster, findings);
    return findings;
  }

  /**
   * Every string that reaches Azure or the generated code is free of control and bidi characters.
   * Most fields have a CRD pattern that already excludes them; {@code location} and {@code vmSize}
   * do not (Azure adds regions and sizes every month, so the CRD leaves them open).
   */
  private static void checkPlainText(AksCluster cluster, List<Finding> findings) {
    plainText("/metadata/name", cluster.name(), findings);
    plainText("/metadata/namespace", cluster.namespace(), findings);
    plainText("/spec/kubernetesVersion", cluster.spec().kubernetesVersion(), findings);
    plainText("/spec/location", cluster.spec().location(), findings);
    plainText("/spec/networking/vnetCidr", cluster.spec().networking().vnetCidr(), findings);
    plainText("/spec/networking/subnetCidr", cluster.spec().networking().subnetCidr(), findings);
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

  private static void plainText(String pointer, String value, List<Finding> findings) {
    int at = UnsafeText.indexOfUnsafe(value);
    if (at >= 0) {
      findings.add(
          new Finding(
              pointer,
              DiagnosticCode.MP411,
              Severity.ERROR,
              "Invalid value: \""
                  + value
                  + "\": holds "
                  + UnsafeText.describe(value.charAt(at))
                  + " at character "
                  + (at + 1)
                  + ", a control or bidi character",
              "retype the value; such characters are invisible or reorder text, so what reviewers read differs from what Azure gets"));
    }
  }

  private void checkPool(NodePool pool, List<Finding> findings) {
    String at = "/spec/nodePools/" + pool.index();
    Optional<VmSize> size = catalog.find(pool.vmSize());
    boolean needsFacts = pool.isGpu() || pool.fabric() == Fabric.INFINIBAND;
    // A size with a control character is refused already (MP411); it is no typo of a catalogued
    // one.
    if (size.isEmpty() && needsFacts && !UnsafeText.containsUnsafe(pool.vmSize())) {
      findings.add(
          new Finding(
              at + "/vmSize",
              DiagnosticCode.MP402,
              Severity.WARNING,
              "VM size "
                  + pool.vmSize()
                  + " is not in Modelplane's catalog, so its GPUs and InfiniBand cannot be checked",
              "check the spelling; known GPU sizes include Standard_NC24ads_A100_v4 and Standard_ND96isr_H100_v5"));
    }
    if (size.isPresent()) {
      VmSize vm = size.get();
      if (pool.isGpu() && !vm.hasGpu()) {
        findings.add(
            new Finding(
                at + "/vmSize",
                DiagnosticCode.MP401,
                Severity.ERROR,
                "GPU pools need a GPU VM size; " + vm.name() + " has no GPU",
                ""));
      }
      if (pool.fabric() == Fabric.INFINIBAND && !vm.infiniband()) {
        findings.add(
            new Finding(
                at + "/fabric",
                DiagnosticCode.MP403,
                Severity.ERROR,
                "fabric InfiniBand needs an InfiniBand-capable VM size; "
                    + vm.name()
                    + " has no InfiniBand",
                "use an RDMA size such as Standard_ND96isr_H100_v5"));
      }
      if (vm.hasGpu() && pool.gpu().isPresent()) {
        String accelerator = pool.gpu().get().acceleratorType();
        if (!accelerator.toLowerCase(Locale.ROOT).contains(vm.gpuModel())) {
          findings.add(
              new Finding(
                  at + "/gpu/acceleratorType",
                  DiagnosticCode.MP404,
                  Severity.WARNING,
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
                  "the VM size decides the GPU; use " + vm.gpuVendor() + "-" + vm.gpuModel()));
        }
      }
    }
    if (pool.diskSizeGb() > AgentPoolLimits.MAX_OS_DISK_GB) {
      findings.add(
          new Finding(
              at + "/diskSizeGb",
              DiagnosticCode.MP405,
              Severity.ERROR,
              "Invalid value: "
                  + pool.diskSizeGb()
                  + ": Azure OS disks may be at most "
                  + AgentPoolLimits.MAX_OS_DISK_GB
                  + " GB",
              ""));
    }
    for (int i = 0; i < pool.zones().size(); i++) {
      String zone = pool.zones().get(i);
      if (!ZONES.contains(zone) && !UnsafeText.containsUnsafe(zone)) {
        findings.add(
            new Finding(
                at + "/zones/" + i,
                DiagnosticCode.MP407,
                Severity.ERROR,
                "Unsupported value: \"" + zone + "\": supported values: \"1\", \"2\", \"3\"",
                ""));
      }
    }
    if (pool.fabric() == Fabric.INFINIBAND && pool.zones().size() > 1) {
      findings.add(
          new Finding(
              at + "/zones",
              DiagnosticCode.MP406,
              Severity.WARNING,
              "an InfiniBand pool spread over "
                  + pool.zones().size()
                  + " zones is not one fabric: nodes in different zones cannot reach each other over InfiniBand",
              "keep InfiniBand pools in one zone"));
    }
  }

  private static void checkNames(AksCluster cluster, List<Finding> findings) {
    AzureNames names = cluster.names();
    for (AzureNameRules.Violation violation : AzureNameRules.check(names)) {
      // An annotated name is the user's own: point at its annotation, not at metadata.name.
      // A node resource group derived from an annotated resource group is that annotation's doing.
      Optional<NameAnnotation> annotated =
          violation
              .annotation()
              .filter(annotation -> names.annotated().get(annotation).isPresent());
      Optional<NameAnnotation> owner =
          annotated.or(
              () ->
                  violation
                      .annotation()
                      .filter(annotation -> annotation == NameAnnotation.NODE_RESOURCE_GROUP)
                      .map(annotation -> NameAnnotation.RESOURCE_GROUP)
                      .filter(annotation -> names.annotated().get(annotation).isPresent()));
      String pointer =
          owner
              .map(
                  annotation ->
                      "/metadata/annotations/"
                          + annotation.key().replace("~", "~0").replace("/", "~1"))
              .orElse("/metadata/name");
      String message =
          annotated.isPresent()
              ? violation.message().replaceFirst("^derived ", "annotated ")
              : violation.message();
      findings.add(new Finding(pointer, DiagnosticCode.MP409, Severity.ERROR, message, ""));
    }
    Map<String, NodePool> poolsByName = new HashMap<>();
    cluster.spec().nodePools().forEach(pool -> poolsByName.put(pool.name(), pool));
    Map<String, NodePool> rotationOwners = new HashMap<>();
    for (NodePool pool : cluster.spec().nodePools()) {
      String rotation = names.rotationName(pool.name());
      String at = "/spec/nodePools/" + pool.index() + "/name";
      if (!AzureNameRules.POOL_NAME.matcher(rotation).matches()) {
        findings.add(
            new Finding(
                at,
                DiagnosticCode.MP409,
                Severity.ERROR,
                "derived rotation pool name " + rotation + " breaks AKS's pool naming rules",
                ""));
      }
      NodePool clash = poolsByName.get(rotation);
      if (clash != null && clash != pool) {
        findings.add(
            new Finding(
                at,
                DiagnosticCode.MP410,
                Severity.ERROR,
                "pool "
                    + pool.name()
                    + " is replaced through the temporary pool "
                    + rotation
                    + ", which is the name of spec.nodePools["
                    + clash.index()
                    + "]",
                "rename one of the pools"));
      }
      NodePool sharer = rotationOwners.putIfAbsent(rotation, pool);
      if (sharer != null) {
        findings.add(
            new Finding(
                at,
                DiagnosticCode.MP410,
                Severity.ERROR,
                "pools "
                    + sharer.name()
                    + " and "
                    + pool.name()
                    + " would both use the temporary pool name "
                    + rotation,
                "make the first 9 characters of pool names differ"));
      }
    }
  }

  /** Azure's length and character rules for the derived names. */
  public static final class AzureNameRules {
    static final Pattern RESOURCE_GROUP = Pattern.compile("[-\\w._()]*[-\\w_()]");
    static final Pattern VIRTUAL_NETWORK =
        Pattern.compile("[A-Za-z0-9]([A-Za-z0-9_.-]*[A-Za-z0-9_])?");
    static final Pattern SUBNET = VIRTUAL_NETWORK;
    static final Pattern CLUSTER = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9_-]*[A-Za-z0-9])?");
    static final Pattern DNS_PREFIX = Pattern.compile("[A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?");
    static final Pattern POOL_NAME = Pattern.compile("[a-z][a-z0-9]{0,11}");

    /** One broken rule, worded for the user, and the annotation that can set the name. */
    public record Violation(String message, Optional<NameAnnotation> annotation) {
      public Violation(String message) {
        this(message, Optional.empty());
      }
    }

    private AzureNameRules() {}

    public static List<Violation> check(AzureNames names) {
      List<Violation> violations = new ArrayList<>();
      check(
          NameAnnotation.RESOURCE_GROUP,
          names.resourceGroup(),
          1,
          Naming.RESOURCE_GROUP_MAX,
          RESOURCE_GROUP,
          violations);
      check(
          NameAnnotation.NODE_RESOURCE_GROUP,
          names.nodeResourceGroup(),
          1,
          Naming.NODE_RESOURCE_GROUP_MAX,
          RESOURCE_GROUP,
          violations);
      check(
          NameAnnotation.VNET_NAME,
          names.virtualNetwork(),
          2,
          Naming.VIRTUAL_NETWORK_MAX,
          VIRTUAL_NETWORK,
          violations);
      check(NameAnnotation.SUBNET_NAME, names.subnet(), 1, 80, SUBNET, violations);
      check(
          NameAnnotation.CLUSTER_NAME, names.cluster(), 1, Naming.CLUSTER_MAX, CLUSTER, violations);
      check(
          NameAnnotation.DNS_PREFIX,
          names.dnsPrefix(),
          1,
          Naming.DNS_PREFIX_MAX,
          DNS_PREFIX,
          violations);
      return violations;
    }

    private static void check(
        NameAnnotation annotation,
        String name,
        int min,
        int max,
        Pattern pattern,
        List<Violation> violations) {
      String what = annotation.what();
      if (name.length() < min || name.length() > max) {
        violations.add(
            new Violation(
                "derived "
                    + what
                    + " name "
                    + name
                    + " must be "
                    + min
                    + " to "
                    + max
                    + " characters long",
                Optional.of(annotation)));
      } else if (!pattern.matcher(name).matches()) {
        violations.add(
            new Violation(
                "derived "
                    + what
                    + " name "
                    + name
                    + " has characters Azure does not allow (must match "
                    + pattern
                    + ")",
                Optional.of(annotation)));
      }
    }
  }
}
