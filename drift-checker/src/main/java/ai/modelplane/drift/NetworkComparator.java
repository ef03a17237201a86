package ai.modelplane.drift;

import static ai.modelplane.drift.DriftSeverity.HIGH;

import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.property.PropertyTable;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * The cluster's VNet and node subnet: each found by its name (a missing one is the finding), then
 * the property table's fields held on them ({@code spec.networking}'s address prefixes).
 */
final class NetworkComparator {
  private NetworkComparator() {}

  static void compare(
      PropertyTable table,
      ClusterView plan,
      Optional<VirtualNetworkInner> live,
      List<Finding> findings) {
    ClusterView.Names names = plan.names();
    String vnet = "virtualNetworks/" + names.virtualNetwork();
    if (live.isEmpty()) {
      findings.add(
          Finding.missing(
              "spec.networking", vnet, HIGH, "virtual network " + names.virtualNetwork()));
      return;
    }
    JsonNode network = ArmJson.network(live.get());
    DriftComparator.compareFields(
        table, plan, ArmDesired.Resource.VIRTUAL_NETWORK, network, vnet + ".", findings);
    Optional<JsonNode> subnet = ArmJson.subnet(network, names.subnet());
    String subnetPath = vnet + "/subnets/" + names.subnet();
    if (subnet.isEmpty()) {
      findings.add(
          Finding.missing(
              "spec.networking.subnetCidr", subnetPath, HIGH, "subnet " + names.subnet()));
      return;
    }
    DriftComparator.compareFields(
        table, plan, ArmDesired.Resource.SUBNET, subnet.get(), subnetPath + ".", findings);
  }
}
