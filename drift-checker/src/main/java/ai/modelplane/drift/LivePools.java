package ai.modelplane.drift;

import static ai.modelplane.drift.SdkLists.orEmpty;
import static ai.modelplane.drift.YamlScalars.scalar;

import ai.modelplane.generator.catalog.VmSize;
import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.plan.Platform;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.AgentPoolMode;
import com.azure.resourcemanager.containerservice.models.AgentPoolUpgradeSettings;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * {@code spec.nodePools} of an imported document: which live pools an AKSCluster can hold, each as
 * YAML, and the warnings for pool settings the generated code sets otherwise.
 *
 * <p>{@code fabric} is decided from evidence, never from the VM size alone: an InfiniBand-capable
 * size in at most one zone is {@code InfiniBand} when the pool carries the node label the generated
 * code puts on InfiniBand pools ({@code modelplane.ai/fabric: infiniband}); a pool with that label
 * set to anything else is {@code None}. Without the label, the subscription's {@code
 * Microsoft.ContainerService/AKSInfinibandSupport} registration decides: {@code Registered} is
 * InfiniBand (with a warning, since the generated code then installs the network operator), {@code
 * NotRegistered} or {@code Unregistered} is None. Any other state, or a registration that could not
 * be read, decides nothing: the pool is imported as None, the safe default (InfiniBand would
 * install the DOCA driver with a forced drain, and fail the plan's feature check where the feature
 * is not registered), with a warning that says how to choose.
 */
final class LivePools {
  private static final Set<String> OWN_LABELS =
      Set.of(Platform.POOL_LABEL, Platform.GPU_LABEL, Platform.FABRIC_LABEL);

  /** Feature states that say the subscription has no InfiniBand support. */
  private static final Set<String> NOT_REGISTERED = Set.of("notregistered", "unregistered");

  private static final String FEATURE =
      Platform.INFINIBAND_FEATURE_NAMESPACE + "/" + Platform.INFINIBAND_FEATURE;

  private final ManagedClusterInner cluster;
  private final VmSizeCatalog catalog;
  private final Consumer<String> warn;
  private final Optional<String> infinibandFeature;

  /**
   * @param infinibandFeature the registration state of {@code AKSInfinibandSupport}; empty when it
   *     was not read (no pool needed it, see {@link #needsFeature}) or could not be read
   */
  LivePools(
      ManagedClusterInner cluster,
      VmSizeCatalog catalog,
      Consumer<String> warn,
      Optional<String> infinibandFeature) {
    this.cluster = cluster;
    this.catalog = catalog;
    this.warn = warn;
    this.infinibandFeature = infinibandFeature;
  }

  /**
   * True when a pool import keeps has an InfiniBand-capable size in at most one zone and no {@code
   * modelplane.ai/fabric} label: only the feature registration can then decide its fabric.
   */
  static boolean needsFeature(ManagedClusterInner cluster, VmSizeCatalog catalog) {
    for (ManagedClusterAgentPoolProfile pool : orEmpty(cluster.agentPoolProfiles())) {
      boolean linux = pool.osType() == null || pool.osType().toString().equalsIgnoreCase("Linux");
      boolean capable =
          linux
              && pool.mode() != AgentPoolMode.SYSTEM
              && catalog.find(pool.vmSize()).map(VmSize::infiniband).orElse(false)
              && orEmpty(pool.availabilityZones()).size() <= 1;
      if (capable
          && (pool.nodeLabels() == null || !pool.nodeLabels().containsKey(Platform.FABRIC_LABEL))) {
        return true;
      }
    }
    return false;
  }

  /**
   * System pools first: the generated code makes the first System pool the cluster's default pool.
   */
  List<ManagedClusterAgentPoolProfile> imported() {
    List<ManagedClusterAgentPoolProfile> system = new ArrayList<>();
    List<ManagedClusterAgentPoolProfile> other = new ArrayList<>();
    for (ManagedClusterAgentPoolProfile pool : orEmpty(cluster.agentPoolProfiles())) {
      String os = pool.osType() == null ? "Linux" : pool.osType().toString();
      if (!os.equalsIgnoreCase("Linux")) {
        warn.accept(
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
        warn.accept(
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

  String yaml(ManagedClusterAgentPoolProfile pool) {
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
      warn.accept(
          "pool "
              + name
              + " has no cluster autoscaler; the generated code turns it on with min = max = "
              + max);
    }
    if (min < 1) {
      warn.accept(
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
    List<String> zones = orEmpty(pool.availabilityZones());
    if (!zones.isEmpty()) {
      yaml.append("      zones: [")
          .append(String.join(", ", zones.stream().map(YamlScalars::scalar).toList()))
          .append("]\n");
    }
    Map<String, String> labels =
        pool.nodeLabels() == null ? Map.of() : new TreeMap<>(pool.nodeLabels());
    if (!system) {
      boolean infiniband = size.map(VmSize::infiniband).orElse(false) && zones.size() <= 1;
      if (size.map(VmSize::infiniband).orElse(false) && !infiniband) {
        warn.accept(
            "pool "
                + name
                + " has an InfiniBand size spread over "
                + zones.size()
                + " zones, which is not one fabric; it is imported as Ethernet");
      }
      if (infiniband && fabricFromEvidence(name, labels.get(Platform.FABRIC_LABEL))) {
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

  /**
   * Warns when the pool upgrades otherwise than the generated code makes it: System pools surge
   * {@link Platform#MAX_SURGE}, GPU pools take one node down at a time and never surge.
   */
  private void upgradeSettings(ManagedClusterAgentPoolProfile pool) {
    AgentPoolUpgradeSettings live = pool.upgradeSettings();
    if (live == null) {
      return;
    }
    boolean system = pool.mode() == AgentPoolMode.SYSTEM;
    String surge = system ? Platform.MAX_SURGE : Platform.GPU_MAX_SURGE;
    if (live.maxSurge() != null && !live.maxSurge().equals(surge)) {
      warn.accept(
          "pool "
              + pool.name()
              + " surges "
              + live.maxSurge()
              + " on upgrade; the generated code sets "
              + surge);
    }
    if (!system
        && live.maxUnavailable() != null
        && !live.maxUnavailable().equals(Platform.GPU_MAX_UNAVAILABLE)) {
      warn.accept(
          "pool "
              + pool.name()
              + " takes "
              + live.maxUnavailable()
              + " nodes down at a time on upgrade; the generated code sets "
              + Platform.GPU_MAX_UNAVAILABLE);
    }
  }

  /**
   * The fabric of an InfiniBand-capable pool in at most one zone: the pool's label first, else the
   * feature registration; true for InfiniBand.
   */
  private boolean fabricFromEvidence(String name, String label) {
    if (label != null) {
      if (label.equals(Platform.FABRIC_INFINIBAND_VALUE)) {
        return true;
      }
      warn.accept(
          "pool "
              + name
              + " has the node label "
              + Platform.FABRIC_LABEL
              + "="
              + label
              + ", not "
              + Platform.FABRIC_INFINIBAND_VALUE
              + "; it is imported as fabric None and the generated code removes the label");
      return false;
    }
    String state = infinibandFeature.filter(s -> !s.isBlank() && !s.equals("null")).orElse("");
    if (state.equalsIgnoreCase("Registered")) {
      warn.accept(
          "pool "
              + name
              + " has an InfiniBand size and no "
              + Platform.FABRIC_LABEL
              + " label; the subscription has "
              + FEATURE
              + " registered, so it is imported as fabric InfiniBand: the generated code installs the"
              + " NVIDIA network operator and its driver on it (set fabric: None if the pool does not"
              + " use InfiniBand)");
      return true;
    }
    if (NOT_REGISTERED.contains(state.toLowerCase(Locale.ROOT))) {
      return false;
    }
    warn.accept(
        "pool "
            + name
            + " has an InfiniBand size, no "
            + Platform.FABRIC_LABEL
            + " label, and the subscription's "
            + FEATURE
            + (state.isEmpty() ? " registration could not be read" : " registration is " + state)
            + "; its fabric cannot be decided, so it is imported as fabric None (set fabric:"
            + " InfiniBand if it uses InfiniBand: the generated code then installs the network"
            + " operator and its driver, draining the pool's nodes)");
    return false;
  }

  private void poolSettings(ManagedClusterAgentPoolProfile pool, Map<String, String> labels) {
    String name = pool.name();
    labels.keySet().stream()
        .filter(key -> !OWN_LABELS.contains(key))
        .forEach(
            key ->
                warn.accept(
                    "pool "
                        + name
                        + " has the node label "
                        + key
                        + ", which the AKSCluster cannot express; the generated code removes it"));
    for (String taint : orEmpty(pool.nodeTaints())) {
      if (!taint.equals(Platform.GPU_TAINT) || pool.mode() == AgentPoolMode.SYSTEM) {
        warn.accept(
            "pool "
                + name
                + " has the taint "
                + taint
                + ", which the AKSCluster cannot express; the generated code removes it");
      }
    }
    if (pool.maxPods() != null && pool.maxPods() != Platform.MAX_PODS_PER_NODE) {
      warn.accept(
          "pool "
              + name
              + " allows "
              + pool.maxPods()
              + " pods per node; the generated code sets "
              + Platform.MAX_PODS_PER_NODE
              + ", which rotates the pool through its temporary pool (every node is replaced)");
    }
    if (pool.osSku() != null && !pool.osSku().toString().equalsIgnoreCase("Ubuntu")) {
      warn.accept(
          "pool "
              + name
              + " runs OS SKU "
              + pool.osSku()
              + "; the generated code does not set one (AKS's default, Ubuntu)");
    }
    if (pool.scaleSetPriority() != null
        && pool.scaleSetPriority().toString().equalsIgnoreCase("Spot")) {
      warn.accept(
          "pool "
              + name
              + " uses Spot VMs, which the AKSCluster cannot express; the generated code would replace it with regular VMs");
    }
    upgradeSettings(pool);
    if (pool.orchestratorVersion() != null
        && cluster.kubernetesVersion() != null
        && !PropertyDrift.versionMatches(
            minor(cluster.kubernetesVersion()), pool.orchestratorVersion())) {
      warn.accept(
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
}
