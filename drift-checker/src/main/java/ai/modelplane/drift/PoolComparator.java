package ai.modelplane.drift;

import static ai.modelplane.drift.DriftSeverity.HIGH;
import static ai.modelplane.drift.DriftSeverity.LOW;
import static ai.modelplane.drift.DriftSeverity.MEDIUM;
import static ai.modelplane.drift.SdkLists.orEmpty;

import ai.modelplane.generator.plan.Platform;
import ai.modelplane.generator.plan.view.PoolView;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One desired node pool against the live agent pool of the same name: size, mode, version, disk,
 * zones, subnet, autoscaler bounds (the count only outside them), labels, taints and GPU driver.
 */
final class PoolComparator {
  private PoolComparator() {}

  static void compare(
      PoolView pool,
      ManagedClusterAgentPoolProfile live,
      String kubernetesVersion,
      String subnetId,
      List<Finding> findings) {
    String path = pool.path();
    String name = pool.name();
    if (!pool.vmSize().equalsIgnoreCase(Objects.toString(live.vmSize(), ""))) {
      findings.add(
          Finding.changed(
              path + ".vmSize", property(name, "vmSize"), HIGH, pool.vmSize(), live.vmSize()));
    }
    String liveMode = live.mode() == null ? null : live.mode().toString();
    if (!pool.mode().equalsIgnoreCase(Objects.toString(liveMode, ""))) {
      findings.add(
          Finding.changed(path + ".role", property(name, "mode"), HIGH, pool.mode(), liveMode));
    }
    if (live.orchestratorVersion() != null
        && !DriftComparator.versionMatches(kubernetesVersion, live.orchestratorVersion())) {
      findings.add(
          Finding.changed(
              "spec.kubernetesVersion",
              property(name, "orchestratorVersion"),
              MEDIUM,
              kubernetesVersion,
              live.orchestratorVersion()));
    }
    if (!Objects.equals(pool.osDiskSizeGb(), live.osDiskSizeGB())) {
      findings.add(
          Finding.changed(
              path + ".diskSizeGb",
              property(name, "osDiskSizeGB"),
              MEDIUM,
              pool.osDiskSizeGb(),
              live.osDiskSizeGB()));
    }
    TreeSet<String> desiredZones = new TreeSet<>(pool.zones());
    TreeSet<String> liveZones = new TreeSet<>(orEmpty(live.availabilityZones()));
    if (!desiredZones.equals(liveZones)) {
      findings.add(
          Finding.changed(
              path + ".zones",
              property(name, "availabilityZones"),
              MEDIUM,
              list(desiredZones),
              list(liveZones)));
    }
    if (live.vnetSubnetId() != null && !subnetId.equalsIgnoreCase(live.vnetSubnetId())) {
      findings.add(
          Finding.changed(
              "spec.networking",
              property(name, "vnetSubnetID"),
              MEDIUM,
              subnetId,
              live.vnetSubnetId()));
    }
    compareAutoscaling(pool, live, findings);
    compareLabels(pool, live, findings);
    compareTaints(pool, live, findings);
    if (pool.gpuDriver().equals(Platform.GPU_DRIVER_INSTALL)) {
      // No gpuProfile means AKS's default for GPU sizes, which is to install the driver.
      String driver =
          live.gpuProfile() == null || live.gpuProfile().driver() == null
              ? null
              : live.gpuProfile().driver().toString();
      if (driver != null && !driver.equalsIgnoreCase("Install")) {
        findings.add(
            Finding.changed(
                path + ".role", property(name, "gpuProfile.driver"), HIGH, "Install", driver));
      }
    }
  }

  private static void compareAutoscaling(
      PoolView pool, ManagedClusterAgentPoolProfile live, List<Finding> findings) {
    String path = pool.path();
    String name = pool.name();
    if (!Boolean.TRUE.equals(live.enableAutoScaling())) {
      findings.add(
          Finding.changed(
              path,
              property(name, "enableAutoScaling"),
              MEDIUM,
              true,
              Boolean.TRUE.equals(live.enableAutoScaling())));
      return;
    }
    if (!Objects.equals(pool.minCount(), live.minCount())) {
      findings.add(
          Finding.changed(
              path + ".minNodeCount",
              property(name, "minCount"),
              MEDIUM,
              pool.minCount(),
              live.minCount()));
    }
    if (!Objects.equals(pool.maxCount(), live.maxCount())) {
      findings.add(
          Finding.changed(
              path + ".maxNodeCount",
              property(name, "maxCount"),
              MEDIUM,
              pool.maxCount(),
              live.maxCount()));
    }
    // The count belongs to the autoscaler; only a count outside the bounds the YAML sets is worth a
    // note.
    Integer count = live.count();
    String range = pool.minCount() + ".." + pool.maxCount();
    if (count != null && count < pool.minCount()) {
      findings.add(
          Finding.changed(path + ".minNodeCount", property(name, "count"), LOW, range, count));
    } else if (count != null && count > pool.maxCount()) {
      findings.add(
          Finding.changed(path + ".maxNodeCount", property(name, "count"), LOW, range, count));
    }
  }

  private static void compareLabels(
      PoolView pool, ManagedClusterAgentPoolProfile live, List<Finding> findings) {
    Map<String, String> liveLabels =
        new TreeMap<>(live.nodeLabels() == null ? Map.of() : live.nodeLabels());
    for (PoolView.Label label : pool.labels()) {
      String property = property(pool.name(), "nodeLabels[\"" + label.key() + "\"]");
      String liveValue = liveLabels.remove(label.key());
      String path = labelOwner(pool, label.key());
      if (liveValue == null) {
        findings.add(Finding.missing(path, property, MEDIUM, label.value()));
      } else if (!liveValue.equals(label.value())) {
        findings.add(Finding.changed(path, property, MEDIUM, label.value(), liveValue));
      }
    }
    for (Map.Entry<String, String> extra : liveLabels.entrySet()) {
      findings.add(
          Finding.unexpected(
              pool.path(),
              property(pool.name(), "nodeLabels[\"" + extra.getKey() + "\"]"),
              LOW,
              extra.getValue()));
    }
  }

  /** The YAML field a generated label comes from, so the finding points at what the user wrote. */
  private static String labelOwner(PoolView pool, String key) {
    String path = pool.path();
    return switch (key) {
      case Platform.POOL_LABEL -> path + ".name";
      case Platform.GPU_LABEL -> path + ".gpu.acceleratorType";
      case Platform.FABRIC_LABEL -> path + ".fabric";
      default -> path;
    };
  }

  private static void compareTaints(
      PoolView pool, ManagedClusterAgentPoolProfile live, List<Finding> findings) {
    TreeSet<String> liveTaints = new TreeSet<>(orEmpty(live.nodeTaints()));
    String property = property(pool.name(), "nodeTaints");
    for (String taint : new TreeSet<>(pool.taints())) {
      if (!liveTaints.remove(taint)) {
        findings.add(Finding.missing(pool.path() + ".role", property, MEDIUM, taint));
      }
    }
    for (String extra : liveTaints) {
      findings.add(Finding.unexpected(pool.path(), property, MEDIUM, extra));
    }
  }

  /** The ARM property of a pool: {@code agentPoolProfiles[NAME].PROPERTY}. */
  static String property(String pool, String property) {
    return "agentPoolProfiles[" + pool + "]" + (property.isEmpty() ? "" : "." + property);
  }

  private static String list(TreeSet<String> values) {
    return values.isEmpty() ? "[]" : "[" + String.join(", ", values) + "]";
  }
}
