package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Transition rules ({@code oldSelf}): run only against an earlier revision, where the API server
 * would run them.
 */
class TransitionRulesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Predicate<String> NOTHING_BROKEN = pointer -> false;

  /**
   * A schema with transition rules on a property, on map-list items (keyed by name) and on
   * atomic-list items.
   */
  private static final String SCHEMA =
      """
      {"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "mode": {"type": "string", "x-kubernetes-validations": [{"rule": "self == oldSelf", "message": "mode is immutable"}]},
        "pools": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"],
          "items": {"type": "object", "properties": {"name": {"type": "string"}, "size": {"type": "integer"}},
            "x-kubernetes-validations": [{"rule": "self.size >= oldSelf.size", "message": "size may only grow", "fieldPath": ".size"}]}},
        "tags": {"type": "array",
          "items": {"type": "object", "properties": {"k": {"type": "string"}},
            "x-kubernetes-validations": [{"rule": "self.k == oldSelf.k", "message": "uncorrelatable"}]}},
        "count": {"type": "integer", "x-kubernetes-validations": [{"rule": "self >= 1", "message": "count must be at least 1"}]}
      }}}}
      """;

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** What a plain validation (a create) of {@code document} finds, as "pointer: message". */
  private static List<String> evaluate(CelRules rules, JsonNode document) {
    RecordedFindings found = new RecordedFindings();
    rules.evaluate(document, NOTHING_BROKEN, found);
    return messages(found);
  }

  /** What an update from {@code before} to {@code after} finds, as "pointer: message". */
  private static List<String> transitions(CelRules rules, JsonNode after, JsonNode before) {
    RecordedFindings found = new RecordedFindings();
    rules.evaluateTransitions(after, before, "before.yaml:1", found);
    return messages(found);
  }

  private static List<String> messages(RecordedFindings found) {
    return found.list().stream().map(f -> f.pointer() + ": " + f.message()).toList();
  }

  @Test
  void aTransitionRuleIsRecognisedByItsUseOfOldSelf() {
    CelRules rules = CelRules.compile(json(SCHEMA));
    assertEquals(
        List.of(true, true, true, false),
        rules.rules().stream().map(CelRules.Rule::transition).toList());
  }

  @Test
  void aPlainValidationRunsNoTransitionRule() {
    CelRules rules = CelRules.compile(json(SCHEMA));
    JsonNode document =
        json(
            "{\"spec\": {\"mode\": \"a\", \"pools\": [{\"name\": \"p\", \"size\": 1}], \"tags\": [{\"k\": \"x\"}], \"count\": 0}}");
    assertEquals(List.of("/spec/count: count must be at least 1"), evaluate(rules, document));
  }

  @Test
  void transitionRulesRunWhereBothRevisionsHaveTheValueAndMapItemsMatchByKey() {
    CelRules rules = CelRules.compile(json(SCHEMA));
    JsonNode before =
        json(
            "{\"spec\": {\"mode\": \"a\", \"pools\": [{\"name\": \"p\", \"size\": 4}, {\"name\": \"q\", \"size\": 2}],"
                + " \"tags\": [{\"k\": \"x\"}], \"count\": 0}}");
    // q moved to the front and shrank, p grew, r is new (no earlier self), the atomic list changed.
    JsonNode after =
        json(
            "{\"spec\": {\"mode\": \"b\", \"pools\": [{\"name\": \"q\", \"size\": 1}, {\"name\": \"p\", \"size\": 5},"
                + " {\"name\": \"r\", \"size\": 0}], \"tags\": [{\"k\": \"y\"}], \"count\": 0}}");
    assertEquals(
        List.of("/spec/mode: mode is immutable", "/spec/pools/0/size: size may only grow"),
        transitions(rules, after, before));
    assertEquals(List.of(), transitions(rules, after, after));
  }

  @Test
  void aValueAbsentFromTheEarlierRevisionIsNotCompared() {
    CelRules rules = CelRules.compile(json(SCHEMA));
    assertEquals(
        List.of(),
        transitions(rules, json("{\"spec\": {\"mode\": \"b\"}}"), json("{\"spec\": {}}")));
  }

  @Test
  void theCrdMakesEndpointAccessImmutable() {
    CelRules rules = CelRules.compile(CrdSchema.bundled().openApiSchema());
    List<CelRules.Rule> transitions =
        rules.rules().stream().filter(CelRules.Rule::transition).toList();
    assertEquals(
        List.of("/spec/endpointAccess self == oldSelf"),
        transitions.stream().map(r -> r.schemaPath() + " " + r.expression()).toList());
    JsonNode publicCluster = json("{\"spec\": {\"endpointAccess\": \"Public\"}}");
    JsonNode privateCluster = json("{\"spec\": {\"endpointAccess\": \"Private\"}}");
    assertEquals(
        List.of(
            "/spec/endpointAccess: endpointAccess cannot change on an existing cluster: AKS fixes it when it creates the cluster;"
                + " create a new cluster to change it"),
        transitions(rules, privateCluster, publicCluster));
    assertEquals(
        transitions(rules, privateCluster, publicCluster),
        transitions(rules, publicCluster, privateCluster),
        "both directions");
    assertEquals(List.of(), transitions(rules, privateCluster, privateCluster));
  }
}
