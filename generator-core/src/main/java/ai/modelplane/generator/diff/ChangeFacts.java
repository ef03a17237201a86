package ai.modelplane.generator.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The provider facts in {@value #RESOURCE}, keyed by scope and property. */
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
        ChangeFact fact =
            new ChangeFact(
                scope,
                required(entry, "property"),
                required(entry, "field"),
                required(entry, "azure"),
                Consequence.fromId(required(entry, "consequence")),
                required(entry, "why"),
                required(entry, "source"));
        if (facts.put(key(scope, fact.property()), fact) != null) {
          throw new IllegalStateException("duplicate fact " + key(scope, fact.property()));
        }
      }
    }
    return new ChangeFacts(facts);
  }

  public ChangeFact cluster(String property) {
    return get(CLUSTER, property);
  }

  public ChangeFact pool(String property) {
    return get(POOL, property);
  }

  /** Every fact, in file order. */
  public List<ChangeFact> all() {
    return List.copyOf(facts.values());
  }

  private ChangeFact get(String scope, String property) {
    ChangeFact fact = facts.get(key(scope, property));
    if (fact == null) {
      throw new IllegalStateException(RESOURCE + " has no " + scope + " fact for " + property);
    }
    return fact;
  }

  private static String key(String scope, String property) {
    return scope + "." + property;
  }

  private static String required(JsonNode entry, String name) {
    JsonNode value = entry.get(name);
    if (value == null || !value.isTextual() || value.asText().isBlank()) {
      throw new IllegalStateException(RESOURCE + ": a fact lacks " + name + ": " + entry);
    }
    return value.asText();
  }
}
