package ai.modelplane.generator.platform;

import ai.modelplane.generator.naming.AzureNames;
import java.util.List;

/**
 * The user-assigned identity the Bicep output's deployment script runs as, to converge the
 * in-cluster objects (the model-cache StorageClass; the NVIDIA network operator and its
 * NicClusterPolicy, installed or removed) through the AKS run command. Terraform talks to the API
 * server directly and needs none.
 */
public final class InClusterInstaller {
  /**
   * The actions of the custom role the identity holds on its cluster, and no others. The run
   * command needs {@code runcommand/action} and {@code commandResults/read}
   * (MicrosoftDocs/azure-aks-docs {@code articles/aks/access-private-cluster.md:21,36} at {@code
   * fb060abe6a8f}); the CLI reads the cluster first ({@code client.get} in {@code aks_runcommand},
   * azure-cli 2.45.0 {@code acs/custom.py}). No built-in AKS role has both run command actions
   * (docs/facts/day2-provider-facts.md, problem 6).
   */
  public static final List<String> ROLE_ACTIONS =
      List.of(
          "Microsoft.ContainerService/managedClusters/read",
          "Microsoft.ContainerService/managedClusters/runcommand/action",
          "Microsoft.ContainerService/managedClusters/commandResults/read");

  /** Azure CLI image of the deployment script (mcr.microsoft.com/azure-cli tag). */
  public static final String AZ_CLI_VERSION = "2.63.0";

  /**
   * How long the script polls the run command's result after submitting it. Each Helm step may take
   * its timeout twice (an {@code --atomic} upgrade that fails rolls back, waiting again): the
   * operator's and two of the GPU stack's (node feature discovery, then the DRA driver or the
   * device plugin), plus five minutes for the StorageClass, the policy and the command pod.
   */
  public static final int COMMAND_DEADLINE_SECONDS =
      2 * (Platform.NETWORK_OPERATOR_TIMEOUT_SECONDS + 2 * Platform.GPU_STACK_TIMEOUT_SECONDS)
          + 300;

  /** Seconds between two reads of the run command's result. */
  public static final int POLL_SECONDS = 15;

  /**
   * Submissions tried while the identity's new role assignment propagates, and the pause between
   * them.
   */
  public static final int SUBMIT_ATTEMPTS = 10;

  public static final int SUBMIT_RETRY_SECONDS = 30;

  /**
   * The NicClusterPolicy's resource, {@code plural.group} of its CRD, which the removal deletes
   * (Mellanox/network-operator v26.4.0 {@code
   * deployment/network-operator/crds/mellanox.com_nicclusterpolicies.yaml:7}).
   */
  public static final String NIC_POLICY_RESOURCE = "nicclusterpolicies.mellanox.com";

  /**
   * The deployment script's own timeout, in minutes; above the submissions plus the polling
   * deadline.
   */
  public static final int SCRIPT_TIMEOUT_MINUTES = 65;

  private InClusterInstaller() {}

  /** {@code <cluster>-installer}; cluster names are at most 63 characters, identities 128. */
  public static String identityName(AzureNames names) {
    return names.cluster() + "-installer";
  }
}
