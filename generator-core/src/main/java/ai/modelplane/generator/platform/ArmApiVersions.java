package ai.modelplane.generator.platform;

/**
 * The ARM API version of every resource type the generated Bicep (and the Terraform azapi
 * resources) declare. Each is the newest stable version in Azure/bicep-types-az {@code
 * generated/**}{@code /types.json} at commit {@code 1f896de2db96}, as recorded with its sources in
 * the shared reference {@code reference/bicep-arm.md}, section 1.
 */
public final class ArmApiVersions {
  /** {@code Microsoft.ContainerService/managedClusters} and its {@code agentPools}. */
  public static final String MANAGED_CLUSTERS = "2026-05-01";

  /**
   * {@code Microsoft.ContainerService/managedClusters} and its {@code agentPools} in the Terraform
   * output's {@code azapi_update_resource}s (the Kubernetes version sent when the minor changes):
   * the newest stable version whose type definitions azapi 2.9.0, the floor of the {@code ~> 2.9}
   * pin, embeds (Azure/terraform-provider-azapi v2.9.0 {@code
   * internal/azure/generated/containerservice_0/microsoft.containerservice/2025-10-01/types.json}
   * l.5469 and l.6556). azapi strips read-only properties from the body it PUTs only for a version
   * it knows ({@code internal/services/azapi_update_resource.go} l.501–503, the definition loaded
   * in {@code internal/services/parse/resource.go} l.84–87), so not {@link #MANAGED_CLUSTERS}.
   */
  public static final String MANAGED_CLUSTERS_AZAPI = "2025-10-01";

  /** {@code Microsoft.Resources/resourceGroups}. */
  public static final String RESOURCE_GROUPS = "2025-04-01";

  /**
   * {@code Microsoft.Network/virtualNetworks} and its {@code subnets}, and the {@code
   * Microsoft.Network/routeTables} an existing subnet's role module reads (the same provider and
   * newest stable version, bicep-types-az {@code generated/network/microsoft.network/2025-09-01}).
   */
  public static final String VIRTUAL_NETWORKS = "2025-09-01";

  /**
   * {@code Microsoft.Features/featureProviders/subscriptionFeatureRegistrations}: the only version
   * Bicep's types know, although the REST specs also have 2025-03-01.
   */
  public static final String FEATURE_REGISTRATIONS = "2021-07-01";

  /** {@code Microsoft.Resources/deploymentScripts}. */
  public static final String DEPLOYMENT_SCRIPTS = "2023-08-01";

  /** {@code Microsoft.ManagedIdentity/userAssignedIdentities}. */
  public static final String USER_ASSIGNED_IDENTITIES = "2024-11-30";

  /** {@code Microsoft.Authorization/roleAssignments}. */
  public static final String ROLE_ASSIGNMENTS = "2022-04-01";

  /**
   * {@code Microsoft.Authorization/roleDefinitions}: the newest stable version at the same commit
   * (its catalog also lists 2015-07-01, 2018-01-01-preview and 2022-05-01-preview).
   */
  public static final String ROLE_DEFINITIONS = "2022-04-01";

  private ArmApiVersions() {}
}
