package ai.modelplane.generator.render;

import java.util.List;

/**
 * A scanner finding the generated code triggers on purpose, with the reason written next to it. The
 * one table of these lives here, for Terraform and Bicep alike (Checkov runs the same AKS check ids
 * on both), so that the two targets and the docs agree.
 *
 * @param checkovId Checkov check id, e.g. {@code CKV_AZURE_141}
 * @param trivyId the matching Trivy id ({@code AVD-AZU-00xx}), or empty when Trivy has none
 * @param reason why the generated code does not comply
 */
public record ScannerSkip(String checkovId, String trivyId, String reason) {
  /**
   * Findings on the cluster ({@code azurerm_kubernetes_cluster}, {@code
   * Microsoft.ContainerService/managedClusters}).
   */
  public static final List<ScannerSkip> CLUSTER =
      List.of(
          new ScannerSkip(
              "CKV_AZURE_4", "AVD-AZU-0040", "no Log Analytics workspace in the AKSCluster spec"),
          new ScannerSkip(
              "CKV_AZURE_6",
              "AVD-AZU-0041",
              "the spec has no allowed IP ranges; kubeconfig consumers reach the API server from anywhere"),
          new ScannerSkip(
              "CKV_AZURE_115",
              "AVD-AZU-0065",
              "public API server: that is how kubeconfig consumers reach it"),
          new ScannerSkip(
              "CKV_AZURE_116", "AVD-AZU-0066", "Azure Policy add-on is not part of the spec"),
          new ScannerSkip(
              "CKV_AZURE_117",
              "AVD-AZU-0067",
              "customer-managed disk encryption is not part of the spec"),
          new ScannerSkip(
              "CKV_AZURE_141",
              "",
              "local accounts stay enabled: the kubeconfig output embeds a client certificate"),
          new ScannerSkip(
              "CKV_AZURE_170",
              "",
              "Free tier, as upstream Modelplane; the spec does not expose the SLA tier"),
          new ScannerSkip("CKV_AZURE_172", "", "the Secrets Store CSI add-on is not used"),
          new ScannerSkip(
              "CKV_AZURE_226",
              "",
              "diskSizeGb maps to a managed OS disk; many sizes have no local disk for an ephemeral one"),
          new ScannerSkip(
              "CKV_AZURE_227",
              "",
              "host encryption needs the EncryptionAtHost subscription feature, not part of the spec"),
          new ScannerSkip(
              "CKV_AZURE_232",
              "",
              "System pools also host controllers and gateways, which the CriticalAddonsOnly taint would evict"));

  /**
   * The one cluster finding a private cluster ({@code endpointAccess: Private}) does not trigger.
   */
  public static final String PUBLIC_API_SERVER = "CKV_AZURE_115";

  /** {@link #CLUSTER} for a private cluster, whose API server has no public address. */
  public static final List<ScannerSkip> PRIVATE_CLUSTER =
      CLUSTER.stream().filter(skip -> !skip.checkovId().equals(PUBLIC_API_SERVER)).toList();

  /** Findings on {@code azurerm_kubernetes_cluster_node_pool}. */
  public static final List<ScannerSkip> NODE_POOL =
      List.of(
          new ScannerSkip(
              "CKV_AZURE_227",
              "",
              "host encryption needs the EncryptionAtHost subscription feature, not part of the spec"));

  /**
   * Findings on the VNet ({@code azurerm_virtual_network}, {@code
   * Microsoft.Network/virtualNetworks}).
   */
  public static final List<ScannerSkip> VIRTUAL_NETWORK =
      List.of(
          new ScannerSkip("CKV_AZURE_182", "", "Azure-provided DNS"),
          new ScannerSkip("CKV_AZURE_183", "", "Azure-provided DNS"));

  /** Findings on {@code azurerm_subnet}. */
  public static final List<ScannerSkip> SUBNET =
      List.of(
          new ScannerSkip(
              "CKV2_AZURE_31", "", "AKS manages the node NSG in the node resource group"));

  /** {@code true} when Trivy has a matching check. */
  public boolean hasTrivyId() {
    return !trivyId.isEmpty();
  }
}
