package ai.modelplane.generator.plan;

import ai.modelplane.generator.naming.AzureNames;

/**
 * The user-assigned identity the Bicep output's deployment scripts run as, to install in-cluster
 * objects (the NVIDIA network operator, the NicClusterPolicy and the model-cache StorageClass)
 * through the AKS run command. Terraform talks to the API server directly and needs none.
 */
public final class InClusterInstaller {
  /**
   * Built-in role "Azure Kubernetes Service Cluster Admin Role": managedClusters read,
   * runcommand/action and listClusterAdminCredential. The narrowest built-in role that allows the
   * AKS run command; assigned on the cluster only.
   */
  public static final String CLUSTER_ADMIN_ROLE_ID = "0ab0b1a8-8aac-4efd-b8c2-3ee1fb270be8";

  /** Azure CLI image of the deployment scripts (mcr.microsoft.com/azure-cli tag). */
  public static final String AZ_CLI_VERSION = "2.63.0";

  private InClusterInstaller() {}

  /** {@code <cluster>-installer}; cluster names are at most 63 characters, identities 128. */
  public static String identityName(AzureNames names) {
    return names.cluster() + "-installer";
  }
}
