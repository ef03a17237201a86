package ai.modelplane.generator.emit;

import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.ImportsView;
import ai.modelplane.generator.plan.view.ImportsView.ImportBlock;
import ai.modelplane.generator.plan.view.PoolView;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.render.Target;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code generate --adopt}: an {@code imports.tf} in the infrastructure root with one {@code
 * import} block per Azure resource it manages (Terraform 1.5 added the block, 1.6 let its {@code
 * id} be an expression known at plan time: CHANGELOG at v1.5.0 line 13 and v1.6.0 line 19,
 * hashicorp/terraform; only the root module may hold them, {@code
 * internal/configs/config_build.go:369} at v1.15.9). The roots require Terraform 1.9, so the ARM
 * ids read the subscription from a data source rather than naming it in the files. {@code
 * modelplane import} read each of these resources, so none of these imports can miss.
 *
 * <p>The in-cluster root gets import blocks only under {@code --adopt-in-cluster}: an import of an
 * object the cluster lacks fails the plan (kubernetes v3.2.1 {@code
 * resource_kubernetes_storage_class_v1.go:161-171} and {@code
 * resource_kubernetes_namespace_v1.go:91-98}: Read clears the id of a missing object; helm v3.1.2
 * {@code helm/resource_helm_release.go:2411-2418}: ImportState errors on a missing release), and
 * only a cluster Modelplane built holds the StorageClass or, with InfiniBand pools, the operator's
 * namespace. The Helm releases are never imported: {@code upgrade_install = true} upgrades a
 * release of the same name in place of installing it (helm v3.1.2 {@code :874-891}).
 *
 * <p>Import id formats, azurerm v5.2.0 {@code website/docs/r/*.html.markdown}, section "Import":
 * {@code resource_group} line 60, {@code virtual_network} 228, {@code subnet} 174, {@code
 * kubernetes_cluster} 1230, {@code kubernetes_cluster_node_pool} 355. In-cluster: kubernetes v3.2.1
 * StorageClass and namespace import by object name ({@code
 * resource_kubernetes_storage_class_v1.go:32-33}, {@code
 * resource_kubernetes_namespace_v1.go:31-32}). See docs/facts/day2-provider-facts.md, "Adoption:
 * import ids".
 */
public final class Adoption {
  /**
   * The data source {@code imports.tf} of the infrastructure root declares for the subscription id.
   */
  static final String SUBSCRIPTION_DATA = "adopt";

  static final String INFRASTRUCTURE_TEMPLATE = "terraform/root/imports.tf.ftl";
  static final String IN_CLUSTER_TEMPLATE = "terraform/in-cluster/imports.tf.ftl";
  static final String FILE = "imports.tf";

  private Adoption() {}

  /**
   * {@code plan} with an {@code imports.tf} added to each infrastructure root it writes, and with
   * {@code inCluster} to each public cluster's in-cluster root too.
   */
  public static RenderPlan withImports(RenderPlan plan, boolean inCluster) {
    if (plan.files(Target.TERRAFORM).isEmpty()) {
      return plan;
    }
    OutputLayout layout = new OutputLayout(Target.TERRAFORM);
    List<PlannedFile> files = new ArrayList<>(plan.files());
    for (ClusterPlan cluster : plan.clusters()) {
      ClusterView view = cluster.view();
      String name = view.source().qualifiedName();
      files.add(
          new PlannedFile(
              Target.TERRAFORM,
              layout.clusterRoot(name) + FILE,
              INFRASTRUCTURE_TEMPLATE,
              new ImportsView(view, infrastructure(view), SUBSCRIPTION_DATA)));
      if (!inCluster) {
        continue;
      }
      if (view.privateEndpoint()) {
        // A private cluster's in-cluster root holds only azapi_resource_action objects, which
        // cannot be imported (azapi v2.9.0 azapi_resource_action_resource.go l.64-67: no
        // ResourceWithImportState); their first apply runs helm upgrade --install and kubectl
        // apply, which take over what exists.
        continue;
      }
      files.add(
          new PlannedFile(
              Target.TERRAFORM,
              layout.inClusterRoot(name) + FILE,
              IN_CLUSTER_TEMPLATE,
              new ImportsView(view, inCluster(view), "")));
    }
    files.sort(Comparator.comparing(PlannedFile::path));
    return new RenderPlan(plan.clusters(), files);
  }

  /** The templates {@link #withImports} adds, for loading ahead of time. */
  static List<String> templates() {
    return List.of(INFRASTRUCTURE_TEMPLATE, IN_CLUSTER_TEMPLATE);
  }

  /**
   * Every resource of the infrastructure root: network, cluster (with its default pool) and each
   * further pool.
   */
  public static List<ImportBlock> infrastructure(ClusterView cluster) {
    ClusterView.Names names = cluster.names();
    String group = "/resourceGroups/" + names.resourceGroup();
    String vnet = group + "/providers/Microsoft.Network/virtualNetworks/" + names.virtualNetwork();
    String managedCluster =
        group + "/providers/Microsoft.ContainerService/managedClusters/" + names.cluster();
    List<ImportBlock> blocks = new ArrayList<>();
    blocks.add(new ImportBlock("module.network.azurerm_resource_group.this", true, group));
    blocks.add(new ImportBlock("module.network.azurerm_virtual_network.this", true, vnet));
    blocks.add(
        new ImportBlock(
            "module.network.azurerm_subnet.nodes", true, vnet + "/subnets/" + names.subnet()));
    blocks.add(
        new ImportBlock("module.cluster.azurerm_kubernetes_cluster.this", true, managedCluster));
    for (PoolView pool : cluster.additionalPools()) {
      blocks.add(
          new ImportBlock(
              "module."
                  + pool.module().terraformName()
                  + ".azurerm_kubernetes_cluster_node_pool.this",
              true,
              managedCluster + "/agentPools/" + pool.name()));
    }
    return blocks;
  }

  /**
   * The in-cluster objects a cluster Modelplane built holds, for {@code --adopt-in-cluster}: the
   * StorageClass, the GPU stack's namespaces and, with InfiniBand pools, the network operator's
   * namespace. Not the Helm releases, which {@code upgrade_install} takes over.
   */
  public static List<ImportBlock> inCluster(ClusterView cluster) {
    List<ImportBlock> blocks = new ArrayList<>();
    blocks.add(
        new ImportBlock(
            "module.model_cache.kubernetes_storage_class_v1.this",
            false,
            cluster.storageClassName()));
    if (cluster.components().gpuStackInstalled()) {
      blocks.add(
          new ImportBlock(
              "module.node_feature_discovery.kubernetes_namespace_v1.this",
              false,
              Platform.NFD_NAMESPACE));
      boolean dra = cluster.components().draDriver();
      blocks.add(
          new ImportBlock(
              dra
                  ? "module.nvidia_dra_driver.kubernetes_namespace_v1.this"
                  : "module.nvidia_device_plugin.kubernetes_namespace_v1.this",
              false,
              dra ? Platform.DRA_DRIVER_NAMESPACE : Platform.DEVICE_PLUGIN_NAMESPACE));
    }
    if (cluster.components().networkOperator()) {
      blocks.add(
          new ImportBlock(
              "module.nvidia_network_operator.kubernetes_namespace_v1.this",
              false,
              Platform.NETWORK_OPERATOR_NAMESPACE));
    }
    return blocks;
  }
}
