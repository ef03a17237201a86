package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.GpuStack;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.text.VersionOrder;

/**
 * {@code spec.gpuStack} DRA needs Kubernetes {@value Platform#DRA_MINIMUM_KUBERNETES} or later. An
 * error, not a warning: below it AKS serves no {@code resource.k8s.io} API (DRA is GA and on by
 * default from 1.34, kubernetes/enhancements KEP-4381 {@code kep.yaml}; AKS enables it from 1.34
 * only, Azure/AKS blog 2026-03-03), and the DRA driver's chart then refuses to render
 * (dra-driver-nvidia-gpu v0.4.1 {@code templates/_helpers.tpl:187-198}, {@code
 * templates/validation.yaml:124-130}), so every apply of the in-cluster step would fail. Only a
 * cluster that installs the stack (a GPU pool) is judged; the message sits on the version.
 */
final class GpuStackRule {
  private GpuStackRule() {}

  static void check(AksCluster cluster, Findings findings) {
    if (!cluster.spec().installsGpuStack() || cluster.spec().gpuStack() != GpuStack.DRA) {
      return;
    }
    String version = cluster.spec().kubernetesVersion();
    if (VersionOrder.compare(version, Platform.DRA_MINIMUM_KUBERNETES) >= 0) {
      return;
    }
    findings.error(
        KubernetesVersionRule.POINTER,
        DiagnosticCode.MP421,
        "gpuStack DRA installs the NVIDIA DRA driver, which needs Kubernetes "
            + Platform.DRA_MINIMUM_KUBERNETES
            + " or later (Dynamic Resource Allocation is on by default from "
            + Platform.DRA_MINIMUM_KUBERNETES
            + "), but kubernetesVersion is "
            + version,
        "write kubernetesVersion: \""
            + Platform.DRA_MINIMUM_KUBERNETES
            + "\" or later, or gpuStack: DevicePlugin for pods that request "
            + Platform.DEVICE_PLUGIN_RESOURCE);
  }
}
