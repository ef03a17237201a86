package ai.modelplane.generator.diff;

import ai.modelplane.generator.render.Target;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The provider facts in {@value #RESOURCE}, keyed by scope, property and variant. */
public final class ChangeFacts {
  public static final String RESOURCE = "ai/modelplane/generator/diff/azure-change-facts.yaml";
  public static final String CLUSTER = "cluster";
  public static final String POOL = "pool";

  private final Map<String, ChangeFact> facts;

  private ChangeFacts(Map<String, ChangeFact> facts) {
    this.facts = facts;
  }

  /** The facts shipped in this jar. */
  public static ChangeFacts bundled() {
    try (InputStream in = ChangeFacts.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from the classpath");
      }
      return parse(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static ChangeFacts parse(InputStream yaml) throws IOException {
    JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(yaml);
    Map<String, ChangeFact> facts = new LinkedHashMap<>();
    for (String scope : List.of(CLUSTER, POOL)) {
      for (JsonNode entry : root.path(scope)) {
        Map<Target, TargetFact> targets = new EnumMap<>(Target.class);
        for (Target target : Target.values()) {
          JsonNode fact = entry.get(target.id());
          if (fact == null || !fact.isObject()) {
            throw new IllegalStateException(
                RESOURCE + ": a fact lacks " + target.id() + ": " + entry);
          }
          targets.put(target, targetFact(fact));
        }
        JsonNode variant = entry.get("variant");
        ChangeFact fact =
            new ChangeFact(
                scope,
                required(entry, "property"),
                variant == null ? "" : required(entry, "variant"),
                required(entry, "field"),
                required(entry, "azure"),
                targets);
        String key = key(scope, fact.property(), fact.variant());
        if (facts.put(key, fact) != null) {
          throw new IllegalStateException("duplicate fact " + key);
        }
      }
    }
    return new ChangeFacts(facts);
  }

  private static TargetFact targetFact(JsonNode fact) {
    Consequence consequence = Consequence.fromId(required(fact, "consequence"));
    Optional<String> instead =
        fact.has("instead") ? Optional.of(required(fact, "instead")) : Optional.empty();
    // A refused change is only useful with what to do instead; any other consequence has nothing to
    // redo.
    if (consequence.refused() != instead.isPresent()) {
      throw new IllegalStateException(
          RESOURCE
              + ": "
              + (consequence.refused()
                  ? "a refused fact lacks instead: "
                  : "only a refused fact has instead: ")
              + fact);
    }
    JsonNode verified = fact.get("verified");
    if (verified == null || !verified.isBoolean()) {
      throw new IllegalStateException(
          RESOURCE + ": a fact lacks verified (true or false): " + fact);
    }
    return new TargetFact(
        consequence,
        required(fact, "why"),
        instead,
        required(fact, "source"),
        verified.booleanValue());
  }

  public ChangeFact cluster(String property) {
    return get(CLUSTER, property, "");
  }

  public ChangeFact cluster(String property, String variant) {
    return get(CLUSTER, property, variant);
  }

  public ChangeFact pool(String property) {
    return get(POOL, property, "");
  }

  public ChangeFact pool(String property, String variant) {
    return get(POOL, property, variant);
  }

  /** Whether the file has a pool fact for {@code property} and {@code variant}. */
  public boolean hasPool(String property, String variant) {
    return facts.containsKey(key(POOL, property, variant));
  }

  /** The fact of {@code scope} ({@link #CLUSTER} or {@link #POOL}), property and variant. */
  ChangeFact fact(String scope, String property, String variant) {
    return get(scope, property, variant);
  }

  /** Every fact, in file order. */
  public List<ChangeFact> all() {
    return List.copyOf(facts.values());
  }

  private ChangeFact get(String scope, String property, String variant) {
    ChangeFact fact = facts.get(key(scope, property, variant));
    if (fact == null) {
      throw new IllegalStateException(
          RESOURCE
              + " has no "
              + scope
              + " fact for "
              + property
              + (variant.isEmpty() ? "" : " (" + variant + ")"));
    }
    return fact;
  }

  private static String key(String scope, String property, String variant) {
    return scope + "." + property + (variant.isEmpty() ? "" : "." + variant);
  }

  private static String required(JsonNode entry, String name) {
    JsonNode value = entry.get(name);
    if (value == null || !value.isTextual() || value.asText().isBlank()) {
      throw new IllegalStateException(RESOURCE + ": a fact lacks " + name + ": " + entry);
    }
    return value.asText();
  }
}
