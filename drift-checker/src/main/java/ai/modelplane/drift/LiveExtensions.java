package ai.modelplane.drift;

import static ai.modelplane.drift.SdkLists.orEmpty;

import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * workloadIdentity: true} when the live cluster has it on. A pool whose tags differ from the
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

  private static Map<String, String> tagsOf(Map<String, String> tags) {
    Map<String, String> copy = new TreeMap<>();
    if (tags != null) {
      tags.forEach((name, value) -> copy.put(name, Objects.toString(value, "")));
    }
    return copy;
  }
}
