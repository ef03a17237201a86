package ai.modelplane.generator.diff;

import ai.modelplane.generator.property.Property;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One change-fact property the table's entries of a scope use, with the entry that declares it and
 * the variants the entries declare for it.
 *
 * @param property the fact property, such as {@code zones}
 * @param entry the first table entry that uses it
 * @param variants its variants the entries list, in their order; the plain change has none
 */
record ComparedProperty(String property, Property entry, List<String> variants) {
  ComparedProperty {
    variants = List.copyOf(variants);
  }

  /**
   * The properties {@code entries} use, in the facts file's order, which is the order diff reports
   * changes in; a key the facts file lacks fails here, naming it.
   */
  static List<ComparedProperty> of(ChangeFacts facts, String scope, List<Property> entries) {
    Map<String, Property> owners = new LinkedHashMap<>();
    Map<String, List<String>> variants = new LinkedHashMap<>();
    for (Property entry : entries) {
      for (String key : entry.facts()) {
        String[] parts = key.split("\\.", 2);
        String variant = parts.length == 2 ? parts[1] : "";
        facts.fact(scope, parts[0], variant); // throws for a key the facts file lacks
        owners.putIfAbsent(parts[0], entry);
        List<String> declared = variants.computeIfAbsent(parts[0], p -> new ArrayList<>());
        if (!variant.isEmpty() && !declared.contains(variant)) {
          declared.add(variant);
        }
      }
    }
    return facts.all().stream()
        .filter(f -> f.scope().equals(scope))
        .map(ChangeFact::property)
        .distinct()
        .filter(owners::containsKey)
        .map(p -> new ComparedProperty(p, owners.get(p), variants.get(p)))
        .toList();
  }
}
