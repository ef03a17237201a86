package ai.modelplane.drift;

import static ai.modelplane.drift.DriftSeverity.HIGH;
import static ai.modelplane.drift.DriftSeverity.LOW;
import static ai.modelplane.drift.DriftSeverity.MEDIUM;

import ai.modelplane.generator.model.Networking;
import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.PoolView;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.property.DriftRule;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.ContainerServiceNetworkProfile;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Compares one cluster's desired state (the view every renderer lays out) with what ARM returned,
 * with judgement: only properties the generated code sets are compared, each field of the property
 * table by its drift rule ({@link PropertyDrift}: a {@code major.minor} version matches any live
 * patch, an autoscaled pool's node count is the autoscaler's business while it stays within
 * min..max). The managed cluster's fields, its fixed network profile and the InfiniBand feature are
 * compared here, the VNet by {@link NetworkComparator}, each pool by {@link PoolComparator}.
 *
 * <p>Deliberately ignored (Azure fills them in or owns them): provisioning and power state, etags,
 * node image and {@code current*Version}, FQDNs, identity profiles, effective outbound IPs, max
 * pods, OS SKU, upgrade settings, add-ons, SKU tier and every other property the YAML does not own.
 */
final class DriftComparator {
  static final String REGISTERED = "Registered";

  private DriftComparator() {}

  static List<Finding> compare(ClusterPlan plan, String subscriptionId, LiveState live) {
    return compare(plan.view(), subscriptionId, live);
  }

  static List<Finding> compare(ClusterView plan, String subscriptionId, LiveState live) {
    ClusterView.Names names = plan.names();
    List<Finding> findings = new ArrayList<>();
    if (!live.resourceGroupExists()) {
      findings.add(
          Finding.missing(
              "spec",
              "resourceGroups/" + names.resourceGroup(),
              HIGH,
              "resource group " + names.resourceGroup()));
      return findings;
    }
    PropertyTable table = PropertyTable.bundled();
    if (plan.network().existingSubnet() == null) {
      NetworkComparator.compare(table, plan, live.network(), findings);
    }
    live.cluster()
        .ifPresentOrElse(
            cluster ->
                compareCluster(table, plan, subscriptionId, cluster, live.maintenance(), findings),
            () ->
                findings.add(
                    Finding.missing(
                        "spec",
                        "managedClusters/" + names.cluster(),
                        HIGH,
                        "managed cluster " + names.cluster())));
    live.infinibandFeature().ifPresent(state -> compareFeature(plan, state, findings));
    return findings;
  }

  private static void compareCluster(
      PropertyTable table,
      ClusterView plan,
      String subscriptionId,
      ManagedClusterInner cluster,
      Optional<Map<String, JsonNode>> liveMaintenance,
      List<Finding> findings) {
    ClusterView.Names names = plan.names();
    JsonNode live = ArmJson.cluster(cluster);
    compareFields(table, plan, ArmDesired.Resource.MANAGED_CLUSTER, live, "", findings);
    compareNetworkProfile(plan.network(), cluster.networkProfile(), findings);
    ExtensionComparator.compare(plan, cluster, findings);
    liveMaintenance.ifPresent(
        configurations -> {
          for (ArmDesired.Resource schedule : ArmDesired.Resource.SCHEDULES) {
            compareSchedule(table, plan, schedule, configurations, findings);
          }
        });

    Map<String, JsonNode> livePools = new TreeMap<>();
    for (JsonNode pool : ArmJson.agentPools(live)) {
      livePools.put(pool.path("name").asText(), pool);
    }
    String subnetId =
        plan.network().existingSubnet() == null
            ? subnetId(subscriptionId, names)
            : plan.network().existingSubnet().id();
    List<PoolView> pools = plan.allPools();
    for (PoolView pool : pools) {
      JsonNode livePool = livePools.remove(pool.name());
      if (livePool == null) {
        findings.add(
            Finding.missing(
                pool.path(),
                PoolComparator.property(pool.name(), ""),
                HIGH,
                "agent pool " + pool.name()));
      } else {
        PoolComparator.compare(table, pool, livePool, plan.kubernetesVersion(), subnetId, findings);
      }
    }
    for (String extra : livePools.keySet()) {
      boolean rotation = pools.stream().anyMatch(p -> p.rotationName().equals(extra));
      findings.add(
          Finding.unexpected(
              "spec.nodePools",
              PoolComparator.property(extra, ""),
              rotation ? LOW : MEDIUM,
              rotation
                  ? "agent pool " + extra + " (temporary pool of an unfinished pool replacement)"
                  : "agent pool " + extra));
    }
  }

  /**
   * Every cluster field of the table held on {@code resource} and compared by drift, by its rule.
   *
   * @param live that resource as JSON
   * @param prefix how the reports name the resource ({@code virtualNetworks/NAME.}); empty for the
   *     managed cluster
   */
  static void compareFields(
      PropertyTable table,
      ClusterView plan,
      ArmDesired.Resource resource,
      JsonNode live,
      String prefix,
      List<Finding> findings) {
    for (Property field : table.cluster()) {
      if (field.drift() == DriftRule.NOT_COMPARED
          || field.drift() == DriftRule.IDENTITY
          || field.drift() == DriftRule.NAMED_CHECK) {
        continue;
      }
      ArmDesired.ClusterValue desired =
          ArmDesired.cluster(field.field())
              .orElseThrow(
                  () -> new IllegalStateException("no desired value for " + field.field()));
      if (desired.resource() == resource) {
        // A name annotation's finding points at metadata.name, the field the names derive from.
        String path = field.field().startsWith("metadata.") ? "metadata.name" : field.field();
        PropertyDrift.compare(
            field,
            new PropertyDrift.Target(
                path, "spec", prefix + ArmJson.property(field.arm()), key -> path),
            desired.value().apply(plan),
            ArmJson.at(live, field.arm()),
            findings);
      }
    }
  }

  /** One maintenance configuration; a missing one (ARM's 404) has no window at all. */
  private static void compareSchedule(
      PropertyTable table,
      ClusterView plan,
      ArmDesired.Resource resource,
      Map<String, JsonNode> configurations,
      List<Finding> findings) {
    String name = resource.configuration();
    compareFields(
        table,
        plan,
        resource,
        configurations.containsKey(name)
            ? ArmJson.maintenanceWindow(configurations.get(name))
            : MissingNode.getInstance(),
        "maintenanceConfigurations/" + name + ".",
        findings);
  }

  private static void compareNetworkProfile(
      ClusterView.Network networking, ContainerServiceNetworkProfile live, List<Finding> findings) {
    ContainerServiceNetworkProfile profile =
        live == null ? new ContainerServiceNetworkProfile() : live;
    compareText(
        findings,
        "networkProfile.networkPlugin",
        Networking.NETWORK_PLUGIN,
        profile.networkPlugin());
    compareText(
        findings,
        "networkProfile.networkPluginMode",
        Networking.NETWORK_PLUGIN_MODE,
        profile.networkPluginMode());
    compareText(findings, "networkProfile.podCidr", networking.podCidr(), profile.podCidr());
    compareText(
        findings, "networkProfile.serviceCidr", networking.serviceCidr(), profile.serviceCidr());
    compareText(
        findings, "networkProfile.dnsServiceIP", networking.dnsServiceIp(), profile.dnsServiceIp());
  }

  private static void compareText(
      List<Finding> findings, String property, String desired, Object live) {
    String liveText = live == null ? null : live.toString();
    if (!desired.equalsIgnoreCase(Objects.toString(liveText, ""))) {
      findings.add(Finding.changed("spec.networking", property, HIGH, desired, liveText));
    }
  }

  private static void compareFeature(ClusterView plan, String state, List<Finding> findings) {
    if (REGISTERED.equalsIgnoreCase(state) || plan.components().infinibandPools().isEmpty()) {
      return;
    }
    PoolView first = plan.components().infinibandPools().get(0);
    findings.add(
        Finding.changed(
            first.path() + ".fabric",
            "features/"
                + Platform.INFINIBAND_FEATURE_NAMESPACE
                + "/"
                + Platform.INFINIBAND_FEATURE
                + ".state",
            HIGH,
            REGISTERED,
            state));
  }

  static String subnetId(String subscriptionId, ClusterView.Names names) {
    return "/subscriptions/"
        + subscriptionId
        + "/resourceGroups/"
        + names.resourceGroup()
        + "/providers/Microsoft.Network/virtualNetworks/"
        + names.virtualNetwork()
        + "/subnets/"
        + names.subnet();
  }
}
