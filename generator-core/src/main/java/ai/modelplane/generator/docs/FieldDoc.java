package ai.modelplane.generator.docs;

import java.util.List;
import java.util.Optional;

/**
 * One field of the AKSCluster resource as the CRD describes it.
 *
 * @param path Kubernetes-style path, arrays as {@code []}: {@code spec.nodePools[].fabric}; empty
 *     for the resource
 * @param name the last path segment ({@code AKSCluster} for the resource)
 * @param type {@code string}, {@code integer}, {@code boolean}, {@code object}, {@code []object},
 *     {@code []string} …
 * @param required whether the parent requires it
 * @param defaultValue the CRD default as YAML-ish text
 * @param enumValues allowed values, in CRD order
 * @param bounds human-readable limits, e.g. {@code 10 to 65536}, {@code 1 to 12 characters}
 * @param pattern the regular expression values must match
 * @param description the CRD description
 * @param rules messages of the CEL rules that concern this field
 * @param children the fields of an object (or of an array's objects), in CRD order
 */
public record FieldDoc(
    String path,
    String name,
    String type,
    boolean required,
    Optional<String> defaultValue,
    List<String> enumValues,
    List<String> bounds,
    Optional<String> pattern,
    String description,
    List<String> rules,
    List<FieldDoc> children) {
  public FieldDoc {
    enumValues = List.copyOf(enumValues);
    bounds = List.copyOf(bounds);
    rules = List.copyOf(rules);
    children = List.copyOf(children);
  }

  /** This field and all fields below it, depth first. */
  public List<FieldDoc> flatten() {
    List<FieldDoc> all = new java.util.ArrayList<>();
    all.add(this);
    children.forEach(child -> all.addAll(child.flatten()));
    return all;
  }
}
