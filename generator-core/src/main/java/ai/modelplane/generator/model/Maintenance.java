package ai.modelplane.generator.model;

import java.util.Objects;
import java.util.Optional;

/**
 * {@code spec.maintenance}: when AKS may upgrade the cluster and its nodes' OS, and how it keeps
 * the nodes' OS current. A window left out is the generator's own (see {@code Platform}'s {@code
 * MAINTENANCE_*}), as for a spec without {@code maintenance}.
 *
 * @param nodeOsUpgradeChannel {@code nodeOsUpgradeChannel}, {@link NodeOsUpgradeChannel#NODE_IMAGE}
 *     when left out (the azurerm and ARM default)
 * @param autoUpgradeWindow {@code autoUpgradeWindow}: AKS's {@code aksManagedAutoUpgradeSchedule}
 * @param nodeOsWindow {@code nodeOsWindow}: AKS's {@code aksManagedNodeOSUpgradeSchedule}
 */
public record Maintenance(
    NodeOsUpgradeChannel nodeOsUpgradeChannel,
    Optional<Window> autoUpgradeWindow,
    Optional<Window> nodeOsWindow) {
  public Maintenance {
    Objects.requireNonNull(nodeOsUpgradeChannel, "nodeOsUpgradeChannel");
    Objects.requireNonNull(autoUpgradeWindow, "autoUpgradeWindow");
    Objects.requireNonNull(nodeOsWindow, "nodeOsWindow");
  }

  /**
   * A weekly maintenance window, as the YAML gives it (the CRD bounds each value).
   *
   * @param dayOfWeek the day it starts, Monday … Sunday
   * @param startTime {@code HH:mm} in {@code utcOffset}
   * @param durationHours its length, 4 to 24 hours
   * @param utcOffset {@code +HH:mm} or {@code -HH:mm}
   */
  public record Window(String dayOfWeek, String startTime, int durationHours, String utcOffset) {
    /** The CRD's default length: the shortest AKS accepts with auto-upgrade. */
    public static final int DEFAULT_DURATION_HOURS = 4;

    /** The CRD's default offset, UTC (also ARM's). */
    public static final String DEFAULT_UTC_OFFSET = "+00:00";

    public Window {
      Objects.requireNonNull(dayOfWeek, "dayOfWeek");
      Objects.requireNonNull(startTime, "startTime");
      Objects.requireNonNull(utcOffset, "utcOffset");
    }
  }

  /** {@code spec.maintenance.nodeOsUpgradeChannel}, spelled as azurerm and ARM spell it. */
  public enum NodeOsUpgradeChannel implements YamlNames.Named {
    /** A new node image every week, applied in the node OS window (AKS's default). */
    NODE_IMAGE("NodeImage"),
    /** AKS-tested security patches, applied in the node OS window. */
    SECURITY_PATCH("SecurityPatch"),
    /** The OS's own unattended upgrades, outside any window; reboots are the user's. */
    UNMANAGED("Unmanaged"),
    /** No OS updates at all. */
    NONE("None");

    private final String yamlName;

    NodeOsUpgradeChannel(String yamlName) {
      this.yamlName = yamlName;
    }

    @Override
    public String yamlName() {
      return yamlName;
    }

    public static NodeOsUpgradeChannel fromYaml(String value) {
      return YamlNames.of(NodeOsUpgradeChannel.class, value, "nodeOsUpgradeChannel");
    }
  }
}
