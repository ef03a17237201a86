package ai.modelplane.generator.property;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * One AKSCluster field as {@code properties.yaml} declares it.
 *
 * @param field Kubernetes-style path, {@code []} for list items: {@code spec.nodePools[].vmSize}
 * @param scope the list it is declared in
 * @param terraform the argument the generated Terraform sets, or {@link #NONE}
 * @param bicep the ARM property the generated Bicep sets, or {@link #NONE}
 * @param arm the JSON path on the live resource drift and import read, or {@link #NONE}
 * @param facts the change-fact keys ({@code property} or {@code property.variant}) of its changes
 * @param drift how drift compares it
 * @param importRule how import writes it back
 * @param note why, where the columns alone would mislead; "" for none
 * @param setting present for a pool field both targets take as written ({@link Setting})
 * @param upstreamDefaultPool a direct pool field's value in the default System pool upstream
 *     Modelplane injects when no pool of the spec has role System, a scalar as the table writes it
 */
public record Property(
    String field,
    Scope scope,
    String terraform,
    String bicep,
    String arm,
    List<String> facts,
    DriftRule drift,
    ImportRule importRule,
    String note,
    Optional<Setting> setting,
    Optional<JsonNode> upstreamDefaultPool) {
  /** The column value for a target or live property that does not exist. */
  public static final String NONE = "none";

  public Property {
    facts = List.copyOf(facts);
  }

  /** The field's own name, the last segment of its path: {@code osSku}. */
  public String name() {
    return field.substring(field.lastIndexOf('.') + 1);
  }

  /** The change-fact properties, without variants, in declaration order. */
  public List<String> factProperties() {
    return facts.stream().map(key -> key.split("\\.", 2)[0]).distinct().toList();
  }
}
