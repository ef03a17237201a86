package ai.modelplane.generator.plan;

import ai.modelplane.generator.platform.InClusterInstaller;
import ai.modelplane.generator.platform.ModelCacheSpec;
import ai.modelplane.generator.platform.NicClusterPolicySpec;
import ai.modelplane.generator.platform.Platform;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** The components a cluster may hold, each built from the platform's pins and the cluster. */
final class InClusterComponents {
  /** The StorageClass's resource, as {@code kubectl delete} names it. */
  static final String STORAGE_CLASS_RESOURCE = "storageclass";

  static final String NAMESPACE_RESOURCE = "namespace";

  /** The label that sets a namespace's Pod Security Admission level. */
  static final String POD_SECURITY_ENFORCE_LABEL = "pod-security.kubernetes.io/enforce";

  private InClusterComponents() {}

  /** The ReadWriteMany StorageClass for ModelCache PVCs, on every cluster. */
  static InClusterComponent modelCache(String storageClassName) {
    return new InClusterComponent(
        "the ModelCache StorageClass",
        true,
        0,
        List.of(
            new KubernetesManifest(
                "storage-class",
                STORAGE_CLASS_RESOURCE,
                false,
                ModelCacheSpec.manifest(storageClassName))));
  }

  /**
   * The NVIDIA network operator, for InfiniBand pools: its privileged namespace, the chart (its
   * node-feature-discovery workers tolerate the GPU pools' taints, so that GPU nodes get the labels
   * the operator picks driver images by), then the NicClusterPolicy, which needs the chart's CRD.
   */
  static InClusterComponent networkOperator(boolean present, List<String> gpuTaints) {
    ObjectNode values = JsonNodeFactory.instance.objectNode();
    values
        .putObject("node-feature-discovery")
        .putObject("worker")
        .set("tolerations", Tolerations.of(gpuTaints));
    return new InClusterComponent(
        "the NVIDIA network operator",
        present,
        Platform.NETWORK_OPERATOR_TIMEOUT_SECONDS,
        List.of(
            new KubernetesManifest(
                "network-operator-namespace",
                NAMESPACE_RESOURCE,
                false,
                namespace(
                    Platform.NETWORK_OPERATOR_NAMESPACE,
                    Platform.NETWORK_OPERATOR_NAMESPACE_ENFORCE)),
            new HelmRelease(
                Platform.NETWORK_OPERATOR_CHART,
                Platform.NETWORK_OPERATOR_CHART,
                Platform.NVIDIA_HELM_REPOSITORY,
                Platform.NETWORK_OPERATOR_VERSION,
                Platform.NETWORK_OPERATOR_NAMESPACE,
                Platform.NETWORK_OPERATOR_TIMEOUT_SECONDS,
                values),
            new KubernetesManifest(
                "nic-cluster-policy",
                InClusterInstaller.NIC_POLICY_RESOURCE,
                true,
                NicClusterPolicySpec.manifest(Tolerations.of(gpuTaints)))));
  }

  /** A namespace at the Pod Security Admission level {@code enforce}. */
  static ObjectNode namespace(String name, String enforce) {
    ObjectNode namespace = JsonNodeFactory.instance.objectNode();
    namespace.put("apiVersion", "v1").put("kind", "Namespace");
    ObjectNode metadata = namespace.putObject("metadata").put("name", name);
    metadata.putObject("labels").put(POD_SECURITY_ENFORCE_LABEL, enforce);
    return namespace;
  }
}
