package ai.modelplane.generator.platform;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The ReadWriteMany StorageClass ModelCache PVCs use ({@code status.cache.storageClassName}): Azure
 * Files Premium over SMB with upstream Modelplane's mount options ({@code mfsymlinks} because
 * Hugging Face caches use symlinks).
 */
public final class ModelCacheSpec {
  public static final String PROVISIONER = "file.csi.azure.com";
  public static final String SKU_NAME = "Premium_LRS";
  public static final String PROTOCOL = "smb";
  public static final List<String> MOUNT_OPTIONS =
      List.of(
          "dir_mode=0777",
          "file_mode=0777",
          "uid=0",
          "gid=0",
          "mfsymlinks",
          "cache=strict",
          "actimeo=30",
          "nosharesock");
  public static final String RECLAIM_POLICY = "Delete";
  public static final boolean ALLOW_VOLUME_EXPANSION = true;
  public static final String VOLUME_BINDING_MODE = "WaitForFirstConsumer";

  private ModelCacheSpec() {}

  /** The StorageClass named {@code name}. */
  public static ObjectNode manifest(String name) {
    ObjectNode storageClass = JsonNodeFactory.instance.objectNode();
    storageClass.put("apiVersion", "storage.k8s.io/v1").put("kind", "StorageClass");
    storageClass.putObject("metadata").put("name", name);
    storageClass.put("provisioner", PROVISIONER);
    storageClass.putObject("parameters").put("skuName", SKU_NAME).put("protocol", PROTOCOL);
    MOUNT_OPTIONS.forEach(storageClass.putArray("mountOptions")::add);
    storageClass
        .put("reclaimPolicy", RECLAIM_POLICY)
        .put("allowVolumeExpansion", ALLOW_VOLUME_EXPANSION)
        .put("volumeBindingMode", VOLUME_BINDING_MODE);
    return storageClass;
  }
}
