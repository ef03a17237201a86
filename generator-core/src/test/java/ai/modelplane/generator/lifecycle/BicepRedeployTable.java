package ai.modelplane.generator.lifecycle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a new value of a generated Bicep name does when the cluster is redeployed through its
 * deployment stack, read from {@code docs/facts/bicep-redeploy.tsv} (one row per name, with its
 * source; docs/facts/day2-provider-facts.md problems 4, 5 and 7). A name without a row is updated
 * in place.
 */
final class BicepRedeployTable {
  static final Path TSV = Path.of("..", "docs", "facts", "bicep-redeploy.tsv");

  /** Where the name is declared in the generated root. */
  enum Scope {
    /** A variable of main.bicep. */
    VARIABLE,
    /** A parameter of main.bicep. */
    PARAMETER,
    /** A parameter of a pool module call (a call that has a {@code poolName}). */
    POOL_MODULE,
    /**
     * A pool module parameter only some outputs declare (the Spot settings, the MIG profile):
     * judged as a pool module's; {@code LifecycleTest} checks that the economics example declares
     * each.
     */
    OPTIONAL_POOL_MODULE,
    /** A parameter of any other module call: the cluster module, which holds the default pool. */
    CLUSTER_MODULE
  }

  enum Effect {
    /** The name is part of the cluster's resource id: a new value is a new cluster. */
    NEW_CLUSTER,
    /**
     * AKS will not change it on an existing cluster, and refuses a new cluster that keeps the old
     * value.
     */
    NODE_RESOURCE_GROUP,
    /** Azure refuses the new value for the same cluster or pool. */
    REFUSED,
    /**
     * Azure takes the value {@code true} in place and refuses to take it away again (false, or the
     * parameter gone). A root that does not pass it has it unset, so no root needs to declare it.
     */
    REFUSED_WHEN_UNSET
  }

  private final Map<Scope, Map<Effect, Set<String>>> names;

  private BicepRedeployTable(Map<Scope, Map<Effect, Set<String>>> names) {
    this.names = names;
  }

  static BicepRedeployTable load() {
    Map<Scope, Map<Effect, Set<String>>> names = new EnumMap<>(Scope.class);
    try {
      List<String> lines = Files.readAllLines(TSV);
      for (String line : lines.subList(1, lines.size())) {
        String[] cells = line.split("\t", -1);
        names
            .computeIfAbsent(constant(Scope.class, cells[0]), s -> new EnumMap<>(Effect.class))
            .computeIfAbsent(constant(Effect.class, cells[2]), e -> new TreeSet<>())
            .add(cells[1]);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new BicepRedeployTable(names);
  }

  /** The names of {@code scope} whose new value has {@code effect}. */
  Set<String> names(Scope scope, Effect effect) {
    return names.getOrDefault(scope, Map.of()).getOrDefault(effect, Set.of());
  }

  /** The names of {@code scope} that {@code declared} lacks: rows that would judge nothing. */
  Set<String> undeclared(Scope scope, Set<String> declared) {
    Set<String> missing = new TreeSet<>();
    names
        .getOrDefault(scope, Map.of())
        .forEach(
            (effect, those) -> {
              if (effect != Effect.REFUSED_WHEN_UNSET) {
                missing.addAll(those);
              }
            });
    missing.removeAll(declared);
    return missing;
  }

  boolean refuses(Scope scope, String name) {
    return names(scope, Effect.REFUSED).contains(name);
  }

  /** Whether {@code name} going from {@code before} to {@code after} is refused. */
  boolean refusesUnset(Scope scope, String name, Object before, Object after) {
    return names(scope, Effect.REFUSED_WHEN_UNSET).contains(name)
        && "true".equals(String.valueOf(before))
        && !"true".equals(String.valueOf(after));
  }

  private static <E extends Enum<E>> E constant(Class<E> type, String cell) {
    return Enum.valueOf(type, cell.toUpperCase(Locale.ROOT).replace('-', '_'));
  }
}
