package ai.modelplane.generator.diff;

/**
 * One provider fact: what Azure does when a property changes.
 *
 * @param scope {@code cluster} or {@code pool}
 * @param property the property the diff compares, such as {@code vmSize}
 * @param field the AKSCluster field it comes from
 * @param azure the Terraform argument / ARM property it becomes
 * @param consequence what applying a change does
 * @param why one sentence a reviewer can act on
 * @param source where the fact comes from
 */
public record ChangeFact(
    String scope, String property, String field, String azure, Consequence consequence, String why, String source) {}
