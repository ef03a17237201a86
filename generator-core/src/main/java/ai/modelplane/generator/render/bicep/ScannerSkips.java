package ai.modelplane.generator.render.bicep;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Checkov checks the generated cluster fails on purpose, with the reason written next to the skip
 * (one table, so code and docs agree). Cheap checks are complied with instead (RBAC, Azure CNI,
 * scale sets, maxPods, no node public IPs).
 */
final class ScannerSkips {
  /** Check id to reason, in the order the skips are written. */
  static final Map<String, String> CLUSTER;

  static {
    Map<String, String> skips = new LinkedHashMap<>();
    skips.put("CKV_AZURE_141", "local accounts stay enabled; the kubeconfig consumers use carries a client certificate");
    skips.put("CKV_AZURE_115", "public API server; kubeconfig consumers reach it from outside the VNet");
    skips.put("CKV_AZURE_6", "the AKSCluster has no field for authorized IP ranges");
    skips.put("CKV_AZURE_4", "no Log Analytics workspace in the AKSCluster");
    skips.put("CKV_AZURE_116", "Azure Policy add-on is not part of the AKSCluster");
    skips.put("CKV_AZURE_117", "no customer-managed disk encryption set in the AKSCluster");
    skips.put("CKV_AZURE_226", "diskSizeGb maps to managed OS disks; many sizes have no room for ephemeral ones");
    skips.put("CKV_AZURE_227", "host encryption needs the EncryptionAtHost feature, not in the AKSCluster");
    skips.put("CKV_AZURE_232", "System pools also host controllers and gateways, which CriticalAddonsOnly would evict");
    CLUSTER = java.util.Collections.unmodifiableMap(skips);
  }

  private ScannerSkips() {}
}
