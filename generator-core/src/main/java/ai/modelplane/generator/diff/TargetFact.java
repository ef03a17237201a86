package ai.modelplane.generator.diff;

import java.util.Optional;

/**
 * What one target's apply does when a property changes.
 *
 * @param consequence what applying the change does
 * @param why one sentence a reviewer can act on
 * @param instead what to do instead, present exactly when the change is {@link Consequence#REFUSED}
 * @param source where the fact comes from (provider source file and line at a tag, or an ARM/AKS
 *     page)
 * @param verified false when part of the fact was not read in its source; {@code source} says which
 *     part
 */
public record TargetFact(
    Consequence consequence,
    String why,
    Optional<String> instead,
    String source,
    boolean verified) {}
