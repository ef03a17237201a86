package ai.modelplane.generator.naming;

import java.util.Map;

/**
 * Every Azure name the generator derives for one AKSCluster. Renderers and the drift checker read
 * names only from here, so that Terraform, Bicep and drift always agree.
 *
 * @param resourceGroup the dedicated resource group holding the VNet and the cluster
 * @param nodeResourceGroup the resource group AKS creates for the nodes (set explicitly, at most 80 characters)
 * @param virtualNetwork the VNet
 * @param subnet the one node subnet
 * @param cluster the managed cluster
 * @param dnsPrefix the API server DNS prefix
 * @param rotationNames per pool name, the temporary pool name AKS uses while it replaces the pool
 */
public record AzureNames(
    String resourceGroup,
    String nodeResourceGroup,
    String virtualNetwork,
    String subnet,
    String cluster,
    String dnsPrefix,
    Map<String, String> rotationNames) {
  public AzureNames {
    rotationNames = Map.copyOf(rotationNames);
  }

  public String rotationName(String poolName) {
    String name = rotationNames.get(poolName);
    if (name == null) {
      throw new IllegalArgumentException("no pool named " + poolName);
    }
    return name;
  }
}
