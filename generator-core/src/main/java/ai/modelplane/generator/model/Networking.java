package ai.modelplane.generator.model;

/** {@code spec.networking}: the VNet and its one node subnet. */
public record Networking(String vnetCidr, String subnetCidr) {
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
