package ai.modelplane.generator.model;

import java.util.Optional;

/**
 * A pool's {@code upgrade} (a Modelplane extension): how AKS upgrades its nodes. Each part is empty
 * when the YAML leaves it out; at most one of {@code maxSurge} and {@code maxUnavailable} is set
 * (the CRD's CEL rule).
 *
 * @param maxSurge extra nodes during an upgrade, a count or a percentage, as written
 * @param maxUnavailable nodes cordoned and drained at once without surge nodes, as written
 * @param drainTimeoutMinutes how long AKS waits for a node's pods to be evicted
 */
public record PoolUpgrade(
    Optional<String> maxSurge,
    Optional<String> maxUnavailable,
    Optional<Integer> drainTimeoutMinutes) {}
