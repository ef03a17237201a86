package ai.modelplane.generator.advice;

import ai.modelplane.generator.diagnostic.Subject.GeneratedOutput;
import ai.modelplane.generator.platform.ArmApiVersions;
import ai.modelplane.generator.platform.NicClusterPolicySpec;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.platform.ProviderVersions;
import java.util.List;

/**
 * Every version the generated code pins, and where in the output it stands. The values are the
 * planner's own constants (compile-time constants, so naming them loads no class).
 *
 * @param providers Terraform provider sources and their version constraints
 * @param inCluster charts and images installed while a pool sets {@code fabric: InfiniBand}
 * @param gpuStack charts installed while a cluster has a GPU pool and a spec.gpuStack other than
 *     None
 * @param armApiVersions ARM API versions the Bicep output declares
 */
public record OutputPins(
    List<Pin> providers, List<Pin> inCluster, List<Pin> gpuStack, List<Pin> armApiVersions) {
  /**
   * One pin: what it pins, the version, the generated file (in every cluster's tree or a shared
   * module) and the field in it.
   */
  public record Pin(String subject, String version, GeneratedOutput file, String field) {}

  private static final GeneratedOutput ROOT_TERRAFORM =
      GeneratedOutput.ofEveryCluster("Terraform", "terraform/terraform.tf");
  private static final GeneratedOutput IN_CLUSTER_TERRAFORM =
      GeneratedOutput.ofEveryCluster("Terraform", "terraform/in-cluster/terraform.tf");
  private static final GeneratedOutput OPERATOR_MODULE =
      GeneratedOutput.shared("Terraform", "modules/terraform/nvidia-network-operator/main.tf");
  private static final GeneratedOutput POLICY =
      GeneratedOutput.shared(
          "Terraform",
          "modules/terraform/nvidia-network-operator/charts/nic-cluster-policy/templates/nic-cluster-policy.yaml");

  private static GeneratedOutput gpuModule(String module) {
    return GeneratedOutput.shared("Terraform", "modules/terraform/" + module + "/main.tf");
  }

  private static final GeneratedOutput BICEP_MAIN =
      GeneratedOutput.ofEveryCluster("Bicep", "bicep/main.bicep");

  private static GeneratedOutput bicepModule(String file) {
    return GeneratedOutput.shared("Bicep", "modules/bicep/" + file);
  }

  public OutputPins {
    providers = List.copyOf(providers);
    inCluster = List.copyOf(inCluster);
    gpuStack = List.copyOf(gpuStack);
    armApiVersions = List.copyOf(armApiVersions);
  }

  /** Pins without the GPU stack's. */
  public OutputPins(List<Pin> providers, List<Pin> inCluster, List<Pin> armApiVersions) {
    this(providers, inCluster, List.of(), armApiVersions);
  }

  /** What this build of the generator writes. */
  public static OutputPins current() {
    return new OutputPins(
        List.of(
            new Pin(
                "hashicorp/azurerm",
                ProviderVersions.AZURERM,
                ROOT_TERRAFORM,
                "terraform.required_providers.azurerm.version"),
            new Pin(
                "hashicorp/helm",
                ProviderVersions.HELM,
                IN_CLUSTER_TERRAFORM,
                "terraform.required_providers.helm.version"),
            new Pin(
                "hashicorp/kubernetes",
                ProviderVersions.KUBERNETES,
                IN_CLUSTER_TERRAFORM,
                "terraform.required_providers.kubernetes.version"),
            new Pin(
                "Azure/azapi",
                ProviderVersions.AZAPI,
                ROOT_TERRAFORM,
                "terraform.required_providers.azapi.version")),
        List.of(
            new Pin(
                "network-operator chart",
                Platform.NETWORK_OPERATOR_VERSION,
                OPERATOR_MODULE,
                "helm_release.network_operator.version"),
            new Pin(
                "doca-driver image",
                NicClusterPolicySpec.DRIVER_VERSION,
                POLICY,
                "spec.ofedDriver.version"),
            new Pin(
                "k8s-rdma-shared-dev-plugin image",
                NicClusterPolicySpec.RDMA_PLUGIN_VERSION,
                POLICY,
                "spec.rdmaSharedDevicePlugin.version")),
        List.of(
            new Pin(
                "node-feature-discovery chart",
                Platform.NFD_VERSION,
                gpuModule("node-feature-discovery"),
                "helm_release.this.version"),
            new Pin(
                "dra-driver-nvidia-gpu chart",
                Platform.DRA_DRIVER_VERSION,
                gpuModule("nvidia-dra-driver"),
                "helm_release.this.version"),
            new Pin(
                "nvidia-device-plugin chart",
                Platform.DEVICE_PLUGIN_VERSION,
                gpuModule("nvidia-device-plugin"),
                "helm_release.this.version")),
        List.of(
            new Pin(
                "Microsoft.ContainerService/managedClusters",
                ArmApiVersions.MANAGED_CLUSTERS,
                bicepModule("cluster.bicep"),
                "resource.apiVersion"),
            new Pin(
                "Microsoft.Resources/resourceGroups",
                ArmApiVersions.RESOURCE_GROUPS,
                BICEP_MAIN,
                "resource.apiVersion"),
            new Pin(
                "Microsoft.Network/virtualNetworks",
                ArmApiVersions.VIRTUAL_NETWORKS,
                bicepModule("network.bicep"),
                "resource.apiVersion"),
            new Pin(
                "Microsoft.Features/featureProviders/subscriptionFeatureRegistrations",
                ArmApiVersions.FEATURE_REGISTRATIONS,
                BICEP_MAIN,
                "resource.apiVersion"),
            new Pin(
                "Microsoft.Resources/deploymentScripts",
                ArmApiVersions.DEPLOYMENT_SCRIPTS,
                bicepModule("inClusterComponents.bicep"),
                "resource.apiVersion"),
            new Pin(
                "Microsoft.ManagedIdentity/userAssignedIdentities",
                ArmApiVersions.USER_ASSIGNED_IDENTITIES,
                bicepModule("cluster.bicep"),
                "resource.apiVersion"),
            new Pin(
                "Microsoft.Authorization/roleAssignments",
                ArmApiVersions.ROLE_ASSIGNMENTS,
                bicepModule("cluster.bicep"),
                "resource.apiVersion"),
            new Pin(
                "Microsoft.Authorization/roleDefinitions",
                ArmApiVersions.ROLE_DEFINITIONS,
                bicepModule("cluster.bicep"),
                "resource.apiVersion")));
  }
}
