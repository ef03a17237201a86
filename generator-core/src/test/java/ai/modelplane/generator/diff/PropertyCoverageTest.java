package ai.modelplane.generator.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.naming.NameAnnotation;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import ai.modelplane.generator.property.Scope;
import ai.modelplane.generator.render.Target;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The property table is a closed world: every field of the CRD a user sets has one entry, in CRD
 * order, and every entry reaches diff (a binding for each of its change facts, each fact in the
 * facts file for both targets). Each failure names the field.
 */
class PropertyCoverageTest {
  private static final PropertyTable TABLE = PropertyTable.bundled();
  private static final ChangeFacts FACTS = ChangeFacts.bundled();

  /** Root fields no user chooses: fixed by the CRD, or written by a controller. */
  private static final Set<String> NOT_SET_BY_USERS = Set.of("apiVersion", "kind", "status");

  /** The CRD leaves metadata open; these are the metadata fields the generator reads. */
  private static List<String> metadataFields() {
    List<String> fields = new ArrayList<>(List.of("metadata.name", "metadata.namespace"));
    for (NameAnnotation annotation : NameAnnotation.values()) {
      fields.add("metadata.annotations[" + annotation.key() + "]");
    }
    return fields;
  }

  @Test
  void everyFieldAUserSetsHasOneEntryInCrdOrder() {
    List<String> walked = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    JsonNode schema = CrdSchema.bundled().openApiSchema();
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> root = it.next();
      if (root.getKey().equals("metadata")) {
        walked.addAll(metadataFields());
      } else if (!NOT_SET_BY_USERS.contains(root.getKey())) {
        walk(root.getKey(), root.getValue(), walked, problems);
      }
    }
    for (Property property : TABLE.all()) {
      if (!walked.contains(property.field())) {
        problems.add(property.field() + ": not a field of the CRD a user sets");
      }
    }
    assertEquals(List.of(), problems);
    assertEquals(
        walked.stream().filter(f -> !f.startsWith(PropertyTable.POOL_PREFIX)).toList(),
        TABLE.cluster().stream().map(Property::field).toList(),
        "the cluster list, in CRD order");
    assertEquals(
        walked.stream().filter(f -> f.startsWith(PropertyTable.POOL_PREFIX)).toList(),
        TABLE.pool().stream().map(Property::field).toList(),
        "the pool list, in CRD order");
  }

  /** An entry covers its field and everything below it; an object without one is walked into. */
  private static void walk(
      String path, JsonNode schema, List<String> walked, List<String> problems) {
    boolean array = schema.path("type").asText().equals("array");
    JsonNode object = array ? schema.path("items") : schema;
    if (TABLE.byField(path).isPresent() || !object.has("properties")) {
      walked.add(path);
      if (TABLE.byField(path).isEmpty()) {
        problems.add(path + ": no entry in " + PropertyTable.RESOURCE);
      }
      return;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = object.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> child = it.next();
      walk(path + (array ? "[]." : ".") + child.getKey(), child.getValue(), walked, problems);
    }
  }

  @Test
  void everyChangeFactOfAnEntryHasABindingAndAFactForEveryTarget() {
    List<String> problems = new ArrayList<>();
    for (Property property : TABLE.all()) {
      String scope = property.scope().id();
      for (String key : property.facts()) {
        String[] parts = key.split("\\.", 2);
        String variant = parts.length == 2 ? parts[1] : "";
        try {
          ChangeFact fact = FACTS.fact(scope, parts[0], variant);
          for (Target target : Target.values()) {
            if (fact.target(target) == null) {
              problems.add(property.field() + ": " + key + " has no " + target.id() + " fact");
            }
          }
        } catch (IllegalStateException e) {
          problems.add(property.field() + ": " + e.getMessage());
        }
        if (!bound(property.scope(), parts[0])) {
          problems.add(property.field() + ": diff has no binding for " + scope + " " + parts[0]);
        }
        if (!variant.isEmpty() && !variantDecided(property.scope(), parts[0], variant)) {
          problems.add(property.field() + ": diff decides no variant " + key);
        }
      }
    }
    assertEquals(List.of(), problems);
  }

  private static boolean bound(Scope scope, String property) {
    return scope == Scope.CLUSTER
        ? ClusterValues.of(property).isPresent()
        : PoolValues.of(property).isPresent() || property.equals(PoolDiff.MATCHED_BY);
  }

  private static boolean variantDecided(Scope scope, String property, String variant) {
    return scope == Scope.CLUSTER
        ? ClusterVariants.known().contains(variant)
        : PoolDiff.decides(property, variant);
  }

  @Test
  void everyBindingBelongsToAnEntry() {
    Set<String> unused = new TreeSet<>();
    ClusterValues.properties().stream()
        .filter(p -> !usedBy(TABLE.cluster(), p))
        .forEach(p -> unused.add("cluster." + p));
    PoolValues.properties().stream()
        .filter(p -> !usedBy(TABLE.pool(), p))
        .forEach(p -> unused.add("pool." + p));
    assertEquals(Set.of(), unused);
  }

  private static boolean usedBy(List<Property> entries, String property) {
    return entries.stream().anyMatch(e -> e.factProperties().contains(property));
  }

  /**
   * The facts file holds exactly the facts the table's entries use and the changes of no one field
   * (a cluster or pool added or removed, the default pool moved, the network operator or the GPU
   * stack installed or removed), which the diff decides from the whole cluster.
   */
  @Test
  void factsFileHoldsExactlyTheTablesFactsAndTheChangesOfNoField() {
    Set<String> expected = new TreeSet<>();
    Stream.of(
            ModelDiff.ADDED,
            ModelDiff.REMOVED,
            ModelDiff.DEFAULT_POOL_MOVE,
            ModelDiff.DEFAULT_POOL_MOVE + "." + ModelDiff.INJECTED_REPLACED,
            ModelDiff.DEFAULT_POOL_MOVE + "." + ModelDiff.INJECTED_SAME_NAME,
            ModelDiff.NETWORK_OPERATOR,
            ModelDiff.GPU_STACK_COMPONENTS)
        .forEach(key -> expected.add("cluster." + key));
    expected.add("pool." + ModelDiff.ADDED);
    expected.add("pool." + ModelDiff.REMOVED);
    TABLE.all().forEach(p -> p.facts().forEach(key -> expected.add(p.scope().id() + "." + key)));
    Set<String> actual = new TreeSet<>();
    for (ChangeFact fact : FACTS.all()) {
      actual.add(
          fact.scope()
              + "."
              + fact.property()
              + (fact.variant().isEmpty() ? "" : "." + fact.variant()));
    }
    Set<String> unused = new TreeSet<>(actual);
    unused.removeAll(expected);
    Set<String> missing = new TreeSet<>(expected);
    missing.removeAll(actual);
    assertEquals(Set.of(), unused, "facts no entry or change of no field uses");
    assertEquals(Set.of(), missing, "facts the table names and the facts file lacks");
  }
}
