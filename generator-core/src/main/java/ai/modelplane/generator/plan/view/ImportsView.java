package ai.modelplane.generator.plan.view;

import java.util.List;

/**
 * What a root's {@code imports.tf} reads under {@code generate --adopt}: one Terraform {@code
 * import} block per resource the root manages, so that its first plan takes a live cluster over
 * instead of creating it.
 *
 * @param cluster the cluster
 * @param imports every resource of the root, in address order
 * @param subscriptionData the name of the {@code azurerm_client_config} data source the ARM ids
 *     read the subscription from, empty when no id needs it
 */
public record ImportsView(ClusterView cluster, List<ImportBlock> imports, String subscriptionData) {
  public ImportsView {
    imports = List.copyOf(imports);
  }

  /**
   * @param to the resource address, built from identifiers only
   * @param underSubscription true for ARM ids, which start with {@code /subscriptions/<subscription
   *     id>}
   * @param id the rest of the ARM id after the subscription, or the whole provider import id
   */
  public record ImportBlock(String to, boolean underSubscription, String id) {}
}
