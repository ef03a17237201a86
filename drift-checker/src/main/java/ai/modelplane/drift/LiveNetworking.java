package ai.modelplane.drift;

import static ai.modelplane.drift.SdkLists.orEmpty;

import ai.modelplane.generator.model.Networking;
import ai.modelplane.generator.platform.Platform;
import com.azure.resourcemanager.containerservice.models.ContainerServiceNetworkProfile;
import com.azure.resourcemanager.network.fluent.models.SubnetInner;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where {@code spec.networking} of an imported document is read: the live VNet and node subnet,
 * when they can hold the AKSCluster's one range each; and the warnings for a network profile the
 * generated code sets otherwise.
 */
final class LiveNetworking {
  private final Optional<VirtualNetworkInner> network;
  private final Consumer<String> warn;

  LiveNetworking(Optional<VirtualNetworkInner> network, Consumer<String> warn) {
    this.network = network;
    this.warn = warn;
  }

  /**
   * The VNet and node subnet the {@code spec.networking} fields are read on (as {@link ArmJson}
   * trees), or empty where the CRD's defaults stay (each case warns).
   */
  record Ranges(JsonNode vnet, JsonNode subnet) {}

  /**
   * @param subnet the pools' subnet, as {@link LiveNames#subnet} finds it
   */
  Optional<Ranges> section(Optional<String[]> subnet) {
    if (subnet.isEmpty()) {
      warn.accept(
          "the pools use no subnet of a VNet of yours (an AKS-managed VNet); the generated code builds its own VNet and subnet"
              + " and moves every pool onto it (azurerm rotates each pool through its temporary pool): check the first plan");
      return Optional.empty();
    }
    if (network.isEmpty()) {
      warn.accept(
          "the VNet "
              + subnet.get()[1]
              + " could not be read; spec.networking keeps the CRD's defaults");
      return Optional.empty();
    }
    VirtualNetworkInner vnet = network.get();
    List<String> prefixes =
        vnet.addressSpace() == null ? List.of() : orEmpty(vnet.addressSpace().addressPrefixes());
    if (prefixes.isEmpty()) {
      warn.accept(
          "the VNet "
              + vnet.name()
              + " has no address space; spec.networking keeps the CRD's defaults");
      return Optional.empty();
    }
    if (prefixes.size() > 1) {
      warn.accept(
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
        orEmpty(vnet.subnets()).stream()
            .filter(s -> subnet.get()[2].equalsIgnoreCase(s.name()))
            .findFirst();
    if (node.isEmpty()) {
      warn.accept(
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
            : orEmpty(node.get().addressPrefixes());
    if (subnetPrefixes.size() != 1) {
      warn.accept(
          "the subnet "
              + node.get().name()
              + " has "
              + subnetPrefixes.size()
              + " address prefixes; the AKSCluster holds exactly one");
      return Optional.empty();
    }
    long otherSubnets = orEmpty(vnet.subnets()).size() - 1L;
    if (otherSubnets > 0) {
      warn.accept(
          "the VNet "
              + vnet.name()
              + " has "
              + otherSubnets
              + " further subnet(s); the generated code manages only the node subnet"
              + " and leaves the others alone (they are not in its state)");
    }
    JsonNode tree = ArmJson.network(vnet);
    return Optional.of(new Ranges(tree, ArmJson.subnet(tree, node.get().name()).orElseThrow()));
  }

  /**
   * The generated code fixes the network profile; any live difference is a change the first apply
   * makes.
   */
  void checkProfile(ContainerServiceNetworkProfile live) {
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

  private void fixed(String property, String desired, Object live) {
    String liveText = live == null ? null : live.toString();
    if (liveText == null || !desired.equalsIgnoreCase(liveText)) {
      warn.accept(
          property
              + " is "
              + (liveText == null ? "unset" : liveText)
              + "; the generated code sets "
              + desired
              + " (the AKSCluster has no field for it)");
    }
  }
}
