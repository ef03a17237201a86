package ai.modelplane.drift;

import static ai.modelplane.drift.ArmJson.at;
import static ai.modelplane.drift.DriftSeverity.HIGH;
import static ai.modelplane.drift.DriftSeverity.MEDIUM;

import ai.modelplane.generator.plan.view.PoolView;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.property.DriftRule;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * One desired node pool against the live agent pool of the same name: every pool field of the
 * property table that drift compares, by its rule ({@link PropertyDrift}), and what no single field
 * owns: the pool's Kubernetes version, its subnet, whether it autoscales at all (the count and
 * bounds are compared only while it does), and the GPU taint and driver its role sets.
 */
final class PoolComparator {
  private PoolComparator() {}

  /**
   * @param live the agent pool as {@link ArmJson#agentPools} shapes it
   */
  static void compare(
      PropertyTable table,
      PoolView pool,
      JsonNode live,
      String kubernetesVersion,
      String subnetId,
      List<Finding> findings) {
    String path = pool.path();
    String name = pool.name();
    boolean autoscales = at(live, "properties.enableAutoScaling").asBoolean(false);
    if (!autoscales) {
      findings.add(Finding.changed(path, property(name, "enableAutoScaling"), MEDIUM, true, false));
    }
    Set<String> compared = new HashSet<>();
    for (Property field : table.pool()) {
      boolean skipped =
          field.drift() == DriftRule.NOT_COMPARED
              || field.drift() == DriftRule.IDENTITY
              || field.drift() == DriftRule.NAMED_CHECK
              || (!autoscales && ArmDesired.autoscalerOwned(field.field()))
              // Fields read from one live property by one rule (labels) compare it once.
              || !compared.add(field.drift() + " " + field.arm());
      if (!skipped) {
        JsonNode desired =
            ArmDesired.pool(field.field())
                .orElseThrow(
                    () -> new IllegalStateException("no desired value for " + field.field()))
                .apply(pool);
        PropertyDrift.Target target =
            new PropertyDrift.Target(
                path + field.field().substring(PropertyTable.POOL_PREFIX.length() - 1),
                path,
                property(name, ArmJson.property(field.arm())),
                key -> labelOwner(pool, key));
        PropertyDrift.compare(field, target, desired, at(live, field.arm()), findings);
      }
    }
    String version = text(at(live, "properties.orchestratorVersion"));
    if (version != null && !PropertyDrift.versionMatches(kubernetesVersion, version)) {
      findings.add(
          Finding.changed(
              "spec.kubernetesVersion",
              property(name, "orchestratorVersion"),
              MEDIUM,
              kubernetesVersion,
              version));
    }
    String subnet = text(at(live, "properties.vnetSubnetID"));
    if (subnet != null && !subnetId.equalsIgnoreCase(subnet)) {
      findings.add(
          Finding.changed(
              "spec.networking", property(name, "vnetSubnetID"), MEDIUM, subnetId, subnet));
      // spec.networking.subnetId is this comparison: every pool on the subnet the YAML names.
    }
    compareTaints(pool, live, findings);
    if (pool.gpuDriver().equals(Platform.GPU_DRIVER_INSTALL)) {
      // No gpuProfile means AKS's default for GPU sizes, which is to install the driver.
      String driver = text(at(live, "properties.gpuProfile.driver"));
      if (driver != null && !driver.equalsIgnoreCase(Platform.GPU_DRIVER_INSTALL)) {
        findings.add(
            Finding.changed(
                path + ".role",
                property(name, "gpuProfile.driver"),
                HIGH,
                Platform.GPU_DRIVER_INSTALL,
                driver));
      }
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

  private static void compareTaints(PoolView pool, JsonNode live, List<Finding> findings) {
    TreeSet<String> liveTaints = new TreeSet<>();
    at(live, "properties.nodeTaints").forEach(taint -> liveTaints.add(taint.asText()));
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

  private static String text(JsonNode value) {
    return value.isMissingNode() ? null : value.asText();
  }
}
