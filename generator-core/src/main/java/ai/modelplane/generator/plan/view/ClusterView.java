package ai.modelplane.generator.plan.view;

import java.util.ArrayList;
import java.util.List;

/**
 * One cluster as every target's root lays it out.
 *
 * @param source where the cluster was read from, for the file headers
 * @param location {@code spec.location}
 * @param kubernetesVersion {@code spec.kubernetesVersion}
 * @param names the Azure names, from {@link ai.modelplane.generator.naming.Naming}
 * @param network the VNet, the subnet and the cluster's fixed ranges
 * @param defaultPool the first System pool, the cluster's default pool
 * @param additionalPools every other pool, in spec order
 * @param components the in-cluster components the cluster needs
 * @param storageClassName the ReadWriteMany StorageClass for ModelCache
 * @param privateEndpoint {@code spec.endpointAccess: Private}: the API server has only a private
 *     endpoint, so the in-cluster components go through the AKS run command in both targets
 * @param runCommand the in-cluster commands: as Bicep's deployment script submits them, and, for a
 *     private cluster, as its Terraform in-cluster root posts them
 * @param tags {@code spec.tags} in name order, for every taggable resource and every pool
 * @param workloadIdentity {@code spec.workloadIdentity}
 * @param authentication {@code spec.authentication}
 * @param authorizedIpRanges {@code spec.apiServer.authorizedIpRanges} in the YAML's order; empty
 *     for none
 * @param maintenance {@code spec.maintenance}; {@code null} when the YAML leaves it out, so the
 *     platform's windows and AKS's default node OS channel apply (templates test it with {@code
 *     ??})
 */
public record ClusterView(
    Source source,
    String location,
    String kubernetesVersion,
    Names names,
    Network network,
    PoolView defaultPool,
    List<PoolView> additionalPools,
    Components components,
    String storageClassName,
    boolean privateEndpoint,
    RunCommand runCommand,
    List<PoolView.Label> tags,
    boolean workloadIdentity,
    Authentication authentication,
    List<String> authorizedIpRanges,
    Maintenance maintenance) {
  public ClusterView {
    additionalPools = List.copyOf(additionalPools);
    tags = List.copyOf(tags);
    authorizedIpRanges = List.copyOf(authorizedIpRanges);
  }

  /**
   * Every pool, the default pool first (what diff and drift walk; templates lay the two out apart).
   */
  public List<PoolView> allPools() {
    List<PoolView> all = new ArrayList<>(additionalPools.size() + 1);
    all.add(defaultPool);
    all.addAll(additionalPools);
    return all;
  }

  /**
   * {@code spec.authentication}.
   *
   * @param entraId mode EntraID: Microsoft Entra ID integration with Azure RBAC, local accounts
   *     disabled; false for LocalAccounts
   * @param mode the mode as the YAML spells it
   * @param adminGroupObjectIds the admin groups, in YAML order; empty with LocalAccounts
   * @param runCommandToken EntraID on a private cluster: the Terraform in-cluster root's run
   *     command carries an Entra ID token (clusterToken) the runner passes in, and has no
   *     destroy-time removal, since a destroy cannot carry the token
   */
  public record Authentication(
      boolean entraId, String mode, List<String> adminGroupObjectIds, boolean runCommandToken) {
    public Authentication {
      adminGroupObjectIds = List.copyOf(adminGroupObjectIds);
    }
  }

  /**
   * {@code spec.maintenance}, each window resolved (a window the YAML leaves out is the
   * platform's).
   *
   * @param nodeOsUpgradeChannel the node OS upgrade channel as azurerm and ARM spell it
   * @param autoUpgrade the cluster auto-upgrade channel's window
   * @param nodeOs the node OS channel's window
   */
  public record Maintenance(
      String nodeOsUpgradeChannel, PlatformView.Window autoUpgrade, PlatformView.Window nodeOs) {}

  /**
   * @param path the source file, as the header names it
   * @param documentNumber one-based number of the YAML document in that file
   * @param qualifiedName {@code namespace/name}
   */
  public record Source(String path, int documentNumber, String qualifiedName) {}

  /** Every Azure name of the cluster, plus the Bicep installer identity and deployment stack. */
  public record Names(
      String resourceGroup,
      String nodeResourceGroup,
      String virtualNetwork,
      String subnet,
      String cluster,
      String dnsPrefix,
      String installerIdentity,
      String deploymentStack) {}

  /**
   * {@code spec.networking} and the ranges the product fixes inside the cluster.
   *
   * @param existingSubnet {@code spec.networking.subnetId} and its parts; {@code null} when the
   *     cluster has a VNet of its own (templates test it with {@code ??})
   */
  public record Network(
      String vnetCidr,
      String subnetCidr,
      String podCidr,
      String serviceCidr,
      String dnsServiceIp,
      ExistingSubnet existingSubnet) {}

  /**
   * An existing subnet ({@code spec.networking.subnetId}) and the parts of its resource ID.
   *
   * @param id the resource ID as written
   * @param deployments the names of this cluster's Bicep deployments in the subnet's and the route
   *     table's resource groups, which other clusters share
   */
  public record ExistingSubnet(
      String id,
      String subscriptionId,
      String resourceGroup,
      String virtualNetwork,
      String subnet,
      SharedGroupDeployments deployments) {}

  /**
   * Bicep deployment names in resource groups other clusters share, one per cluster ({@link
   * ai.modelplane.generator.naming.Naming#sharedGroupDeployment}).
   *
   * @param subnetRole the role on the existing subnet, in the subnet's resource group
   * @param routeTableRole the step that reads the route table's resource group, in the subnet's
   * @param routeTableRoleAssignment the role on the route table, in the route table's group
   */
  public record SharedGroupDeployments(
      String subnetRole, String routeTableRole, String routeTableRoleAssignment) {}

  /**
   * The shell commands that converge the cluster's in-cluster objects through the AKS run command.
   *
   * @param clusterUidVariable the shell variable both Terraform commands expect to hold the ARM
   *     resourceUID of the cluster the root addresses; the converging command records it in the
   *     cluster, the removal runs only where that record matches (private clusters only)
   * @param clusterMarker the ConfigMap holding that record, as {@code namespace/name}
   * @param converge what every Terraform apply runs, each object inline: the StorageClass, and the
   *     network operator installed or removed (private clusters only)
   * @param remove what destroying the Terraform in-cluster root runs: the network operator and the
   *     StorageClass removed (private clusters only)
   * @param attachedCommand what Bicep's deployment script runs, reading each object from an
   *     attached file
   * @param attachedFiles those files, as one JSON object from file name to content
   */
  public record RunCommand(
      String clusterUidVariable,
      String clusterMarker,
      String converge,
      String remove,
      String attachedCommand,
      String attachedFiles) {}

  /**
   * @param networkOperator the NVIDIA network operator, its NicClusterPolicy and the feature check,
   *     because {@code infinibandPools} is not empty
   * @param infinibandPools the pools with fabric InfiniBand, the reason for the operator
   * @param gpuStack the spec.gpuStack installed ({@code DRA} or {@code DevicePlugin}); empty when
   *     none is, because the cluster has no GPU pool or the spec says None
   * @param gpuStackInstalled true when {@code gpuStack} is not empty
   * @param draDriver true when the installed stack is the DRA driver's (else the device plugin's)
   * @param operatorNodeFeatureDiscovery true when the network operator runs its own
   *     node-feature-discovery: only where no GPU stack brings one (one NFD per cluster)
   * @param migSlices true when the stack is installed and some GPU pool sets gpu.migProfile: the
   *     device plugin then advertises MIG instances (its MIG module), and pods of either stack ask
   *     for a slice by its own name
   * @param devicePluginModule the module folder of the device plugin this cluster calls
   */
  public record Components(
      boolean networkOperator,
      List<PoolView> infinibandPools,
      String gpuStack,
      boolean gpuStackInstalled,
      boolean draDriver,
      boolean operatorNodeFeatureDiscovery,
      boolean migSlices,
      String devicePluginModule) {
    public Components {
      infinibandPools = List.copyOf(infinibandPools);
    }

    public Components(
        boolean networkOperator,
        List<PoolView> infinibandPools,
        String gpuStack,
        boolean draDriver,
        boolean migSlices,
        String devicePluginModule) {
      this(
          networkOperator,
          infinibandPools,
          gpuStack,
          !gpuStack.isEmpty(),
          draDriver,
          networkOperator && gpuStack.isEmpty(),
          !gpuStack.isEmpty() && migSlices,
          devicePluginModule);
    }
  }
}
