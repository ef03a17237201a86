package ai.modelplane.drift;

import static ai.modelplane.drift.SdkLists.orEmpty;

import ai.modelplane.generator.platform.Platform;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.AgentPoolMode;
import com.azure.resourcemanager.containerservice.models.AgentPoolUpgradeSettings;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The warnings of an imported pool for settings the AKSCluster has no field for (labels and taints
 * it does not generate, max pods, Spot System pools) or the generated code sets otherwise (upgrade
 * surge, Spot eviction policy, Kubernetes version). An OS SKU osSku cannot hold is warned about
 * where it is imported ({@link LivePools}).
 */
final class LivePoolSettings {
  private static final Set<String> OWN_LABELS =
      Set.of(Platform.POOL_LABEL, Platform.GPU_LABEL, Platform.FABRIC_LABEL);

  private final ManagedClusterInner cluster;
  private final Consumer<String> warn;

  LivePoolSettings(ManagedClusterInner cluster, Consumer<String> warn) {
    this.cluster = cluster;
    this.warn = warn;
  }

  /**
   * Warns about each setting of {@code pool} the document cannot hold or the code sets otherwise.
   */
  void check(ManagedClusterAgentPoolProfile pool, Map<String, String> labels) {
    String name = pool.name();
    // A Spot GPU pool is imported as priority Spot, whose label and taint the generated code sets.
    boolean spotGpu = LivePools.spot(pool) && pool.mode() != AgentPoolMode.SYSTEM;
    labels.keySet().stream()
        .filter(key -> !OWN_LABELS.contains(key))
        .filter(key -> !(spotGpu && key.equals(Platform.SPOT_LABEL)))
        .forEach(
            key ->
                warn.accept(
                    "pool "
                        + name
                        + " has the node label "
                        + key
                        + ", which the AKSCluster cannot express; the generated code removes it"));
    for (String taint : orEmpty(pool.nodeTaints())) {
      boolean own =
          (taint.equals(Platform.GPU_TAINT) || (spotGpu && taint.equals(Platform.SPOT_TAINT)))
              && pool.mode() != AgentPoolMode.SYSTEM;
      if (!own) {
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
    if (LivePools.spot(pool) && pool.mode() == AgentPoolMode.SYSTEM) {
      warn.accept(
          "pool "
              + name
              + " is a System pool on Spot VMs, which the AKSCluster cannot express (priority Spot is"
              + " for GPU pools); the generated code would replace it with regular VMs");
    }
    if (spotGpu
        && pool.scaleSetEvictionPolicy() != null
        && !pool.scaleSetEvictionPolicy().toString().equals(Platform.SPOT_EVICTION_POLICY)) {
      warn.accept(
          "pool "
              + name
              + " evicts Spot nodes with "
              + pool.scaleSetEvictionPolicy()
              + "; the generated code sets "
              + Platform.SPOT_EVICTION_POLICY
              + ", which replaces the pool");
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

  /**
   * Warns about live upgrade settings import cannot write ({@link LivePools} writes the others as
   * {@code upgrade}): max unavailable on a System pool (AKS refuses it there), both max surge and
   * max unavailable set (the CRD holds one), and values outside the CRD's pattern.
   */
  private void upgradeSettings(ManagedClusterAgentPoolProfile pool) {
    AgentPoolUpgradeSettings live = pool.upgradeSettings();
    if (live == null) {
      return;
    }
    boolean system = pool.mode() == AgentPoolMode.SYSTEM;
    String surge = live.maxSurge();
    String unavailable = live.maxUnavailable();
    boolean surgeSet = surge != null && !surge.isEmpty() && !surge.equals("0");
    boolean unavailableSet =
        unavailable != null && !unavailable.isEmpty() && !unavailable.equals("0");
    if (system && unavailableSet) {
      warn.accept(
          "pool "
              + pool.name()
              + " takes "
              + unavailable
              + " nodes down at a time on upgrade, which upgrade.maxUnavailable cannot hold on a"
              + " System pool; the generated code surges instead");
    } else if (surgeSet && unavailableSet) {
      warn.accept(
          "pool "
              + pool.name()
              + " sets both max surge "
              + surge
              + " and max unavailable "
              + unavailable
              + "; upgrade holds one, max unavailable is written");
    }
    for (String value :
        new String[] {surgeSet ? surge : null, unavailableSet ? unavailable : null}) {
      if (value != null && LivePools.nonZero(value) == null) {
        warn.accept(
            "pool "
                + pool.name()
                + " upgrade setting "
                + value
                + " is not a count 1-1000 or a percentage 1%-100%; it is left out");
      }
    }
  }

  private static String minor(String version) {
    String[] parts = version.split("\\.");
    return parts.length >= 2 ? parts[0] + "." + parts[1] : version;
  }
}
