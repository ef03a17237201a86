package ai.modelplane.drift;

import static ai.modelplane.drift.YamlScalars.comment;
import static ai.modelplane.drift.YamlScalars.scalar;

import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.naming.NameAnnotation;
import ai.modelplane.generator.naming.Naming;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One live managed cluster (and its VNet) as an AKSCluster document: what the CRD can say is
 * mapped, the live names that differ from {@link Naming} become {@link NameAnnotation}s, and
 * everything else the generated code would change or cannot hold is a warning, written as a comment
 * beside the document too.
 *
 * <p>Maps: name, resource group, node resource group, DNS prefix ({@link LiveNames}), location,
 * Kubernetes version (major.minor, {@link LiveClusterSettings}), the VNet's address space and the
 * node subnet (names and prefixes, {@link LiveNetworking}), and per Linux pool its name, mode, VM
 * size, OS disk size, zones, count, autoscaler bounds, GPU accelerator (pool label, else the
 * VM-size catalog) and InfiniBand fabric (an InfiniBand size in at most one zone, decided by the
 * pool's fabric label, else the subscription's feature registration, {@link LivePools}). Each
 * section warns where the generated code fixes a value differently or the CRD has no field. Ignores
 * what Azure fills in or owns, as drift does.
 */
final class LiveClusterDocument {
  /**
   * The editor-schema modeline; the schema's {@code $id}, since an imported file may land in any
   * folder.
   */
  static final String MODELINE =
      "# yaml-language-server: $schema=https://modelplane.ai/schema/akscluster.schema.json";

  /** First line of every file import writes: it marks the files a later import may replace. */
  static final String MARKER = "# Written by modelplane import from the live cluster ";

  /**
   * @param metadataName {@code metadata.name}
   * @param text the whole file
   * @param warnings what the document cannot express, or the generated code sets differently
   */
  record Result(String metadataName, String text, List<String> warnings) {}

  private LiveClusterDocument() {}

  static Result of(
      ManagedClusterInner cluster,
      Optional<VirtualNetworkInner> network,
      String namespace,
      String metadataName,
      VmSizeCatalog catalog,
      Optional<String> infinibandFeature) {
    // The warnings in the order the sections are read: the pools left out, names, version,
    // networking, network profile, cluster settings, then each pool.
    List<String> warnings = new ArrayList<>();
    Consumer<String> warn = warnings::add;
    String resourceGroup = LiveNames.resourceGroup(cluster);
    Optional<String[]> subnet = LiveNames.subnet(cluster);
    LivePools pools = new LivePools(cluster, catalog, warn, infinibandFeature);
    List<ManagedClusterAgentPoolProfile> imported = pools.imported();
    Map<NameAnnotation, String> annotations =
        LiveNames.annotations(cluster, resourceGroup, subnet, namespace, metadataName, warn);
    LiveClusterSettings settings = new LiveClusterSettings(cluster, warn);
    LiveNetworking networking = new LiveNetworking(network, warn);

    StringBuilder doc = new StringBuilder();
    doc.append("apiVersion: infrastructure.modelplane.ai/v1alpha1\n");
    doc.append("kind: AKSCluster\n");
    doc.append("metadata:\n");
    doc.append("  name: ").append(scalar(metadataName)).append('\n');
    doc.append("  namespace: ").append(scalar(namespace)).append('\n');
    if (!annotations.isEmpty()) {
      doc.append(
          "  # The live names, which differ from the ones Modelplane derives (see Naming in docs/adoption.md).\n");
      doc.append("  annotations:\n");
      annotations.forEach(
          (annotation, value) ->
              doc.append("    ")
                  .append(annotation.key())
                  .append(": ")
                  .append(scalar(value))
                  .append('\n'));
    }
    doc.append("spec:\n");
    doc.append("  location: ").append(scalar(cluster.location())).append('\n');
    doc.append("  kubernetesVersion: ").append(scalar(settings.kubernetesVersion())).append('\n');
    if (settings.isPrivate()) {
      doc.append("  endpointAccess: Private\n");
    }
    doc.append(new LiveExtensions(cluster, warn).yaml(imported));
    networking.section(subnet).ifPresent(doc::append);
    networking.checkProfile(cluster.networkProfile());
    settings.check();
    doc.append("  nodePools:\n");
    for (ManagedClusterAgentPoolProfile pool : imported) {
      doc.append(pools.yaml(pool));
    }

    StringBuilder file = new StringBuilder();
    file.append(MARKER).append(comment(Objects.toString(cluster.id(), ""))).append('\n');
    file.append(MODELINE).append('\n');
    if (!warnings.isEmpty()) {
      file.append(
          "# What this AKSCluster cannot express, or the generated code sets differently (import warnings):\n");
      warnings.forEach(w -> file.append("#   - ").append(comment(w)).append('\n'));
    }
    file.append(doc);
    return new Result(metadataName, file.toString(), List.copyOf(warnings));
  }
}
