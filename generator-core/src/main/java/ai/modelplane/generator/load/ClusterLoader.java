package ai.modelplane.generator.load;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.SourceRef;
import ai.modelplane.generator.validate.Diagnostic;
import ai.modelplane.generator.validate.Severity;
import ai.modelplane.generator.validate.ValidationResult;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads AKSCluster documents, applies the CRD defaults and binds them to the model.
 *
 * <p>This is the load step of the pipeline; validation stages (schema, CEL, Azure rules) run
 * between defaulting and binding.
 */
public final class ClusterLoader {
  private final CrdSchema crd;
  private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory());

  public ClusterLoader(CrdSchema crd) {
    this.crd = crd;
  }

  public ValidationResult load(List<InputSource> sources) {
    List<AksCluster> clusters = new ArrayList<>();
    List<Diagnostic> diagnostics = new ArrayList<>();
    for (InputSource source : sources) {
      loadSource(source, clusters, diagnostics);
    }
    return new ValidationResult(clusters, diagnostics);
  }

  private void loadSource(InputSource source, List<AksCluster> clusters, List<Diagnostic> diagnostics) {
    try (InputStream in = source.open();
        MappingIterator<JsonNode> documents = yaml.readerFor(JsonNode.class).readValues(in)) {
      int index = 0;
      while (documents.hasNextValue()) {
        JsonLocation start = documents.getCurrentLocation();
        JsonNode document = documents.nextValue();
        SourceRef ref = new SourceRef(source.displayPath(), index++, start.getLineNr());
        if (!(document instanceof ObjectNode object)) {
          diagnostics.add(error(source, start, "MP001", "each YAML document must be an AKSCluster object"));
          continue;
        }
        Defaulter.apply(crd.openApiSchema(), object);
        clusters.add(ClusterBinder.bind(object, ref));
      }
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      diagnostics.add(error(source, at, "MP002", "not valid YAML: " + e.getOriginalMessage()));
    } catch (IOException e) {
      diagnostics.add(error(source, null, "MP003", "cannot read: " + e.getMessage()));
    }
  }

  private static Diagnostic error(InputSource source, JsonLocation at, String code, String message) {
    int line = at == null ? 0 : Math.max(at.getLineNr(), 0);
    int column = at == null ? 0 : Math.max(at.getColumnNr(), 0);
    return new Diagnostic(code, Severity.ERROR, source.displayPath(), line, column, "", message, "");
  }
}
