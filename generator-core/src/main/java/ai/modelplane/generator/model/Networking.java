package ai.modelplane.generator.model;

import java.util.Optional;

/**
 * {@code spec.networking}: the VNet and its one node subnet, or an existing subnet.
 *
 * @param vnetCidr the VNet's range (the CRD default when {@code subnetId} is set, unused then)
 * @param subnetCidr the node subnet's range (likewise)
 * @param subnetId {@code spec.networking.subnetId}: an existing subnet for every pool, in place of
 *     a VNet of the cluster's own
 */
public record Networking(String vnetCidr, String subnetCidr, Optional<String> subnetId) {
  public Networking {
    java.util.Objects.requireNonNull(subnetId, "subnetId");
  }

  /** A cluster's own VNet and subnet. */
  public Networking(String vnetCidr, String subnetCidr) {
    this(vnetCidr, subnetCidr, Optional.empty());
  }

  /** The existing subnet {@code subnetId} names, split into its parts. */
  public Optional<ExistingSubnet> existingSubnet() {
    return subnetId.map(ExistingSubnet::parse);
  }

  /**
   * An existing subnet's resource ID and its parts (the CRD's rule admits only the shape {@code
   * /subscriptions/S/resourceGroups/G/providers/Microsoft.Network/virtualNetworks/V/subnets/N}).
   */
  public record ExistingSubnet(
      String id,
      String subscriptionId,
      String resourceGroup,
      String virtualNetwork,
      String subnet) {
    static ExistingSubnet parse(String id) {
      String[] parts = id.split("/", -1);
      if (parts.length != 11) {
        throw new IllegalArgumentException("not a subnet resource ID: " + id);
      }
      return new ExistingSubnet(id, parts[2], parts[4], parts[8], parts[10]);
    }
  }

  /** AKS service range; fixed by the product so that it never collides with the VNet. */
  public static final String SERVICE_CIDR = "10.96.0.0/16";

  /** Cluster DNS service address inside {@link #SERVICE_CIDR}. */
  public static final String DNS_SERVICE_IP = "10.96.0.10";

  /** AKS network plugin: Azure CNI … */
  public static final String NETWORK_PLUGIN = "azure";

  /** … in overlay mode, so pods take addresses from {@link #POD_CIDR}, not from the node subnet. */
  public static final String NETWORK_PLUGIN_MODE = "overlay";

  /** Azure CNI overlay pod range. */
  public static final String POD_CIDR = "10.244.0.0/16";

  public String serviceCidr() {
    return SERVICE_CIDR;
  }

  public String dnsServiceIp() {
    return DNS_SERVICE_IP;
  }

  public String podCidr() {
    return POD_CIDR;
  }
}
