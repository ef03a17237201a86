package ai.modelplane.drift;

import ai.modelplane.generator.catalog.VmSize;
import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.model.Networking;
import ai.modelplane.generator.naming.AzureNames;
import ai.modelplane.generator.naming.NameAnnotation;
import ai.modelplane.generator.naming.NameOverrides;
import ai.modelplane.generator.naming.Naming;
import ai.modelplane.generator.plan.Platform;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.AgentPoolMode;
import com.azure.resourcemanager.containerservice.models.ContainerServiceNetworkProfile;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAddonProfile;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import com.azure.resourcemanager.containerservice.models.ManagedClusterApiServerAccessProfile;
import com.azure.resourcemanager.network.fluent.models.SubnetInner;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One live managed cluster (and its VNet) as an AKSCluster document: what the CRD can say is
 * mapped, the live names that differ from {@link Naming} become {@link NameAnnotation}s, and
 * everything else the generated code would change or cannot hold is a warning, written as a comment
 * beside the document too.
 *
 * <p>Maps: name, resource group, node resource group, DNS prefix, location, Kubernetes version
 * (major.minor), the VNet's address space and the node subnet (names and prefixes), and per Linux
 * pool its name, mode, VM size, OS disk size, zones, count, autoscaler bounds, GPU accelerator
 * (pool label, else the VM-size catalog) and InfiniBand fabric (an InfiniBand size in at most one
 * zone). Warns where the generated code fixes a value differently or the CRD has no field (see
 * {@link #warnings}). Ignores what Azure fills in or owns, as drift does.
 */
final class LiveClusterDocument {
  /**
   * The editor-schema modeline; the schema's {@code $id}, since an imported file may land in any
   * folder.
   */
  static final String MODELINE =
      "# yaml-language-server: $schema=https://modelplane.ai/schema/akscluster.schema.json";

  /** First line of every file import writes: it marks the files a later import may replace. */
  static final String MARKER = "# Written by modelplane import from the live cluster ";

  private static final Pattern SUBNET_ID =
      Pattern.compile(
          "(?i)/subscriptions/[^/]+/resourceGroups/([^/]+)/providers/Microsoft\\.Network/virtualNetworks/([^/]+)/subnets/([^/]+)");
  private static final Pattern RESOURCE_GROUP_IN_ID =
      Pattern.compile("(?i)/resourceGroups/([^/]+)/");
  private static final Pattern DNS1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_./-]*");
  private static final Pattern CIDR_LIKE = Pattern.compile("[0-9][0-9./]*");
  private static final Set<String> YAML_WORDS =
      Set.of("true", "false", "yes", "no", "on", "off", "null", "y", "n", "~");
  private static final Set<String> OWN_LABELS =
      Set.of(Platform.POOL_LABEL, Platform.GPU_LABEL, Platform.FABRIC_LABEL);
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * @param metadataName {@code metadata.name}
   * @param text the whole file
   * @param warnings what the document cannot express, or the generated code sets differently
   */
  record Result(String metadataName, String text, List<String> warnings) {}

  private final ManagedClusterInner cluster;
  private final Optional<VirtualNetworkInner> network;
  private final VmSizeCatalog catalog;
  private final List<String> warnings = new ArrayList<>();

  private LiveClusterDocument(
      ManagedClusterInner cluster, Optional<VirtualNetworkInner> network, VmSizeCatalog catalog) {
    this.cluster = cluster;
    this.network = network;
    this.catalog = catalog;
  }

  /** The subnet the cluster's pools use, from the first pool that names one. */
  static Optional<String[]> subnet(ManagedClusterInner cluster) {
    for (ManagedClusterAgentPoolProfile pool : nullToEmpty(cluster.agentPoolProfiles())) {
      if (pool.vnetSubnetId() != null) {
        Matcher m = SUBNET_ID.matcher(pool.vnetSubnetId());
        if (m.matches()) {
          return Optional.of(new String[] {m.group(1), m.group(2), m.group(3)});
        }
      }
    }
    return Optional.empty();
  }

  static String resourceGroup(ManagedClusterInner cluster) {
    Matcher m = RESOURCE_GROUP_IN_ID.matcher(Objects.toString(cluster.id(), ""));
    if (!m.find()) {
      throw new IllegalArgumentException(
          "managed cluster id without a resource group: " + cluster.id());
    }
    return m.group(1);
  }

  /**
   * {@code metadata.name} for a live name: the name itself when it is a DNS-1123 label, else a
   * cleaned-up form.
   */
  static String metadataName(String liveName) {
    String lower = liveName.toLowerCase(Locale.ROOT);
    if (DNS1123_LABEL.matcher(lower).matches() && lower.length() <= Naming.CLUSTER_MAX) {
      return lower;
    }
    String cleaned = lower.replaceAll("[^a-z0-9-]", "-").replaceAll("^-+|-+$", "");
    return cleaned.isEmpty() ? "cluster" : cleaned;
  }

  static Result of(
      ManagedClusterInner cluster,
      Optional<VirtualNetworkInner> network,
      String namespace,
      String metadataName,
      VmSizeCatalog catalog) {
    return new LiveClusterDocument(cluster, network, catalog).render(namespace, metadataName);
  }

  private Result render(String namespace, String metadataName) {
    String resourceGroup = resourceGroup(cluster);
    Optional<String[]> subnet = subnet(cluster);
    List<ManagedClusterAgentPoolProfile> pools = pools();
    Map<NameAnnotation, String> live = new EnumMap<>(NameAnnotation.class);
    live.put(NameAnnotation.RESOURCE_GROUP, resourceGroup);
    live.put(NameAnnotation.CLUSTER_NAME, cluster.name());
    if (cluster.nodeResourceGroup() != null) {
      live.put(NameAnnotation.NODE_RESOURCE_GROUP, cluster.nodeResourceGroup());
    }
    if (cluster.dnsPrefix() != null) {
      live.put(NameAnnotation.DNS_PREFIX, cluster.dnsPrefix());
    } else {
      warn(
          "the cluster has no DNS prefix (fqdnSubdomain "
              + cluster.fqdnSubdomain()
              + "); the generated code sets one, which replaces the cluster");
    }
    subnet.ifPresent(
        ids -> {
          if (!ids[0].equalsIgnoreCase(resourceGroup)) {
            warn(
                "the VNet "
                    + ids[1]
                    + " is in resource group "
                    + ids[0]
                    + ", not the cluster's "
                    + resourceGroup
                    + "; the generated code keeps the VNet in the cluster's resource group, so it would build a new one and move every pool onto it");
          }
          live.put(NameAnnotation.VNET_NAME, ids[1]);
          live.put(NameAnnotation.SUBNET_NAME, ids[2]);
        });
    // Only names that differ from what Naming derives are written down.
    AzureNames derived = Naming.derive(namespace, metadataName, List.of(), NameOverrides.NONE);
    Map<NameAnnotation, String> annotations = new EnumMap<>(NameAnnotation.class);
    live.forEach(
        (annotation, value) -> {
          if (!value.equals(derivedName(annotation, derived, live, namespace, metadataName))) {
            annotations.put(annotation, value);
          }
        });

    StringBuilder doc = new StringBuilder();
    doc.append("apiVersion: infrastructure.modelplane.ai/v1alpha1\n");
    doc.append("kind: AKSCluster\n");
    doc.append("metadata:\n");
    doc.append("  name: ").append(scalar(metadataName)).append('\n');
    doc.append("  namespace: ").append(scalar(namespace)).append('\n');
    if (!annotations.isEmpty()) {
      doc.append(
          "  # The live names, which differ from the ones Modelplane derives (see Naming in docs/adoption.md).\n");
      doc.append("  annotations:\n");
      annotations.forEach(
          (annotation, value) ->
              doc.append("    ")
                  .append(annotation.key())
                  .append(": ")
                  .append(scalar(value))
                  .append('\n'));
    }
    doc.append("spec:\n");
    doc.append("  location: ").append(scalar(cluster.location())).append('\n');
    doc.append("  kubernetesVersion: ").append(scalar(kubernetesVersion())).append('\n');
    if (isPrivate()) {
      doc.append("  endpointAccess: Private\n");
    }
    networking(subnet).ifPresent(doc::append);
    networkProfile(cluster.networkProfile());
    clusterSettings();
    doc.append("  nodePools:\n");
    for (ManagedClusterAgentPoolProfile pool : pools) {
      doc.append(pool(pool));
    }

    StringBuilder file = new StringBuilder();
    file.append(MARKER).append(comment(Objects.toString(cluster.id(), ""))).append('\n');
    file.append(MODELINE).append('\n');
    if (!warnings.isEmpty()) {
      file.append(
          "# What this AKSCluster cannot express, or the generated code sets differently (import warnings):\n");
      warnings.forEach(w -> file.append("#   - ").append(comment(w)).append('\n'));
    }
    file.append(doc);
    return new Result(metadataName, file.toString(), List.copyOf(warnings));
  }

  private static String derivedName(
      NameAnnotation annotation,
      AzureNames derived,
      Map<NameAnnotation, String> live,
      String namespace,
      String metadataName) {
    return switch (annotation) {
      case RESOURCE_GROUP -> derived.resourceGroup();
      // Naming derives the node resource group from the resource group that applies, the live one
      // included.
      case NODE_RESOURCE_GROUP ->
          Naming.derive(
                  namespace,
                  metadataName,
                  List.of(),
                  new NameOverrides(
                      Map.of(
                          NameAnnotation.RESOURCE_GROUP, live.get(NameAnnotation.RESOURCE_GROUP))))
              .nodeResourceGroup();
      case CLUSTER_NAME -> derived.cluster();
      case DNS_PREFIX -> derived.dnsPrefix();
      case VNET_NAME -> derived.virtualNetwork();
      case SUBNET_NAME -> derived.subnet();
    };
  }

  /**
   * System pools first: the generated code makes the first System pool the cluster's default pool.
   */
  private List<ManagedClusterAgentPoolProfile> pools() {
    List<ManagedClusterAgentPoolProfile> system = new ArrayList<>();
    List<ManagedClusterAgentPoolProfile> other = new ArrayList<>();
    for (ManagedClusterAgentPoolProfile pool : nullToEmpty(cluster.agentPoolProfiles())) {
      String os = pool.osType() == null ? "Linux" : pool.osType().toString();
      if (!os.equalsIgnoreCase("Linux")) {
        warn(
            "pool "
                + pool.name()
                + " runs "
                + os
                + ", which the AKSCluster cannot express; it is left out and drift reports it");
      } else if (pool.mode() == AgentPoolMode.SYSTEM) {
        system.add(pool);
      } else if (catalog.find(pool.vmSize()).map(VmSize::hasGpu).orElse(false)) {
        other.add(pool);
      } else {
        warn(
            "pool "
                + pool.name()
                + " is a User pool without GPUs ("
                + pool.vmSize()
                + "); AKSCluster pools are System or GPU, so it is left out and drift reports it");
      }
    }
    system.addAll(other);
    return system;
  }

  /** major.minor: the generated code lets AKS apply patches (automatic upgrade channel patch). */
  private String kubernetesVersion() {
    String version = Objects.toString(cluster.kubernetesVersion(), "");
    String[] parts = version.split("\\.");
    if (parts.length >= 3) {
      warn(
          "the cluster is pinned to Kubernetes "
              + version
              + "; the document asks for "
              + parts[0]
              + "."
              + parts[1]
              + " and the generated code's automatic upgrade channel "
              + Platform.UPGRADE_CHANNEL
              + " keeps it on the newest patch");
      return parts[0] + "." + parts[1];
    }
    return version;
  }

  private Optional<String> networking(Optional<String[]> subnet) {
    if (subnet.isEmpty()) {
      warn(
          "the pools use no subnet of a VNet of yours (an AKS-managed VNet); the generated code builds its own VNet and subnet"
              + " and moves every pool onto it (azurerm rotates each pool through its temporary pool): check the first plan");
      return Optional.empty();
    }
    if (network.isEmpty()) {
      warn(
          "the VNet "
              + subnet.get()[1]
              + " could not be read; spec.networking keeps the CRD's defaults");
      return Optional.empty();
    }
    VirtualNetworkInner vnet = network.get();
    List<String> prefixes =
        vnet.addressSpace() == null
            ? List.of()
            : nullToEmpty(vnet.addressSpace().addressPrefixes());
    if (prefixes.isEmpty()) {
      warn(
          "the VNet "
              + vnet.name()
              + " has no address space; spec.networking keeps the CRD's defaults");
      return Optional.empty();
    }
    if (prefixes.size() > 1) {
      warn(
          "the VNet "
              + vnet.name()
              + " has "
              + prefixes.size()
              + " address prefixes "
              + prefixes
              + "; the AKSCluster holds one ("
              + prefixes.get(0)
              + "), so the generated code would remove the others");
    }
    Optional<SubnetInner> node =
        nullToEmpty(vnet.subnets()).stream()
            .filter(s -> subnet.get()[2].equalsIgnoreCase(s.name()))
            .findFirst();
    if (node.isEmpty()) {
      warn(
          "the subnet "
              + subnet.get()[2]
              + " is not in the VNet "
              + vnet.name()
              + "; spec.networking keeps the CRD's defaults");
      return Optional.empty();
    }
    List<String> subnetPrefixes =
        node.get().addressPrefix() != null
            ? List.of(node.get().addressPrefix())
            : nullToEmpty(node.get().addressPrefixes());
    if (subnetPrefixes.size() != 1) {
      warn(
          "the subnet "
              + node.get().name()
              + " has "
              + subnetPrefixes.size()
              + " address prefixes; the AKSCluster holds exactly one");
      return Optional.empty();
    }
    long otherSubnets = nullToEmpty(vnet.subnets()).size() - 1L;
    if (otherSubnets > 0) {
      warn(
          "the VNet "
              + vnet.name()
              + " has "
              + otherSubnets
              + " further subnet(s); the generated code manages only the node subnet"
              + " and leaves the others alone (they are not in its state)");
    }
    return Optional.of(
        "  networking:\n"
            + "    vnetCidr: "
            + scalar(prefixes.get(0))
            + "\n"
            + "    subnetCidr: "
            + scalar(subnetPrefixes.get(0))
            + "\n");
  }

  /**
   * The generated code fixes the network profile; any live difference is a change the first apply
   * makes.
   */
  private void networkProfile(ContainerServiceNetworkProfile live) {
    ContainerServiceNetworkProfile profile =
        live == null ? new ContainerServiceNetworkProfile() : live;
    fixed("networkProfile.networkPlugin", Networking.NETWORK_PLUGIN, profile.networkPlugin());
    fixed(
        "networkProfile.networkPluginMode",
        Networking.NETWORK_PLUGIN_MODE,
        profile.networkPluginMode());
    fixed("networkProfile.networkPolicy", Platform.NETWORK_POLICY, profile.networkPolicy());
    fixed(
        "networkProfile.networkDataplane", Platform.NETWORK_DATA_PLANE, profile.networkDataplane());
    fixed("networkProfile.podCidr", Networking.POD_CIDR, profile.podCidr());
    fixed("networkProfile.serviceCidr", Networking.SERVICE_CIDR, profile.serviceCidr());
    fixed("networkProfile.dnsServiceIP", Networking.DNS_SERVICE_IP, profile.dnsServiceIp());
    fixed("networkProfile.outboundType", "loadBalancer", profile.outboundType());
    fixed("networkProfile.loadBalancerSku", "standard", profile.loadBalancerSku());
  }

  private boolean isPrivate() {
    return cluster.apiServerAccessProfile() != null
        && Boolean.TRUE.equals(cluster.apiServerAccessProfile().enablePrivateCluster());
  }

  /** Cluster settings the CRD has no field for. */
  private void clusterSettings() {
    if (cluster.aadProfile() != null) {
      warn(
          "Entra ID integration (aadProfile) is set; the AKSCluster cannot express it and the generated code does not set it");
    }
    ManagedClusterApiServerAccessProfile access = cluster.apiServerAccessProfile();
    if (access != null && !nullToEmpty(access.authorizedIpRanges()).isEmpty()) {
      warn(
          "the API server is limited to authorized IP ranges (apiServerAccessProfile.authorizedIpRanges); the AKSCluster cannot express it");
    }
    if (isPrivate()) {
      // The generated private cluster sets privateDNSZone "none" (ForceNew in azurerm) and a public
      // FQDN (docs/private-clusters.md): any other live value is a change, the zone a new cluster.
      if (!"none".equalsIgnoreCase(Objects.toString(access.privateDnsZone(), ""))) {
        warn(
            "the private API server's DNS zone is "
                + Objects.toString(access.privateDnsZone(), "the AKS default (system)")
                + "; the generated code sets None, which Terraform applies by replacing the cluster");
      }
      if (!Boolean.TRUE.equals(access.enablePrivateClusterPublicFqdn())) {
        warn(
            "the private API server has no public FQDN; the generated code enables it (private_cluster_public_fqdn_enabled = true)");
      }
      if (Boolean.TRUE.equals(access.enableVnetIntegration())) {
        warn(
            "API Server VNet integration is enabled; the AKSCluster cannot express it and the generated code does not set it");
      }
    }
    if (Boolean.TRUE.equals(cluster.disableLocalAccounts())) {
      warn(
          "local accounts are disabled; the generated code enables them (local_account_disabled = false)");
    }
    if (Boolean.FALSE.equals(cluster.enableRbac())) {
      warn("Kubernetes RBAC is off; the generated code turns it on, which replaces the cluster");
    }
    Map<String, ManagedClusterAddonProfile> addons =
        cluster.addonProfiles() == null ? Map.of() : new TreeMap<>(cluster.addonProfiles());
    addons.forEach(
        (name, addon) -> {
          if (addon != null && addon.enabled()) {
            warn(
                "add-on "
                    + name
                    + " is enabled; the AKSCluster cannot express add-ons and the generated code does not set it");
          }
        });
    if (cluster.identity() != null
        && cluster.identity().type() != null
        && !cluster.identity().type().toString().equalsIgnoreCase("SystemAssigned")) {
      warn(
          "the cluster identity is "
              + cluster.identity().type()
              + "; the generated code uses SystemAssigned");
    }
    if (cluster.autoUpgradeProfile() != null
        && cluster.autoUpgradeProfile().upgradeChannel() != null
        && !cluster
            .autoUpgradeProfile()
            .upgradeChannel()
            .toString()
            .equalsIgnoreCase(Platform.UPGRADE_CHANNEL)) {
      warn(
          "automatic upgrade channel is "
              + cluster.autoUpgradeProfile().upgradeChannel()
              + "; the generated code sets "
              + Platform.UPGRADE_CHANNEL);
    }
    if (cluster.oidcIssuerProfile() == null
        || !Boolean.TRUE.equals(cluster.oidcIssuerProfile().enabled())) {
      warn(
          "the OIDC issuer is off; the generated code turns it on (AKS does not allow turning it off again)");
    }
    if (cluster.sku() != null
        && cluster.sku().tier() != null
        && !cluster.sku().tier().toString().equalsIgnoreCase("Free")) {
      warn(
          "SKU tier "
              + cluster.sku().tier()
              + "; the generated code does not set one, so azurerm plans the Free tier");
    }
    if (cluster.tags() != null && !cluster.tags().isEmpty()) {
      warn(
          "the cluster has "
              + cluster.tags().size()
              + " tag(s); the AKSCluster cannot express tags and the generated code removes them");
    }
  }

  private String pool(ManagedClusterAgentPoolProfile pool) {
    String name = pool.name();
    boolean system = pool.mode() == AgentPoolMode.SYSTEM;
    Optional<VmSize> size = catalog.find(pool.vmSize());
    StringBuilder yaml = new StringBuilder();
    yaml.append("    - name: ").append(scalar(name)).append('\n');
    yaml.append("      role: ").append(system ? "System" : "GPU").append('\n');
    yaml.append("      vmSize: ").append(scalar(pool.vmSize())).append('\n');
    if (pool.osDiskSizeGB() != null) {
      yaml.append("      diskSizeGb: ").append(pool.osDiskSizeGB()).append('\n');
    }
    int count = pool.count() == null ? 1 : pool.count();
    int min;
    int max;
    if (Boolean.TRUE.equals(pool.enableAutoScaling())
        && pool.minCount() != null
        && pool.maxCount() != null) {
      min = pool.minCount();
      max = pool.maxCount();
    } else {
      min = Math.max(1, count);
      max = Math.max(1, count);
      warn(
          "pool "
              + name
              + " has no cluster autoscaler; the generated code turns it on with min = max = "
              + max);
    }
    if (min < 1) {
      warn(
          "pool "
              + name
              + " may scale to zero (minCount "
              + min
              + "); the AKSCluster's pools keep at least one node, so it is 1");
      min = 1;
    }
    count = Math.min(Math.max(count, min), max);
    yaml.append("      nodeCount: ").append(count).append('\n');
    yaml.append("      minNodeCount: ").append(min).append('\n');
    yaml.append("      maxNodeCount: ").append(max).append('\n');
    List<String> zones = nullToEmpty(pool.availabilityZones());
    if (!zones.isEmpty()) {
      yaml.append("      zones: [")
          .append(String.join(", ", zones.stream().map(LiveClusterDocument::scalar).toList()))
          .append("]\n");
    }
    Map<String, String> labels =
        pool.nodeLabels() == null ? Map.of() : new TreeMap<>(pool.nodeLabels());
    if (!system) {
      boolean infiniband = size.map(VmSize::infiniband).orElse(false) && zones.size() <= 1;
      if (size.map(VmSize::infiniband).orElse(false) && !infiniband) {
        warn(
            "pool "
                + name
                + " has an InfiniBand size spread over "
                + zones.size()
                + " zones, which is not one fabric; it is imported as Ethernet");
      }
      if (infiniband) {
        yaml.append("      fabric: InfiniBand\n");
      }
      String accelerator =
          Optional.ofNullable(labels.get(Platform.GPU_LABEL))
              .orElseGet(
                  () -> size.map(vm -> vm.gpuVendor() + "-" + vm.gpuModel()).orElse("unknown"));
      yaml.append("      gpu:\n");
      yaml.append("        acceleratorType: ").append(scalar(accelerator)).append('\n');
    }
    poolSettings(pool, labels);
    return yaml.toString();
  }

  private void poolSettings(ManagedClusterAgentPoolProfile pool, Map<String, String> labels) {
    String name = pool.name();
    labels.keySet().stream()
        .filter(key -> !OWN_LABELS.contains(key))
        .forEach(
            key ->
                warn(
                    "pool "
                        + name
                        + " has the node label "
                        + key
                        + ", which the AKSCluster cannot express; the generated code removes it"));
    for (String taint : nullToEmpty(pool.nodeTaints())) {
      if (!taint.equals(Platform.GPU_TAINT) || pool.mode() == AgentPoolMode.SYSTEM) {
        warn(
            "pool "
                + name
                + " has the taint "
                + taint
                + ", which the AKSCluster cannot express; the generated code removes it");
      }
    }
    if (pool.maxPods() != null && pool.maxPods() != Platform.MAX_PODS_PER_NODE) {
      warn(
          "pool "
              + name
              + " allows "
              + pool.maxPods()
              + " pods per node; the generated code sets "
              + Platform.MAX_PODS_PER_NODE
              + ", which rotates the pool through its temporary pool (every node is replaced)");
    }
    if (pool.osSku() != null && !pool.osSku().toString().equalsIgnoreCase("Ubuntu")) {
      warn(
          "pool "
              + name
              + " runs OS SKU "
              + pool.osSku()
              + "; the generated code does not set one (AKS's default, Ubuntu)");
    }
    if (pool.scaleSetPriority() != null
        && pool.scaleSetPriority().toString().equalsIgnoreCase("Spot")) {
      warn(
          "pool "
              + name
              + " uses Spot VMs, which the AKSCluster cannot express; the generated code would replace it with regular VMs");
    }
    if (pool.upgradeSettings() != null
        && pool.upgradeSettings().maxSurge() != null
        && !pool.upgradeSettings().maxSurge().equals(Platform.MAX_SURGE)) {
      warn(
          "pool "
              + name
              + " surges "
              + pool.upgradeSettings().maxSurge()
              + " on upgrade; the generated code sets "
              + Platform.MAX_SURGE);
    }
    if (pool.orchestratorVersion() != null
        && cluster.kubernetesVersion() != null
        && !DriftComparator.versionMatches(
            minor(cluster.kubernetesVersion()), pool.orchestratorVersion())) {
      warn(
          "pool "
              + name
              + " runs Kubernetes "
              + pool.orchestratorVersion()
              + ", not the control plane's "
              + cluster.kubernetesVersion()
              + "; the generated code upgrades it");
    }
  }

  private static String minor(String version) {
    String[] parts = version.split("\\.");
    return parts.length >= 2 ? parts[0] + "." + parts[1] : version;
  }

  private void fixed(String property, String desired, Object live) {
    String liveText = live == null ? null : live.toString();
    if (liveText == null || !desired.equalsIgnoreCase(liveText)) {
      warn(
          property
              + " is "
              + (liveText == null ? "unset" : liveText)
              + "; the generated code sets "
              + desired
              + " (the AKSCluster has no field for it)");
    }
  }

  private void warn(String warning) {
    warnings.add(warning);
  }

  /**
   * A YAML scalar: plain when that cannot be misread (as a number, boolean or null), else
   * double-quoted.
   */
  static String scalar(String value) {
    // Starting with a digit, only a CIDR-like value with a slash cannot be read as a number or a
    // date.
    boolean numberLike =
        !value.isEmpty() && Character.isDigit(value.charAt(0)) && value.indexOf('/') < 0;
    if ((PLAIN.matcher(value).matches() || CIDR_LIKE.matcher(value).matches())
        && !numberLike
        && !YAML_WORDS.contains(value.toLowerCase(Locale.ROOT))) {
      return value;
    }
    try {
      // A JSON string is a YAML double-quoted scalar: every escape JSON uses, YAML reads alike.
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a string always serialises", e);
    }
  }

  /** Live text inside a comment: one line, no control characters. */
  private static String comment(String text) {
    return text.replaceAll("[\\p{Cc}\\p{Cf}\\u2028\\u2029]", " ");
  }

  private static <T> List<T> nullToEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }
}
