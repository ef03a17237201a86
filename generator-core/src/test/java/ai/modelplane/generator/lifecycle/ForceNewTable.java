package ai.modelplane.generator.lifecycle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What azurerm does when one attribute of a resource the Terraform output manages changes, read
 * from {@code docs/facts/azurerm-forcenew.tsv} (extracted from the provider's schema and
 * CustomizeDiff at the pinned tag, each row with file and line): its {@code effect} column says
 * whether a change updates, rotates (cycles the pool through its temporary pool, see
 * docs/facts/day2-provider-facts.md problem 3) or replaces, or replaces only on one transition.
 */
final class ForceNewTable {
  /** The azurerm tag whose rows apply: the floor the output pins. */
  static final String TAG = "v5.2.0";

  static final Path TSV = Path.of("..", "docs", "facts", "azurerm-forcenew.tsv");

  /** {@code replace if OLD->NEW}: only that transition replaces, any other updates. */
  private static final Pattern TRANSITION = Pattern.compile("replace if (.*)->(.*)");

  /**
   * {@code EFFECT unless both start with A|B}: a change between values that both start with one of
   * the prefixes updates, any other has the effect (azurerm's os_sku rule). A side the
   * configuration leaves unset (absent, or a module variable's null default) counts as within the
   * prefixes: the attribute is Optional and Computed, so the provider keeps what it read.
   */
  private static final Pattern UNLESS_PREFIXES =
      Pattern.compile("(replace|rotate) unless both start with (.*)");

  /**
   * {@code replace when unset}: a set value becoming unset (absent, or a module variable's null)
   * replaces, any other change updates (azurerm's drain_timeout_in_minutes rule, old != 0 and new
   * == 0).
   */
  private static final String REPLACE_WHEN_UNSET = "replace when unset";

  /** Terraform meta-arguments and blocks that are not provider attributes. */
  private static final Set<String> META =
      Set.of("lifecycle", "depends_on", "count", "for_each", "provider", "timeouts");

  enum Effect {
    /** The provider updates the resource in place. */
    UPDATE,
    /**
     * The pool is cycled through its temporary pool: the resource is updated, its nodes replaced.
     */
    ROTATE,
    /** The resource is destroyed and created again. */
    REPLACE
  }

  private final Map<String, Map<String, Row>> rows;

  /**
   * @param effect what any change does, or for a transition row what any other change does
   * @param replacedFrom with {@code replacedTo}, the one change that replaces; null when none
   */
  private record Row(
      Effect effect,
      String replacedFrom,
      String replacedTo,
      List<String> keptPrefixes,
      boolean replacedWhenUnset) {
    static Row parse(String forceNew, String effect, String where) {
      Matcher transition = TRANSITION.matcher(effect);
      Matcher unless = UNLESS_PREFIXES.matcher(effect);
      Row row;
      if (effect.equals(REPLACE_WHEN_UNSET)) {
        row = new Row(Effect.UPDATE, null, null, null, true);
      } else if (transition.matches()) {
        row = new Row(Effect.UPDATE, transition.group(1), transition.group(2), null, false);
      } else if (unless.matches()) {
        row =
            new Row(
                Effect.valueOf(unless.group(1).toUpperCase(Locale.ROOT)),
                null,
                null,
                List.of(unless.group(2).split("\\|")),
                false);
      } else {
        row = new Row(Effect.valueOf(effect.toUpperCase(Locale.ROOT)), null, null, null, false);
      }
      boolean agrees =
          switch (forceNew) {
            case "yes" -> row.effect == Effect.REPLACE && row.keptPrefixes == null;
            case "no" ->
                row.effect != Effect.REPLACE && row.replacedFrom == null && !row.replacedWhenUnset;
            case "conditional" ->
                row.effect == Effect.REPLACE || row.replacedFrom != null || row.replacedWhenUnset;
            default -> false;
          };
      if (!agrees) {
        throw new AssertionError(where + ": force_new " + forceNew + " but effect " + effect);
      }
      return row;
    }

    Effect of(Object before, Object after) {
      if (replacedWhenUnset) {
        return !unset(before) && unset(after) ? Effect.REPLACE : Effect.UPDATE;
      }
      if (keptPrefixes != null) {
        return kept(before) && kept(after) ? Effect.UPDATE : effect;
      }
      boolean transitionReplaces =
          replacedFrom != null
              && replacedFrom.equals(String.valueOf(before))
              && replacedTo.equals(String.valueOf(after));
      return transitionReplaces ? Effect.REPLACE : effect;
    }

    private boolean kept(Object value) {
      return unset(value) || keptPrefixes.stream().anyMatch(String.valueOf(value)::startsWith);
    }

    /** TerraformTree leaves a variable the call does not pass as its reference's text. */
    private static boolean unset(Object value) {
      return value == null || String.valueOf(value).startsWith("var.");
    }
  }

  private ForceNewTable(Map<String, Map<String, Row>> rows) {
    this.rows = rows;
  }

  static ForceNewTable load() {
    Map<String, Map<String, Row>> rows = new HashMap<>();
    try {
      List<String> lines = Files.readAllLines(TSV);
      List<String> header = List.of(lines.get(0).split("\t", -1));
      int forceNew = header.indexOf("force_new");
      int tag = header.indexOf("tag");
      int effect = header.indexOf("effect");
      for (int i = 1; i < lines.size(); i++) {
        String[] cells = lines.get(i).split("\t", -1);
        if (cells[tag].equals(TAG)) {
          String where = TSV + " line " + (i + 1);
          rows.computeIfAbsent(cells[0], r -> new HashMap<>())
              .put(cells[1], Row.parse(cells[forceNew], cells[effect], where));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new ForceNewTable(rows);
  }

  /**
   * What changing {@code attribute} (a dotted path such as {@code default_node_pool.vm_size} or
   * {@code node_labels.modelplane.ai/pool}) from {@code before} to {@code after} does. Empty for a
   * meta-argument; throws for an attribute the table does not know, so that output the table does
   * not cover cannot pass unnoticed.
   */
  Optional<Effect> effect(String resourceType, String attribute, Object before, Object after) {
    String top = attribute.split("\\.", 2)[0];
    if (META.contains(top)) {
      return Optional.empty();
    }
    Map<String, Row> ofType = rows.get(resourceType);
    if (ofType == null) {
      return Optional.of(
          Effect
              .UPDATE); // helm, kubernetes, azapi and terraform_data objects: no cluster or pool is
      // rebuilt
    }
    Row row = null;
    String key = attribute;
    while (row == null) {
      row = ofType.get(key);
      if (row == null) {
        int dot = key.lastIndexOf('.');
        if (dot < 0) {
          throw new AssertionError(
              resourceType + "." + attribute + " is not in " + TSV + " at " + TAG);
        }
        key = key.substring(0, dot);
      }
    }
    return Optional.of(row.of(before, after));
  }
}
