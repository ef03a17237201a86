package ai.modelplane.generator.plan.view;

import java.util.List;
import java.util.Map;

/**
 * The facts every cluster shares: pinned versions, API versions, limits and field bounds (by field
 * path, {@code spec.nodePools[].vmSize}), the network profile, the in-cluster objects and the
 * scanner findings skipped on purpose. Built once per run from the constants that own them ({@code
 * Platform}, {@code Networking}, {@code Naming}, {@code AzureRules} …).
 */
public record PlatformView(
    Versions versions,
    ApiVersions api,
    Limits limits,
    Map<String, BoundView> bounds,
    NetworkProfile network,
    int maxPods,
    String maxSurge,
    String gpuMaxSurge,
    String gpuMaxUnavailable,
    String upgradeChannel,
    Maintenance maintenance,
    String networkContributorRoleId,
    String gpuTaintKey,
    FeatureCheck infinibandFeature,
    StorageClass cache,
    Installer installer,
    ScannerSkips skips,
    EntraId entraId) {

  /**
   * What an Entra ID cluster (spec.authentication EntraID) signs in with: the AKS server
   * application's id (kubelogin's --server-id), kubelogin's default login and ExecCredential
   * version, the built-in role the Bicep installer identity gets on the cluster, and the Terraform
   * variable a private cluster's in-cluster root takes the run command's token from.
   */
  public record EntraId(
      String serverAppId,
      String kubeloginLogin,
      String execApiVersion,
      String rbacClusterAdminRoleId,
      String runCommandTokenVariable) {}

  /**
   * Terraform and provider version constraints, the same in every root but for the in-cluster root
   * of a private Entra ID cluster, which pins {@code terraformWriteOnly} and {@code
   * azapiSensitiveBody} instead of {@code terraform} and {@code azapi}.
   */
  public record Versions(
      String terraform,
      String azurerm,
      String helm,
      String kubernetes,
      String azapi,
      String terraformWriteOnly,
      String azapiSensitiveBody) {}

  /** The ARM API version of each resource type the output declares. */
  public record ApiVersions(
      String managedClusters,
      String managedClustersAzapi,
      String resourceGroups,
      String virtualNetworks,
      String featureRegistrations,
      String deploymentScripts,
      String userAssignedIdentities,
      String roleAssignments,
      String roleDefinitions) {}

  /**
   * The limits the Bicep parameters restate as decorators that are not a field's OpenAPI bound (for
   * those, {@code bounds} by field path): Azure's naming limits, from the constants naming uses,
   * and the least values the CRD's rules imply for CIDRs and node counts.
   */
  public record Limits(
      int clusterName,
      int poolName,
      int cidrMin,
      int nodeCountMin,
      int dnsPrefix,
      int nodeResourceGroup,
      int virtualNetworkMin,
      int virtualNetwork,
      int subnet,
      int identityMin,
      int identity,
      int deployment) {}

  /**
   * The Bicep output's in-cluster installer: the actions of its custom role, the CLI image of its
   * deployment script, how long the script polls the run command and the script's own timeout.
   */
  public record Installer(
      List<String> roleActions,
      String azCliVersion,
      int commandDeadlineSeconds,
      int pollSeconds,
      int submitAttempts,
      int submitRetrySeconds,
      int scriptTimeoutMinutes) {
    public Installer {
      roleActions = List.copyOf(roleActions);
    }
  }

  /**
   * The cluster's planned-maintenance windows, one per AKS upgrade channel, and the node OS upgrade
   * channel a cluster gets when {@code spec.maintenance} leaves it out.
   */
  public record Maintenance(Window autoUpgrade, Window nodeOs, String nodeOsUpgradeChannel) {}

  /**
   * A weekly maintenance window.
   *
   * @param name the AKS maintenance configuration's name
   * @param frequency the azurerm {@code frequency}
   * @param intervalWeeks weeks between windows
   * @param dayOfWeek the day it starts
   * @param startTime {@code HH:mm} in {@code utcOffset}
   * @param utcOffset the time zone, {@code +HH:mm}
   * @param durationHours its length
   */
  public record Window(
      String name,
      String frequency,
      int intervalWeeks,
      String dayOfWeek,
      String startTime,
      String utcOffset,
      int durationHours) {}

  /** The cluster's network profile; drift compares against the same constants. */
  public record NetworkProfile(String plugin, String pluginMode, String policy, String dataPlane) {}

  /**
   * A subscription feature the output checks and never registers.
   *
   * @param namespace its resource provider namespace
   * @param name the feature name
   * @param qualifiedName {@code namespace/name}
   * @param missingMessage the one message both targets fail with when it is not registered
   */
  public record FeatureCheck(
      String namespace, String name, String qualifiedName, String missingMessage) {}

  /** The ReadWriteMany StorageClass, except its name (the cluster's). */
  public record StorageClass(
      String provisioner,
      String skuName,
      String protocol,
      List<String> mountOptions,
      String reclaimPolicy,
      boolean allowVolumeExpansion,
      String volumeBindingMode) {
    public StorageClass {
      mountOptions = List.copyOf(mountOptions);
    }
  }

  /**
   * Scanner findings skipped on purpose, per resource; {@code clusterTrivy} are the cluster's that
   * Trivy also has.
   */
  public record ScannerSkips(
      List<Skip> cluster,
      List<Skip> clusterTrivy,
      List<Skip> privateCluster,
      List<Skip> privateClusterTrivy,
      List<Skip> nodePool,
      List<Skip> virtualNetwork,
      List<Skip> subnet) {
    public ScannerSkips {
      cluster = List.copyOf(cluster);
      clusterTrivy = List.copyOf(clusterTrivy);
      privateCluster = List.copyOf(privateCluster);
      privateClusterTrivy = List.copyOf(privateClusterTrivy);
      nodePool = List.copyOf(nodePool);
      virtualNetwork = List.copyOf(virtualNetwork);
      subnet = List.copyOf(subnet);
    }
  }

  /** One skipped finding; {@code trivyId} is empty when Trivy has no matching check. */
  public record Skip(String checkovId, String trivyId, String reason) {}
}
