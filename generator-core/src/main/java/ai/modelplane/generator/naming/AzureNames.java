package ai.modelplane.generator.naming;

import java.util.Map;

/**
 * Every Azure name the generator derives for one AKSCluster. Renderers and the drift checker read
 * names only from here, so that Terraform, Bicep and drift always agree.
 *
 * @param resourceGroup the dedicated resource group holding the VNet and the cluster
 * @param nodeResourceGroup the resource group AKS creates for the nodes (set explicitly, at most 80
 *     characters)
 * @param virtualNetwork the VNet
 * @param subnet the one node subnet
 * @param cluster the managed cluster
 * @param dnsPrefix the API server DNS prefix
 * @param rotationNames per pool name, the temporary pool name AKS uses while it replaces the pool
 * @param annotated the names taken from {@link NameAnnotation}s rather than derived, so that a
 *     broken one is reported at its annotation
 */
public record AzureNames(
    String resourceGroup,
    String nodeResourceGroup,
    String virtualNetwork,
    String subnet,
    String cluster,
    String dnsPrefix,
    Map<String, String> rotationNames,
    NameOverrides annotated) {
  public AzureNames {
    rotationNames = Map.copyOf(rotationNames);
    java.util.Objects.requireNonNull(annotated, "annotated");
  }

  /** Names that are all derived. */
  public AzureNames(
      String resourceGroup,
      String nodeResourceGroup,
      String virtualNetwork,
      String subnet,
      String cluster,
      String dnsPrefix,
      Map<String, String> rotationNames) {
    this(
        resourceGroup,
        nodeResourceGroup,
        virtualNetwork,
        subnet,
        cluster,
        dnsPrefix,
        rotationNames,
        NameOverrides.NONE);
  }

  public String rotationName(String poolName) {
    String name = rotationNames.get(poolName);
    if (name == null) {
      throw new IllegalArgumentException("no pool named " + poolName);
    }
    return name;
  }
}
