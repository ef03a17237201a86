package ai.modelplane.generator.plan.view;

/**
 * The bounds of one AKSCluster field that a Bicep parameter restates as decorators; {@code null}
 * where the field has none of that kind.
 *
 * @param minimum an integer's least value
 * @param maximum an integer's largest value, Azure's where that is lower than the CRD's
 * @param minLength a string's fewest characters
 * @param maxLength a string's most characters
 * @param maxItems a list's most entries
 */
public record BoundView(
    Integer minimum, Integer maximum, Integer minLength, Integer maxLength, Integer maxItems) {}
