package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.FieldPaths;
import ai.modelplane.generator.load.SourceMap;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.property.PropertyTable;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What upstream Modelplane's XRD and Crossplane v2 allow and the generated code cannot use as
 * written. A manifest exported from an upstream cluster ({@code kubectl get aks -o yaml}) must
 * validate as it is, so these are warnings, never errors:
 *
 * <ul>
 *   <li>{@code spec.credentials}, {@code spec.crossplane} and {@code status} have no meaning for
 *       Terraform or Bicep: one warning per document names them all.
 *   <li>{@code minNodeCount: 0} on a System pool (upstream defaults it to 0, so every export
 *       carries it) is generated as 1, and a nodeCount or maxNodeCount below that as 1 too. On a
 *       GPU pool an explicit 0 is an error (MP415): the output would differ from what was written
 *       and keep a GPU node running around the clock; an absent one defaults to 1.
 *   <li>A zone listed twice (upstream's zones list is atomic) is generated once.
 *   <li>A spec without a System pool (upstream injects its own default pool and composes every pool
 *       of the spec as a User pool) gets that injected pool as its default pool; a pool named as
 *       the injected pool or its rotation pool is an error, as it would be in AKS.
 * </ul>
 */
final class UpstreamCompatibility {
  /**
   * The top-level parts of an upstream manifest that the generated code ignores, in document order.
   */
  private static final List<String> IGNORED =
      List.of("/spec/credentials", "/spec/crossplane", "/status");

  private UpstreamCompatibility() {}

  /**
   * One warning for every ignored part present, at the first of them; the message names each with
   * its line, so a fleet of exports is not flooded with one warning per field.
   */
  static void ignoredFields(JsonNode document, SourceMap sourceMap, Findings findings) {
    List<String> present = new ArrayList<>();
    for (String pointer : IGNORED) {
      JsonNode value = document.at(pointer);
      if (!value.isMissingNode() && !value.isNull()) {
        present.add(pointer);
      }
    }
    if (present.isEmpty()) {
      return;
    }
    List<String> named = new ArrayList<>();
    for (String pointer : present) {
      named.add(
          FieldPaths.toFieldPath(pointer, document)
              + " (line "
              + sourceMap.keyPosition(pointer).line()
              + ")");
    }
    // The diagnostic's own path names the first; the message names the others too.
    String message =
        named.size() == 1
            ? "accepted as upstream Modelplane writes it and ignored: the generated code does not use it"
            : String.join(", ", named.subList(0, named.size() - 1))
                + " and "
                + named.get(named.size() - 1)
                + " are accepted as upstream Modelplane writes them and ignored: the generated code does not use them";
    findings.warningAtKey(
        present.get(0), DiagnosticCode.MP110, message, "see docs/upstream-compatibility.md");
  }

  /**
   * Rewrites, in the defaulted and schema-valid {@code document}, the values that upstream accepts
   * and AKS or the generated code cannot use, and says so for each.
   */
  static void safeValues(JsonNode document, Findings findings) {
    JsonNode pools = document.path("spec").path("nodePools");
    for (int i = 0; i < pools.size(); i++) {
      if (pools.get(i) instanceof ObjectNode pool) {
        String at = FieldPaths.pointer("/spec/nodePools", i);
        raiseZeroMinimum(pool, at, findings);
        dropRepeatedZones(pool, at, findings);
      }
    }
  }

  /**
   * On the bound {@code cluster}: a warning at {@code spec.nodePools} when no pool has role System,
   * so that the default pool is the one upstream Modelplane injects, and an error at each pool of
   * the spec whose name is that pool's name or its temporary rotation name.
   */
  static void injectedDefaultPool(AksCluster cluster, Findings findings) {
    if (!cluster.spec().injectsDefaultPool()) {
      return;
    }
    NodePool injected = cluster.spec().defaultPool();
    String rotation = cluster.names().rotationName(injected.name());
    findings.warningAtKey(
        "/spec/nodePools",
        DiagnosticCode.MP413,
        "no node pool has role System, so the cluster gets the default pool upstream Modelplane"
            + " injects: {"
            + PropertyTable.bundled().upstreamDefaultPool().entrySet().stream()
                .map(field -> field.getKey() + ": " + field.getValue().asText())
                .collect(Collectors.joining(", "))
            + "}",
        "declare a pool with role System to choose the default pool yourself; on an existing"
            + " cluster that replaces the cluster, see docs/upstream-compatibility.md");
    for (NodePool pool : cluster.spec().nodePools()) {
      String clash =
          pool.name().equals(injected.name())
              ? "the name of"
              : pool.name().equals(rotation) ? "the temporary rotation name of" : null;
      if (clash != null) {
        findings.error(
            FieldPaths.pointer(FieldPaths.pointer("/spec/nodePools", pool.index()), "name"),
            DiagnosticCode.MP414,
            "pool name "
                + pool.name()
                + " is "
                + clash
                + " the default pool "
                + injected.name()
                + " injected because no pool has role System",
            "rename the pool, or give a pool role System");
      }
    }
  }

  private static void raiseZeroMinimum(ObjectNode pool, String at, Findings findings) {
    String role = pool.path("role").asText();
    if (!pool.path("minNodeCount").isInt()
        || pool.get("minNodeCount").asInt() != 0
        || !(role.equals("System") || role.equals("GPU"))) {
      return;
    }
    if (role.equals("GPU")) {
      // Rewriting it would run a GPU node around the clock that the YAML says need not exist, and
      // nothing in CI would notice: the user must choose.
      findings.error(
          FieldPaths.pointer(at, "minNodeCount"),
          DiagnosticCode.MP415,
          "minNodeCount 0 on a GPU pool: the AKS cluster autoscaler cannot scale a pool whose GPUs"
              + " bind through Dynamic Resource Allocation up from zero nodes, so the pool would"
              + " never get a node once it scaled down",
          "write minNodeCount: 1 (or leave it out: it defaults to 1); remove the pool when it"
              + " should cost nothing");
      return;
    }
    String reason = "AKS keeps at least one node in every System pool";
    pool.set("minNodeCount", IntNode.valueOf(1));
    findings.warning(
        FieldPaths.pointer(at, "minNodeCount"),
        DiagnosticCode.MP412,
        "minNodeCount 0 on a " + role + " pool is generated as 1: " + reason,
        "upstream Modelplane defaults minNodeCount to 0; write 1 to silence this");
    for (String field : List.of("nodeCount", "maxNodeCount")) {
      if (pool.path(field).isInt() && pool.get(field).asInt() < 1) {
        pool.set(field, IntNode.valueOf(1));
        findings.warning(
            FieldPaths.pointer(at, field),
            DiagnosticCode.MP412,
            field + " 0 is generated as 1, to stay at or above minNodeCount",
            "");
      }
    }
  }

  private static void dropRepeatedZones(ObjectNode pool, String at, Findings findings) {
    if (!(pool.get("zones") instanceof ArrayNode zones)) {
      return;
    }
    List<JsonNode> kept = new ArrayList<>();
    for (int i = 0; i < zones.size(); i++) {
      JsonNode zone = zones.get(i);
      if (kept.contains(zone)) {
        findings.warning(
            FieldPaths.pointer(FieldPaths.pointer(at, "zones"), i),
            DiagnosticCode.MP412,
            "zone " + zone + " is listed more than once; it is generated once",
            "");
      } else {
        kept.add(zone);
      }
    }
    if (kept.size() != zones.size()) {
      zones.removeAll();
      zones.addAll(kept);
    }
  }
}
