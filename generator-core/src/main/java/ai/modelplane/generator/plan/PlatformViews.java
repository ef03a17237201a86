package ai.modelplane.generator.plan;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The in-cluster objects every target installs, as the plain maps templates read. Terraform and
 * Bicep both take them from here, so the NicClusterPolicy and the StorageClass cannot drift apart
 * between the targets.
 */
public final class PlatformViews {
  private PlatformViews() {}

  /** {@link NicClusterPolicySpec} plus the node label and taint it selects and tolerates. */
  public static Map<String, Object> nicClusterPolicy() {
    Map<String, Object> policy = new LinkedHashMap<>();
    policy.put("apiVersion", NicClusterPolicySpec.API_VERSION);
    policy.put("kind", NicClusterPolicySpec.KIND);
    policy.put("name", NicClusterPolicySpec.NAME);
    policy.put("fabricLabel", Platform.FABRIC_LABEL);
    policy.put("fabricValue", Platform.FABRIC_INFINIBAND_VALUE);
    policy.put("gpuTaintKey", Platform.GPU_TAINT_KEY);
    policy.put("repository", NicClusterPolicySpec.IMAGE_REPOSITORY);
    policy.put("driverImage", NicClusterPolicySpec.DRIVER_IMAGE);
    policy.put("driverVersion", NicClusterPolicySpec.DRIVER_VERSION);
    policy.put("driverBlacklistEnv", NicClusterPolicySpec.DRIVER_BLACKLIST_ENV);
    policy.put("driverBlacklistFile", NicClusterPolicySpec.DRIVER_BLACKLIST_FILE);
    policy.put("driverMaxParallelUpgrades", NicClusterPolicySpec.DRIVER_MAX_PARALLEL_UPGRADES);
    policy.put("driverDrainTimeoutSeconds", NicClusterPolicySpec.DRIVER_DRAIN_TIMEOUT_SECONDS);
    policy.put("rdmaPluginImage", NicClusterPolicySpec.RDMA_PLUGIN_IMAGE);
    policy.put("rdmaPluginVersion", NicClusterPolicySpec.RDMA_PLUGIN_VERSION);
    policy.put("rdmaResourceName", NicClusterPolicySpec.RDMA_RESOURCE_NAME);
    policy.put("rdmaPluginConfig", NicClusterPolicySpec.rdmaPluginConfigJson());
    return policy;
  }

  /** {@link ModelCacheSpec}: the ReadWriteMany StorageClass, except its name (the plan's). */
  public static Map<String, Object> modelCache() {
    Map<String, Object> cache = new LinkedHashMap<>();
    cache.put("provisioner", ModelCacheSpec.PROVISIONER);
    cache.put("skuName", ModelCacheSpec.SKU_NAME);
    cache.put("protocol", ModelCacheSpec.PROTOCOL);
    cache.put("mountOptions", ModelCacheSpec.MOUNT_OPTIONS);
    cache.put("reclaimPolicy", ModelCacheSpec.RECLAIM_POLICY);
    cache.put("allowVolumeExpansion", ModelCacheSpec.ALLOW_VOLUME_EXPANSION);
    cache.put("volumeBindingMode", ModelCacheSpec.VOLUME_BINDING_MODE);
    return cache;
  }
}
