package ai.modelplane.generator.platform;

import ai.modelplane.generator.validate.KubernetesVersionRule;

/**
 * Fixed facts of the platform the generated code installs: label keys, the GPU taint, pinned chart
 * versions. Changing one changes every cluster's generated code, so each change shows in the golden
 * files and deserves a note in the changelog.
 */
public final class Platform {
  /** Node label with the pool name, on every pool. */
  public static final String POOL_LABEL = "modelplane.ai/pool";

  /** Node label with {@code gpu.acceleratorType}, on GPU pools. */
  public static final String GPU_LABEL = "modelplane.ai/gpu";

  /** Node label on InfiniBand pools; the NicClusterPolicy selects nodes by it. */
  public static final String FABRIC_LABEL = "modelplane.ai/fabric";

  public static final String FABRIC_INFINIBAND_VALUE = "infiniband";

  /** Keeps workloads that do not ask for a GPU off GPU nodes. */
  public static final String GPU_TAINT = "nvidia.com/gpu=true:NoSchedule";

  public static final String GPU_TAINT_KEY = "nvidia.com/gpu";

  /**
   * The node label and taint AKS gives a Spot pool (MicrosoftDocs/azure-aks-docs {@code
   * articles/aks/spot-node-pool.md:41} at {@code fb060abe6a8f}). The generated code sets both: the
   * node pool's {@code node_taints} is not Computed in azurerm v5.2.0 ({@code
   * kubernetes_cluster_node_pool_resource.go:264-272}), whose docs say a Spot pool must add them
   * ({@code website/docs/r/kubernetes_cluster_node_pool.html.markdown:137}); and the GPU
   * DaemonSets, which tolerate the GPU pools' taints, must tolerate it to reach Spot GPU nodes.
   */
  public static final String SPOT_PRIORITY = "Spot";

  public static final String SPOT_LABEL = "kubernetes.azure.com/scalesetpriority";

  public static final String SPOT_LABEL_VALUE = "spot";

  public static final String SPOT_TAINT = "kubernetes.azure.com/scalesetpriority=spot:NoSchedule";

  /**
   * A Spot pool's eviction policy: an evicted node is deleted, so it holds no quota and the cluster
   * autoscaler can add a node back (Deallocate keeps stopped nodes that count against quota,
   * spot-node-pool.md:66-68). ForceNew in azurerm v5.2.0 ({@code
   * kubernetes_cluster_node_pool_resource.go:168-176}).
   */
  public static final String SPOT_EVICTION_POLICY = "Delete";

  /**
   * The Spot max price when the YAML sets none: pay up to the regular price, never evicted for
   * price (spot-node-pool.md:223); azurerm's default too ({@code
   * kubernetes_cluster_node_pool_resource.go:363}).
   */
  public static final String SPOT_MAX_PRICE_DEFAULT = "-1";

  /**
   * gpu_driver / gpuProfile.driver of a GPU pool: AKS installs the NVIDIA driver; other pools do
   * not set it.
   */
  public static final String GPU_DRIVER_INSTALL = "Install";

  public static final String GPU_DRIVER_NONE = "None";

  /** NVIDIA network operator chart, installed when any pool sets fabric InfiniBand. */
  public static final String NETWORK_OPERATOR_CHART = "network-operator";

  public static final String NETWORK_OPERATOR_VERSION = "26.4.0";
  public static final String NETWORK_OPERATOR_NAMESPACE = "network-operator";
  public static final String NVIDIA_HELM_REPOSITORY = "https://helm.ngc.nvidia.com/nvidia";

  /**
   * How long the operator install may wait for its workloads (image pulls on fresh GPU nodes are
   * slow).
   */
  public static final int NETWORK_OPERATOR_TIMEOUT_SECONDS = 900;

  /**
   * Pod Security Admission level of the operator's namespace: its DaemonSets load kernel modules.
   */
  public static final String NETWORK_OPERATOR_NAMESPACE_ENFORCE = "privileged";

  /**
   * Pod Security Admission level of the GPU stack's namespaces: their DaemonSets mount host paths
   * (NFD worker, DRA kubelet plugin, device plugin).
   */
  public static final String GPU_STACK_NAMESPACE_ENFORCE = "privileged";

  /**
   * How long an install or upgrade of a GPU stack release may wait for its workloads: small images
   * on nodes that already run (the NVIDIA driver is AKS's).
   */
  public static final int GPU_STACK_TIMEOUT_SECONDS = 300;

  /**
   * node-feature-discovery, one per cluster with a GPU stack (and on InfiniBand clusters the only
   * one: the network operator's bundled copy is then off). The release rewrites the chart version
   * to the release version (kubernetes-sigs/node-feature-discovery v0.19.0 {@code
   * hack/prepare-release.sh:163}); the OCI path: {@code docs/_config.yml:62}.
   */
  public static final String NFD_CHART = "node-feature-discovery";

  public static final String NFD_VERSION = "0.19.0";
  public static final String NFD_REPOSITORY = "oci://registry.k8s.io/nfd/charts";
  public static final String NFD_NAMESPACE = "node-feature-discovery";

  /**
   * The NFD label of a node with an NVIDIA PCI device when the worker labels PCI devices by vendor
   * only; the default node affinity of the DRA kubelet plugin (dra-driver-nvidia-gpu v0.4.1 {@code
   * values.yaml:294}) and of the device plugin (k8s-device-plugin v0.20.0 {@code values.yaml:70})
   * selects it.
   */
  public static final String NVIDIA_PCI_LABEL = "feature.node.kubernetes.io/pci-10de.present";

  /**
   * The NVIDIA DRA driver for GPUs (kubernetes-sigs/dra-driver-nvidia-gpu v0.4.1 {@code
   * deployments/helm/dra-driver-nvidia-gpu/Chart.yaml:16,21}; OCI path {@code
   * docs/install.md:24-28}).
   */
  public static final String DRA_DRIVER_CHART = "dra-driver-nvidia-gpu";

  public static final String DRA_DRIVER_VERSION = "0.4.1";
  public static final String DRA_DRIVER_REPOSITORY =
      "oci://registry.k8s.io/dra-driver-nvidia/charts";
  public static final String DRA_DRIVER_NAMESPACE = "dra-driver-nvidia-gpu";

  /**
   * The DeviceClass the DRA driver creates for whole GPUs (v0.4.1 {@code
   * templates/deviceclass-gpu.yaml:7}); ResourceClaims name it.
   */
  public static final String DRA_DEVICE_CLASS = "gpu.nvidia.com";

  /**
   * The DeviceClass the DRA driver creates for MIG instances (v0.4.1 {@code
   * templates/deviceclass-mig.yaml:6,10}, with GPUs enabled as for {@link #DRA_DEVICE_CLASS}). The
   * driver publishes the instances AKS creates on a MIG pool with no value set: static MIG needs no
   * feature gate ({@code cmd/gpu-kubelet-plugin/nvlib.go:291-319}; the DynamicMIG gate, alpha and
   * off, {@code pkg/featuregates/featuregates.go:116-121}, is for instances the driver makes).
   */
  public static final String DRA_MIG_DEVICE_CLASS = "mig.nvidia.com";

  /**
   * The oldest Kubernetes minor the DRA driver is documented for: v1.34.2 (v0.4.1 {@code
   * docs/prerequisites.md:10-11}), the first with DRA generally available and on by default.
   */
  public static final String DRA_MINIMUM_KUBERNETES = "1.34";

  /**
   * The NVIDIA device plugin (NVIDIA/k8s-device-plugin v0.20.0 {@code
   * deployments/helm/nvidia-device-plugin/Chart.yaml:2,5}; repository {@code README.md:664-667}).
   */
  public static final String DEVICE_PLUGIN_CHART = "nvidia-device-plugin";

  public static final String DEVICE_PLUGIN_VERSION = "0.20.0";
  public static final String DEVICE_PLUGIN_REPOSITORY =
      "https://nvidia.github.io/k8s-device-plugin";
  public static final String DEVICE_PLUGIN_NAMESPACE = "nvidia-device-plugin";

  /** The extended resource the device plugin advertises and pods request. */
  public static final String DEVICE_PLUGIN_RESOURCE = "nvidia.com/gpu";

  /**
   * The device plugin's MIG strategy on a cluster with a MIG pool (v0.20.0 {@code
   * deployments/helm/nvidia-device-plugin/values.yaml:31}, default none). Mixed keeps every GPU
   * without MIG as {@link #DEVICE_PLUGIN_RESOURCE} ({@code internal/rm/device_map.go:122-131},
   * {@code internal/rm/rm.go:111}) and advertises each MIG instance as {@link
   * #DEVICE_PLUGIN_MIG_RESOURCE_PREFIX} and its profile ({@code rm.go:118-147}), so whole-GPU and
   * MIG pools share one plugin; single would advertise slices as nvidia.com/gpu too, which a pod
   * could not tell from a whole GPU.
   */
  public static final String DEVICE_PLUGIN_MIG_STRATEGY = "mixed";

  /**
   * What a pod requests for a MIG instance under {@link #DEVICE_PLUGIN_MIG_STRATEGY}: this prefix,
   * then NVML's profile name, such as {@code 3g.40gb} (v0.20.0 {@code internal/rm/rm.go:145}).
   */
  public static final String DEVICE_PLUGIN_MIG_RESOURCE_PREFIX = "nvidia.com/mig-";

  /** Subscription feature InfiniBand pools need; checked by the generated code, never owned. */
  public static final String INFINIBAND_FEATURE = "AKSInfinibandSupport";

  public static final String INFINIBAND_FEATURE_NAMESPACE = "Microsoft.ContainerService";

  /**
   * Pods per node on every pool, set explicitly (Checkov CKV_AZURE_168 assumes 30 when unset); 250
   * is the AKS default for Azure CNI overlay.
   */
  public static final int MAX_PODS_PER_NODE = 250;

  /** Network policy engine and data plane (Azure CNI powered by Cilium, on the overlay). */
  public static final String NETWORK_POLICY = "cilium";

  public static final String NETWORK_DATA_PLANE = "cilium";

  /**
   * Cluster auto-upgrade channel: patch releases of the pinned minor version (Checkov
   * CKV_AZURE_171). Validation refuses a patch pin under it (MP417), so it is owned there.
   */
  public static final String UPGRADE_CHANNEL = KubernetesVersionRule.UPGRADE_CHANNEL;

  /**
   * Extra nodes a System pool (the default pool and further System pools) may add while it
   * upgrades. AKS refuses max unavailable on System pools (MicrosoftDocs/azure-aks-docs {@code
   * articles/aks/upgrade-aks-node-pools-rolling.md:86} at commit {@code fb060abe6a8f}).
   */
  public static final String MAX_SURGE = "10%";

  /**
   * GPU pools upgrade in place, one node at a time, and never surge: a surge node is one more GPU
   * VM (10% rounds up to one per pool), which fails on quota sized to the pool's maximum. AKS: max
   * unavailable cordons and drains existing nodes without surge nodes, and a max unavailable of 0
   * needs a max surge above 0 (upgrade-aks-node-pools-rolling.md:84,88,97 at {@code fb060abe6a8f}).
   * azurerm v5.2.0 allows only one of {@code max_surge} / {@code max_unavailable} ({@code
   * kubernetes_cluster_node_pool_resource.go:1255-1273}, ConflictsWith) and sends the other as "0"
   * ({@code :1359-1376}); the Bicep GPU pool sends both.
   */
  public static final String GPU_MAX_UNAVAILABLE = "1";

  public static final String GPU_MAX_SURGE = "0";

  /**
   * Planned maintenance: both AKS-managed schedules, weekly on Sunday in UTC, the cluster's
   * auto-upgrade first and the node OS update after it, so the two never drain nodes at once. AKS
   * needs a window of at least four hours with auto-upgrade ({@code planned-maintenance.md:79}; ARM
   * {@code MaintenanceWindow.durationHours} 4..24, azurerm {@code duration} IntBetween(4, 24) at
   * v5.2.0 {@code kubernetes_cluster_resource.go:911,1004}); a weekly node OS schedule suits the
   * default NodeImage channel, which ships an image a week ({@code planned-maintenance.md:667}).
   * The names are AKS's own ({@code planned-maintenance.md:67-68}).
   */
  public static final String MAINTENANCE_AUTO_UPGRADE = "aksManagedAutoUpgradeSchedule";

  public static final String MAINTENANCE_NODE_OS = "aksManagedNodeOSUpgradeSchedule";
  public static final String MAINTENANCE_FREQUENCY = "Weekly";
  public static final int MAINTENANCE_INTERVAL_WEEKS = 1;
  public static final String MAINTENANCE_DAY = "Sunday";
  public static final String MAINTENANCE_UTC_OFFSET = "+00:00";
  public static final int MAINTENANCE_DURATION_HOURS = 4;
  public static final String MAINTENANCE_AUTO_UPGRADE_START = "00:00";
  public static final String MAINTENANCE_NODE_OS_START = "04:00";

  /**
   * Built-in role Network Contributor, which the cluster's system-assigned (control plane) identity
   * needs on the node subnet it does not own: MicrosoftDocs/azure-docs {@code
   * articles/role-based-access-control/built-in-roles/networking.md} at commit {@code 03adcc30},
   * section "Network Contributor"; the requirement: azure-aks-docs {@code
   * concepts-network-cni-overview.md:115} at {@code fb060abe6a8f}.
   */
  public static final String NETWORK_CONTRIBUTOR_ROLE_ID = "4d97b98b-1d4f-4787-a291-c67834d212e7";

  /**
   * The application id of AKS's Microsoft Entra server application, the audience of every token an
   * Entra ID cluster (spec.authentication EntraID) accepts, the same in all clouds: Azure/kubelogin
   * {@code docs/book/src/concepts/aks.md:7} at {@code 66784961}; azure-cli's {@code aks_runcommand}
   * asks for a token of the same id.
   */
  public static final String AKS_ENTRA_SERVER_APP_ID = "6dae42f8-4368-4678-94ff-3960e28e3630";

  /**
   * How the Terraform in-cluster root's kubelogin signs in by default: with the Azure CLI login
   * Terraform itself uses. AAD_LOGIN_METHOD in the environment overrides the flag (Azure/kubelogin
   * {@code pkg/internal/token/options.go:251-253} at {@code 66784961}), so a pipeline chooses
   * workloadidentity, spn or msi without editing the code ({@code
   * docs/book/src/cli/get-token.md:29}).
   */
  public static final String KUBELOGIN_LOGIN = "azurecli";

  /**
   * The ExecCredential version the providers ask kubelogin for: kubelogin answers in the version
   * requested, v1beta1 when none is (Azure/kubelogin {@code
   * pkg/internal/token/execCredentialWriter.go:18-70}); hashicorp/terraform-provider-kubernetes
   * v3.2.1 {@code docs/index.md:108-123} documents v1beta1 exec blocks.
   */
  public static final String KUBELOGIN_EXEC_API_VERSION = "client.authentication.k8s.io/v1beta1";

  /**
   * Built-in role Azure Kubernetes Service RBAC Cluster Admin ("Lets you manage all resources in
   * the cluster"), which the Bicep installer identity needs on an Entra ID cluster: the run command
   * runs its commands as the caller's Entra identity there (azure-cli {@code aks_runcommand} sends
   * a clusterToken), and the installs create namespaces and cluster-scoped objects. Id from
   * MicrosoftDocs/azure-docs built-in roles (containers), listed in azure-aks-docs {@code
   * entra-id-authorization.md:129} at {@code fb060abe6a8f}.
   */
  public static final String RBAC_CLUSTER_ADMIN_ROLE_ID = "b1ff04bb-8a4e-4dc4-8eb5-8693973ce19b";

  /**
   * The ephemeral Terraform variable the in-cluster root of a private Entra ID cluster takes the
   * run command's token from (a token for {@link #AKS_ENTRA_SERVER_APP_ID}, sent as the request's
   * clusterToken); a pipeline sets it as TF_VAR_ plus this name.
   */
  public static final String RUN_COMMAND_TOKEN_VARIABLE = "aks_run_command_token";

  private Platform() {}
}
