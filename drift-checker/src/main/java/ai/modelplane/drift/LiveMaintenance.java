package ai.modelplane.drift;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.model.Maintenance;
import ai.modelplane.generator.model.YamlNames;
import ai.modelplane.generator.plan.Views;
import ai.modelplane.generator.plan.view.PlatformView;
import ai.modelplane.generator.platform.Platform;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * {@code spec.maintenance} of an imported document: the node OS upgrade channel other than
 * NodeImage, and {@code autoUpgradeWindow} and {@code nodeOsWindow} from the cluster's AKS-managed
 * maintenance configurations: a weekly window the CRD can hold is written when it differs from the
 * platform's Sunday window the generated code sets for an absent field (value-unless-default); the
 * platform's own window writes nothing. A configuration AKS does not have (a 404), or one whose
 * schedule the CRD cannot hold (daily, monthly, every few weeks, dates or times excluded), writes
 * nothing and is a warning: the generated code then sets the platform's window, and the import
 * review lists that change.
 *
 * <p>The ARM shape read ({@code MaintenanceConfigurationProperties.maintenanceWindow}: {@code
 * schedule.weekly.dayOfWeek/intervalWeeks}, {@code startTime}, {@code durationHours}, {@code
 * utcOffset}, {@code startDate}, {@code notAllowedDates}; the older {@code timeInWeek} and {@code
 * notAllowedTime}) is Azure/bicep-types-az's extract of Microsoft.ContainerService at the pinned
 * API version (docs/facts/landing-zone-and-gpu-economics-sources.md section 14).
 */
final class LiveMaintenance {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /**
   * A window's fields as the bundled CRD bounds them (spec.maintenance.autoUpgradeWindow;
   * nodeOsWindow has the same), read from it rather than restated.
   */
  private static final JsonNode WINDOW =
      CrdSchema.bundled().field("spec.maintenance.autoUpgradeWindow").path("properties");

  private static final Set<String> DAYS = days();
  private static final Pattern START_TIME = pattern("startTime");
  private static final Pattern UTC_OFFSET = pattern("utcOffset");
  private static final int MIN_HOURS = WINDOW.at("/durationHours/minimum").asInt();
  private static final int MAX_HOURS = WINDOW.at("/durationHours/maximum").asInt();

  private final Map<String, JsonNode> configurations;
  private final Consumer<String> warn;

  /**
   * @param configurations the cluster's maintenance configurations by name, whole as ARM returned
   *     them; a name left out is one ARM answered 404 for
   */
  LiveMaintenance(Map<String, JsonNode> configurations, Consumer<String> warn) {
    this.configurations = configurations;
    this.warn = warn;
  }

  /**
   * {@code spec.maintenance.nodeOsUpgradeChannel}: the live channel when the CRD holds it and it is
   * not NodeImage, the CRD's (and AKS's) default; a channel the CRD cannot hold is a warning.
   *
   * @param live {@code properties.autoUpgradeProfile.nodeOSUpgradeChannel}, missing when unset
   */
  Optional<JsonNode> nodeOsUpgradeChannel(JsonNode live) {
    if (!live.isTextual()
        || live.asText().equals(Maintenance.NodeOsUpgradeChannel.NODE_IMAGE.yamlName())) {
      return Optional.empty();
    }
    Optional<Maintenance.NodeOsUpgradeChannel> channel =
        YamlNames.find(Maintenance.NodeOsUpgradeChannel.class, live.asText());
    if (channel.isPresent()) {
      return Optional.of(NODES.textNode(channel.get().yamlName()));
    }
    warn.accept(
        "the node OS upgrade channel is "
            + live.asText()
            + ", which spec.maintenance.nodeOsUpgradeChannel cannot express (NodeImage,"
            + " SecurityPatch, Unmanaged or None); it is left out");
    return Optional.empty();
  }

  /** {@code spec.maintenance.autoUpgradeWindow}: AKS's {@code aksManagedAutoUpgradeSchedule}. */
  Optional<JsonNode> autoUpgradeWindow() {
    return window(
        "autoUpgradeWindow",
        Platform.MAINTENANCE_AUTO_UPGRADE,
        Views.PLATFORM.maintenance().autoUpgrade());
  }

  /** {@code spec.maintenance.nodeOsWindow}: AKS's {@code aksManagedNodeOSUpgradeSchedule}. */
  Optional<JsonNode> nodeOsWindow() {
    return window(
        "nodeOsWindow", Platform.MAINTENANCE_NODE_OS, Views.PLATFORM.maintenance().nodeOs());
  }

  private Optional<JsonNode> window(String field, String name, PlatformView.Window platform) {
    String generated =
        "the generated code sets the platform's window, "
            + describe(
                platform.dayOfWeek(),
                platform.startTime(),
                platform.durationHours(),
                platform.utcOffset());
    JsonNode configuration = configurations.get(name);
    if (configuration == null) {
      warn.accept(
          "AKS has no "
              + name
              + " maintenance configuration (no window), which spec.maintenance."
              + field
              + " cannot express; "
              + generated);
      return Optional.empty();
    }
    JsonNode properties = configuration.path("properties");
    JsonNode live = properties.path("maintenanceWindow");
    List<String> unexpressible = unexpressible(properties, live);
    if (!unexpressible.isEmpty()) {
      warn.accept(
          "the maintenance configuration "
              + name
              + " has "
              + String.join(", ", unexpressible)
              + ", which spec.maintenance."
              + field
              + " cannot express (one weekly window); it is left out, and "
              + generated);
      return Optional.empty();
    }
    String day = live.path("schedule").path("weekly").path("dayOfWeek").asText();
    String start = live.path("startTime").asText();
    int hours = live.path("durationHours").asInt();
    // ARM's default offset is UTC, as the CRD's is.
    String offset = text(live.path("utcOffset")).orElse(Maintenance.Window.DEFAULT_UTC_OFFSET);
    if (day.equals(platform.dayOfWeek())
        && start.equals(platform.startTime())
        && hours == platform.durationHours()
        && offset.equals(platform.utcOffset())) {
      return Optional.empty();
    }
    ObjectNode window = NODES.objectNode().put("dayOfWeek", day).put("startTime", start);
    // The CRD's defaults are left out, as a hand-written document would leave them.
    if (hours != Maintenance.Window.DEFAULT_DURATION_HOURS) {
      window.put("durationHours", hours);
    }
    if (!offset.equals(Maintenance.Window.DEFAULT_UTC_OFFSET)) {
      window.put("utcOffset", offset);
    }
    return Optional.of(window);
  }

  /** What of {@code live} one weekly window of the CRD cannot hold; empty when it holds it all. */
  private static List<String> unexpressible(JsonNode properties, JsonNode live) {
    List<String> found = new ArrayList<>();
    // The older form (the "default" configuration's): excluded or listed times, no window.
    if (nonEmpty(properties.path("timeInWeek"))) {
      found.add("timeInWeek entries");
    }
    if (nonEmpty(properties.path("notAllowedTime"))) {
      found.add("notAllowedTime entries");
    }
    if (!live.isObject()) {
      found.add("no maintenanceWindow");
      return found;
    }
    JsonNode schedule = live.path("schedule");
    for (Iterator<String> kinds = schedule.fieldNames(); kinds.hasNext(); ) {
      String kind = kinds.next();
      if (!kind.equals("weekly") && !schedule.path(kind).isNull()) {
        found.add("the schedule " + kind);
      }
    }
    if (nonEmpty(live.path("notAllowedDates"))) {
      found.add("notAllowedDates entries");
    }
    JsonNode weekly = schedule.path("weekly");
    if (!weekly.isObject()) {
      if (found.isEmpty()) {
        found.add("no weekly schedule");
      }
      return found;
    }
    if (weekly.path("intervalWeeks").asInt(0) != Platform.MAINTENANCE_INTERVAL_WEEKS) {
      found.add("intervalWeeks " + weekly.path("intervalWeeks").asText("(none)"));
    }
    String day = weekly.path("dayOfWeek").asText("");
    if (!DAYS.contains(day)) {
      found.add("dayOfWeek " + (day.isEmpty() ? "(none)" : day));
    }
    String start = live.path("startTime").asText("");
    if (!START_TIME.matcher(start).matches()) {
      found.add("startTime " + (start.isEmpty() ? "(none)" : start));
    }
    JsonNode hours = live.path("durationHours");
    if (!hours.canConvertToInt() || hours.asInt() < MIN_HOURS || hours.asInt() > MAX_HOURS) {
      found.add("durationHours " + (hours.isMissingNode() ? "(none)" : hours.asText()));
    }
    Optional<String> offset = text(live.path("utcOffset"));
    if (offset.isPresent() && !UTC_OFFSET.matcher(offset.get()).matches()) {
      found.add("utcOffset " + offset.get());
    }
    return found;
  }

  private static Set<String> days() {
    Set<String> days = new HashSet<>();
    WINDOW.at("/dayOfWeek/enum").forEach(day -> days.add(day.asText()));
    return Set.copyOf(days);
  }

  private static Pattern pattern(String field) {
    return Pattern.compile(WINDOW.at("/" + field + "/pattern").asText());
  }

  private static boolean nonEmpty(JsonNode node) {
    return node.isArray() && !node.isEmpty();
  }

  private static Optional<String> text(JsonNode node) {
    return node.isTextual() ? Optional.of(node.asText()) : Optional.empty();
  }

  private static String describe(String day, String start, int hours, String offset) {
    return day + " " + start + " " + offset + " for " + hours + " hours";
  }
}
