package ai.modelplane.generator.docs;

import ai.modelplane.generator.diff.ChangeFact;
import ai.modelplane.generator.diff.ChangeFacts;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import ai.modelplane.generator.property.Scope;
import ai.modelplane.generator.render.Target;
import java.util.List;
import java.util.Optional;

/**
 * What the property table and the change facts say about a field: the Terraform argument and Bicep
 * property it becomes, and what a change of it does in each target. The field reference and {@code
 * explain} show it beside what the CRD says.
 */
public final class FieldTargets {
  private final PropertyTable table;
  private final ChangeFacts facts;

  public FieldTargets(PropertyTable table, ChangeFacts facts) {
    this.table = table;
    this.facts = facts;
  }

  public static FieldTargets bundled() {
    return new FieldTargets(PropertyTable.bundled(), ChangeFacts.bundled());
  }

  /** The table's entry for a field path as the CRD spells it ({@code spec.nodePools[].vmSize}). */
  public Optional<Property> property(String path) {
    return table.byField(path);
  }

  /** The table's entries the CRD has no field for: the metadata the generator reads. */
  public List<Property> metadata() {
    return table.cluster().stream().filter(p -> p.field().startsWith("metadata.")).toList();
  }

  /**
   * One change a field makes.
   *
   * @param key the fact key, {@code property} or {@code property.variant}
   * @param fact what it does in each target
   */
  public record Change(String key, ChangeFact fact) {}

  /** The changes of a field, in the order its entry lists their facts. */
  public List<Change> changes(Property property) {
    return property.facts().stream()
        .map(key -> new Change(key, fact(property.scope(), key)))
        .toList();
  }

  /** {@code pool-recreated: azurerm cycles the pool …} for one target. */
  static String consequence(ChangeFact fact, Target target) {
    return fact.target(target).consequence().id() + ": " + fact.target(target).why();
  }

  private ChangeFact fact(Scope scope, String key) {
    String[] parts = key.split("\\.", 2);
    String variant = parts.length == 2 ? parts[1] : "";
    return scope == Scope.CLUSTER
        ? facts.cluster(parts[0], variant)
        : facts.pool(parts[0], variant);
  }
}
