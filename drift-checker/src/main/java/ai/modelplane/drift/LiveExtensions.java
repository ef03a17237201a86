package ai.modelplane.drift;

import static ai.modelplane.drift.SdkLists.orEmpty;

import ai.modelplane.generator.model.Authentication;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The Modelplane extensions of an imported document: {@code spec.tags} from the managed cluster's
 * tags, written as they are (AKS documents no tag of its own on the managed cluster: it copies the
 * cluster's tags to the resources it creates, not the other way, use-tags.md), and {@code
 * workloadIdentity: true} when the live cluster has it on, and {@code authentication} EntraID with
 * its admin groups for a cluster with a managed Entra ID profile. A pool whose tags differ from the
 * cluster's is a warning: the generated code gives every pool the cluster's tags.
 */
final class LiveExtensions {
  private final ManagedClusterInner cluster;
  private final Consumer<String> warn;

  LiveExtensions(ManagedClusterInner cluster, Consumer<String> warn) {
    this.cluster = cluster;
    this.warn = warn;
  }

  /** The cluster's tags, sorted by name; empty when it has none. */
  Optional<JsonNode> tags(List<ManagedClusterAgentPoolProfile> imported) {
    Map<String, String> tags = new TreeMap<>(tagsOf(cluster.tags()));
    for (ManagedClusterAgentPoolProfile pool : orEmpty(imported)) {
      if (!tagsOf(pool.tags()).equals(tags)) {
        warn.accept(
            "agent pool "
                + pool.name()
                + " has other tags than the cluster; the generated code gives every pool the cluster's tags (spec.tags)");
      }
    }
    if (tags.isEmpty()) {
      return Optional.empty();
    }
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    tags.forEach(node::put);
    return Optional.of(node);
  }

  /** {@code true} when the live cluster has workload identity on; empty (the default) otherwise. */
  Optional<JsonNode> workloadIdentity() {
    boolean on =
        cluster.securityProfile() != null
            && cluster.securityProfile().workloadIdentity() != null
            && Boolean.TRUE.equals(cluster.securityProfile().workloadIdentity().enabled());
    return on ? Optional.of(BooleanNode.TRUE) : Optional.empty();
  }

  /**
   * {@code EntraID} for a cluster with a managed Entra ID profile; empty (the default,
   * LocalAccounts) otherwise. A managed profile without Azure RBAC or with local accounts still on
   * is a warning: the generated code turns Azure RBAC on and local accounts off.
   */
  Optional<JsonNode> authenticationMode() {
    if (!entraId()) {
      return Optional.empty();
    }
    if (!Boolean.TRUE.equals(cluster.aadProfile().enableAzureRbac())) {
      warn.accept(
          "the cluster uses Entra ID without Azure RBAC; the generated code turns Azure RBAC on (spec.authentication EntraID)");
    }
    if (!Boolean.TRUE.equals(cluster.disableLocalAccounts())) {
      warn.accept(
          "the cluster uses Entra ID with local accounts on; the generated code turns them off (spec.authentication EntraID)");
    }
    return Optional.of(TextNode.valueOf(Authentication.Mode.ENTRA_ID.yamlName()));
  }

  /** The admin groups of an Entra ID cluster, in live order; empty for any other cluster. */
  Optional<JsonNode> adminGroupObjectIds() {
    List<String> groups =
        entraId() ? orEmpty(cluster.aadProfile().adminGroupObjectIDs()) : List.of();
    if (groups.isEmpty()) {
      return Optional.empty();
    }
    ArrayNode node = JsonNodeFactory.instance.arrayNode();
    groups.forEach(node::add);
    return Optional.of(node);
  }

  private boolean entraId() {
    return cluster.aadProfile() != null && Boolean.TRUE.equals(cluster.aadProfile().managed());
  }

  private static Map<String, String> tagsOf(Map<String, String> tags) {
    Map<String, String> copy = new TreeMap<>();
    if (tags != null) {
      tags.forEach((name, value) -> copy.put(name, Objects.toString(value, "")));
    }
    return copy;
  }
}
