package ai.modelplane.generator.load;

import ai.modelplane.generator.lazy.Once;
import ai.modelplane.generator.text.FieldPath;
import ai.modelplane.generator.text.JsonTrees;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The AKSCluster CRD shipped in this jar ({@code schema/akscluster-crd.yaml}), the single source of
 * truth for structure, bounds, defaults and CEL rules.
 */
public final class CrdSchema {
  /** Classpath location of the CRD. */
  public static final String RESOURCE = "schema/akscluster-crd.yaml";

  /**
   * The same CRD as JSON, written by a build step ({@code CrdJsonStep}, in {@code src/build/java}):
   * a cold process parses it several times faster than the YAML, which stays the source and what
   * {@code modelplane schema} prints.
   */
  public static final String JSON_RESOURCE = "schema/akscluster-crd.json";

  public static final String GROUP = "infrastructure.modelplane.ai";
  public static final String VERSION = "v1alpha1";
  public static final String API_VERSION = GROUP + "/" + VERSION;
  public static final String KIND = "AKSCluster";

  private static final Once<CrdSchema> BUNDLED = new Once<>(CrdSchema::readBundled);

  private final JsonNode crd;
  private final JsonNode openApiSchema;

  private CrdSchema(JsonNode crd) {
    this.crd = crd;
    this.openApiSchema = findVersion(crd).path("schema").path("openAPIV3Schema");
    if (!openApiSchema.isObject()) {
      throw new IllegalStateException("CRD has no openAPIV3Schema for " + VERSION);
    }
  }

  /** The CRD bundled with the generator, parsed once per process. */
  public static CrdSchema bundled() {
    return BUNDLED.get();
  }

  private static CrdSchema readBundled() {
    ClassLoader loader = CrdSchema.class.getClassLoader();
    try (InputStream json = loader.getResourceAsStream(JSON_RESOURCE)) {
      if (json != null) {
        return new CrdSchema(JsonTrees.read(json));
      }
      // Classes compiled without the build's process-classes step (an IDE): read the source.
      try (InputStream yaml = loader.getResourceAsStream(RESOURCE)) {
        if (yaml == null) {
          throw new IllegalStateException(RESOURCE + " is missing from the classpath");
        }
        return parse(yaml);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Parses a CRD document; the build steps and tests (modified copies) use it. */
  public static CrdSchema parse(InputStream crdYaml) throws IOException {
    return new CrdSchema(new ObjectMapper(new YAMLFactory()).readTree(crdYaml));
  }

  /** The whole CRD document. */
  public JsonNode crd() {
    return crd;
  }

  /** {@code spec.versions[v1alpha1].schema.openAPIV3Schema}. */
  public JsonNode openApiSchema() {
    return openApiSchema;
  }

  /**
   * The schema of the field at {@code path} ({@link FieldPath}: {@code spec.nodePools[].zones}); a
   * missing node when the CRD has no such field (metadata is left open).
   */
  public JsonNode field(String path) {
    JsonNode schema = openApiSchema;
    for (FieldPath.Step step : FieldPath.steps(path)) {
      schema = schema.path("properties").path(step.name());
      if (step.items()) {
        schema = schema.path("items");
      } else if (step.mapKey()) {
        schema = schema.path("additionalProperties");
      }
    }
    return schema;
  }

  private static JsonNode findVersion(JsonNode crd) {
    for (JsonNode version : crd.path("spec").path("versions")) {
      if (VERSION.equals(version.path("name").asText())) {
        return version;
      }
    }
    throw new IllegalStateException("CRD does not define version " + VERSION);
  }
}
