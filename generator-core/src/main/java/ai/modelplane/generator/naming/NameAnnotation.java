package ai.modelplane.generator.naming;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The {@code metadata.annotations} that record the Azure names of a cluster that already exists and
 * does not follow {@link Naming}'s rules (an adopted cluster). They live outside {@code spec}, so
 * the document stays an upstream AKSCluster; {@link Naming#derive} takes each one instead of the
 * derived name.
 */
public enum NameAnnotation {
  RESOURCE_GROUP("resource-group", "resource group"),
  NODE_RESOURCE_GROUP("node-resource-group", "node resource group"),
  CLUSTER_NAME("cluster-name", "cluster"),
  DNS_PREFIX("dns-prefix", "DNS prefix"),
  VNET_NAME("vnet-name", "virtual network"),
  SUBNET_NAME("subnet-name", "subnet");

  /** Every annotation of ours starts with the API group; any other key under it is a mistake. */
  public static final String PREFIX = "infrastructure.modelplane.ai/";

  private final String key;
  private final String what;

  NameAnnotation(String suffix, String what) {
    this.key = PREFIX + suffix;
    this.what = what;
  }

  /** The full annotation key, such as {@code infrastructure.modelplane.ai/resource-group}. */
  public String key() {
    return key;
  }

  /** What the name names, in the words messages use. */
  public String what() {
    return what;
  }

  public static Optional<NameAnnotation> byKey(String key) {
    return Arrays.stream(values()).filter(a -> a.key.equals(key)).findFirst();
  }

  public static List<String> keys() {
    return Arrays.stream(values()).map(NameAnnotation::key).toList();
  }
}
