package ai.modelplane.testsupport.bicep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** The ARM type extract under test resources {@code arm-types/} (see its README). */
public final class ArmTypes {
  public static final int REQUIRED = 1;
  public static final int READ_ONLY = 2;
  public static final int SCOPE_SUBSCRIPTION = 4;
  public static final int SCOPE_RESOURCE_GROUP = 8;

  private static final ObjectMapper JSON = new ObjectMapper();
  private final JsonNode index;
  private final Map<String, JsonNode> schemas = new HashMap<>();

  public ArmTypes() {
    this.index = read("arm-types/index.json");
  }

  /** The index entry of a resource type, if the extract has it. */
  public Optional<JsonNode> resource(String type) {
    return Optional.ofNullable(index.path("resources").get(type));
  }

  /** The body object of {@code type@apiVersion}, if that version has a schema in the extract. */
  public Optional<TypeRef> body(String type, String apiVersion) {
    return resource(type)
        .flatMap(
            entry -> {
              JsonNode schema =
                  schemas.computeIfAbsent(
                      type, t -> read("arm-types/" + entry.path("schemaFile").asText()));
              JsonNode version = schema.path("versions").get(apiVersion);
              return version == null
                  ? Optional.empty()
                  : Optional.of(new TypeRef(schema, version.path("body").asText()));
            });
  }

  /** An object type inside one schema file. */
  public record TypeRef(JsonNode schema, String objectId) {
    public JsonNode object() {
      return schema.path("objects").path(objectId);
    }

    public TypeRef sibling(String id) {
      return new TypeRef(schema, id);
    }
  }

  private static JsonNode read(String resource) {
    try (InputStream in = ArmTypes.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + resource);
      }
      return JSON.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
