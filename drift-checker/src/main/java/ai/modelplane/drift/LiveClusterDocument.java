package ai.modelplane.drift;

import static ai.modelplane.drift.YamlScalars.comment;

import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.lazy.Once;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.model.EndpointAccess;
import ai.modelplane.generator.naming.NameAnnotation;
import ai.modelplane.generator.naming.Naming;
import ai.modelplane.generator.property.PropertyTable;
import ai.modelplane.generator.text.DocumentWriter;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * One live managed cluster (and its VNet) as an AKSCluster document: what the CRD can say is
 * mapped, the live names that differ from {@link Naming} become {@link NameAnnotation}s, and
 * everything else the generated code would change or cannot hold is a warning, written as a comment
 * beside the document too.
 *
 * <p>The document is a tree built from the property table ({@link PropertyImport}): each field by
 * its import rule, in the table's order (the CRD's); a {@code value} is read at the field's {@code
 * arm} path, the rest are derived here and in {@link LivePools}: the names ({@link LiveNames}), the
 * Kubernetes version as major.minor ({@link LiveClusterSettings}), {@code endpointAccess}, the node
 * subnet's VNet ({@link LiveNetworking}), and per Linux pool its role, count and autoscaler bounds,
 * GPU accelerator and InfiniBand fabric, and the maintenance windows ({@link LiveMaintenance}). The
 * tree is written by the one {@link DocumentWriter}, under comment lines naming the live cluster
 * and every warning. Each section warns where the generated code fixes a value differently or the
 * CRD has no field. Ignores what Azure fills in or owns, as drift does.
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

  /** {@code metadata.annotations}, the one key two spaces in: before it goes a comment. */
  private static final Pattern ANNOTATIONS = Pattern.compile("(?m)^  annotations:$");

  private static final String ANNOTATIONS_COMMENT =
      "  # The live names, which differ from the ones Modelplane derives (see Naming in"
          + " docs/adoption.md).";

  /**
   * @param metadataName {@code metadata.name}
   * @param text the whole file
   * @param warnings what the document cannot express, or the generated code sets differently
   */
  record Result(String metadataName, String text, List<String> warnings) {}

  private LiveClusterDocument() {}

  private static Optional<JsonNode> text(String value) {
    return Optional.of(JsonNodeFactory.instance.textNode(value));
  }

  static Result of(
      ManagedClusterInner cluster,
      Optional<VirtualNetworkInner> network,
      Map<String, JsonNode> maintenance,
      String namespace,
      String metadataName,
      VmSizeCatalog catalog,
      Optional<String> infinibandFeature) {
    // The warnings in the order the sections are read: the pools left out, names, version,
    // networking, network profile, cluster settings, then each pool.
    List<String> warnings = new ArrayList<>();
    Consumer<String> warn = warnings::add;
    String resourceGroup = LiveNames.resourceGroup(cluster);
    // A subnet outside the cluster's resource group is written as spec.networking.subnetId; the
    // name annotations and the ranges then describe no network of the cluster's own.
    Optional<String> existingSubnet = LiveNames.existingSubnetId(cluster, resourceGroup);
    Optional<String[]> subnet =
        existingSubnet.isPresent() ? Optional.empty() : LiveNames.subnet(cluster);
    LivePools pools = new LivePools(cluster, catalog, warn, infinibandFeature);
    List<ManagedClusterAgentPoolProfile> imported = pools.imported();
    LiveClusterSettings settings = new LiveClusterSettings(cluster, warn);
    LiveNetworking networking = new LiveNetworking(network, warn);

    JsonNode live = ArmJson.cluster(cluster);
    Once<Map<NameAnnotation, String>> annotations =
        new Once<>(
            () ->
                LiveNames.annotations(
                    cluster, resourceGroup, subnet, namespace, metadataName, warn));
    Once<Optional<LiveNetworking.Ranges>> ranges =
        new Once<>(
            () -> existingSubnet.isPresent() ? Optional.empty() : networking.section(subnet));
    Map<String, Supplier<Optional<JsonNode>>> derived = new HashMap<>();
    derived.put("metadata.name", () -> text(metadataName));
    derived.put("metadata.namespace", () -> text(namespace));
    for (NameAnnotation annotation : NameAnnotation.values()) {
      derived.put(
          "metadata.annotations[" + annotation.key() + "]",
          () -> Optional.ofNullable(annotations.get().get(annotation)).flatMap(v -> text(v)));
    }
    derived.put("spec.kubernetesVersion", () -> text(settings.kubernetesVersion()));
    derived.put(
        "spec.endpointAccess",
        () -> settings.isPrivate() ? text(EndpointAccess.PRIVATE.yamlName()) : Optional.empty());
    LiveExtensions extensions = new LiveExtensions(cluster, warn);
    derived.put("spec.tags", () -> extensions.tags(imported));
    derived.put("spec.workloadIdentity", extensions::workloadIdentity);
    derived.put("spec.authentication.mode", extensions::authenticationMode);
    derived.put("spec.authentication.adminGroupObjectIds", extensions::adminGroupObjectIds);
    derived.put("spec.networking.subnetId", () -> existingSubnet.flatMap(id -> text(id)));
    LiveMaintenance windows = new LiveMaintenance(maintenance, warn);
    derived.put(
        "spec.maintenance.nodeOsUpgradeChannel",
        () ->
            windows.nodeOsUpgradeChannel(
                ArmJson.at(live, "properties.autoUpgradeProfile.nodeOSUpgradeChannel")));
    derived.put("spec.maintenance.autoUpgradeWindow", windows::autoUpgradeWindow);
    derived.put("spec.maintenance.nodeOsWindow", windows::nodeOsWindow);
    ObjectNode doc = JsonNodeFactory.instance.objectNode();
    doc.put("apiVersion", CrdSchema.API_VERSION).put("kind", CrdSchema.KIND);
    PropertyTable table = PropertyTable.bundled();
    PropertyImport.write(
        table.cluster(),
        "",
        doc,
        field ->
            switch (ArmDesired.resource(field.field())) {
              case MANAGED_CLUSTER -> live;
              case VIRTUAL_NETWORK ->
                  ranges.get().map(LiveNetworking.Ranges::vnet).orElse(MissingNode.getInstance());
              case SUBNET ->
                  ranges.get().map(LiveNetworking.Ranges::subnet).orElse(MissingNode.getInstance());
              // Both windows are derived (LiveMaintenance), never read as a value.
              case AUTO_UPGRADE_SCHEDULE, NODE_OS_SCHEDULE -> MissingNode.getInstance();
            },
        derived);
    // Read even when no field asked for them, so the warnings are complete and in reading order.
    annotations.get();
    ranges.get();
    networking.checkProfile(cluster.networkProfile());
    settings.check();
    ArrayNode nodePools = doc.withObjectProperty("spec").putArray("nodePools");
    for (ManagedClusterAgentPoolProfile pool : imported) {
      nodePools.add(pools.document(pool, table));
    }

    StringBuilder file = new StringBuilder();
    file.append(MARKER).append(comment(Objects.toString(cluster.id(), ""))).append('\n');
    file.append(MODELINE).append('\n');
    if (!warnings.isEmpty()) {
      file.append(
          "# What this AKSCluster cannot express, or the generated code sets differently (import warnings):\n");
      warnings.forEach(w -> file.append("#   - ").append(comment(w)).append('\n'));
    }
    file.append(
        ANNOTATIONS.matcher(DocumentWriter.yaml(doc)).replaceFirst(ANNOTATIONS_COMMENT + "\n$0"));
    return new Result(metadataName, file.toString(), List.copyOf(warnings));
  }
}
