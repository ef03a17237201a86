package ai.modelplane.drift;

import static ai.modelplane.drift.DriftSeverity.HIGH;
import static ai.modelplane.drift.SdkLists.orEmpty;

import ai.modelplane.generator.plan.view.ClusterView;
import com.azure.resourcemanager.network.fluent.models.SubnetInner;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import java.util.List;
import java.util.Optional;

/** The cluster's VNet and node subnet against {@code spec.networking}: their address prefixes. */
final class NetworkComparator {
  private NetworkComparator() {}

  static void compare(
      ClusterView plan, Optional<VirtualNetworkInner> live, List<Finding> findings) {
    ClusterView.Names names = plan.names();
    ClusterView.Network networking = plan.network();
    String vnet = "virtualNetworks/" + names.virtualNetwork();
    if (live.isEmpty()) {
      findings.add(
          Finding.missing(
              "spec.networking", vnet, HIGH, "virtual network " + names.virtualNetwork()));
      return;
    }
    VirtualNetworkInner network = live.get();
    List<String> prefixes =
        network.addressSpace() == null || network.addressSpace().addressPrefixes() == null
            ? List.of()
            : network.addressSpace().addressPrefixes();
    if (!prefixes.equals(List.of(networking.vnetCidr()))) {
      findings.add(
          Finding.changed(
              "spec.networking.vnetCidr",
              vnet + ".addressSpace.addressPrefixes",
              HIGH,
              networking.vnetCidr(),
              String.join(", ", prefixes)));
    }
    Optional<SubnetInner> subnet =
        orEmpty(network.subnets()).stream()
            .filter(s -> names.subnet().equalsIgnoreCase(s.name()))
            .findFirst();
    String subnetPath = vnet + "/subnets/" + names.subnet();
    if (subnet.isEmpty()) {
      findings.add(
          Finding.missing(
              "spec.networking.subnetCidr", subnetPath, HIGH, "subnet " + names.subnet()));
      return;
    }
    List<String> subnetPrefixes =
        subnet.get().addressPrefix() != null
            ? List.of(subnet.get().addressPrefix())
            : orEmpty(subnet.get().addressPrefixes());
    if (!subnetPrefixes.equals(List.of(networking.subnetCidr()))) {
      findings.add(
          Finding.changed(
              "spec.networking.subnetCidr",
              subnetPath + ".addressPrefix",
              HIGH,
              networking.subnetCidr(),
              String.join(", ", subnetPrefixes)));
    }
  }
}
