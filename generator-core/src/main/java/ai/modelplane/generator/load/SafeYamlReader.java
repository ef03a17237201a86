package ai.modelplane.generator.load;

import static ai.modelplane.generator.load.YamlProblems.position;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads untrusted YAML (or JSON) into position-keeping trees, one per document, with every limit
 * set explicitly: input bytes are capped before parsing (SnakeYAML scans long scalars in quadratic
 * time), UTF-8 is decoded strictly, and anchors, aliases, merge keys, explicit tags, deep nesting
 * and duplicate keys are reported with their line rather than silently mis-read by Jackson.
 */
public final class SafeYamlReader {
  /** An AKSCluster is a few KiB; the API server itself refuses request bodies over 3 MiB. */
  public static final int MAX_BYTES = 256 * 1024;

  public static final int MAX_DEPTH = 32;
  public static final int MAX_SCALAR_CHARS = 65_536;

  private final YAMLFactory factory;

  public SafeYamlReader() {
    LoaderOptions loaderOptions = new LoaderOptions();
    loaderOptions.setCodePointLimit(MAX_BYTES);
    loaderOptions.setNestingDepthLimit(MAX_DEPTH * 2);
    loaderOptions.setMaxAliasesForCollections(0);
    loaderOptions.setAllowRecursiveKeys(false);
    // Duplicates are detected while building the tree, so that every one is reported with both
    // lines.
    loaderOptions.setAllowDuplicateKeys(true);
    factory =
        YAMLFactory.builder()
            .loaderOptions(loaderOptions)
            .streamReadConstraints(
                StreamReadConstraints.builder()
                    .maxDocumentLength(MAX_BYTES)
                    .maxNestingDepth(MAX_DEPTH * 2)
                    .maxStringLength(MAX_SCALAR_CHARS * 2)
                    .maxNameLength(1024)
                    .maxNumberLength(64)
                    .maxTokenCount(200_000)
                    .build())
            .build();
  }

  /** What one input held: its documents (possibly none) and the problems found while reading. */
  public record Result(List<ParsedDocument> documents, List<Diagnostic> diagnostics) {}

  public Result read(InputSource source) {
    List<Diagnostic> diagnostics = new ArrayList<>();
    List<ParsedDocument> documents = new ArrayList<>();
    String file = source.displayPath();
    if (source.problem().isPresent()) {
      // Refused by its type or place before anything opened it.
      diagnostics.add(source.problem().get());
      return new Result(documents, diagnostics);
    }
    byte[] bytes;
    try (InputStream in = source.open()) {
      bytes = InputText.readAtMost(in, MAX_BYTES + 1);
    } catch (IOException e) {
      diagnostics.add(
          LoadDiagnostics.fileError(
              file, DiagnosticCode.MP001, "cannot read: " + YamlProblems.readProblem(e)));
      return new Result(documents, diagnostics);
    }
    if (bytes.length > MAX_BYTES) {
      diagnostics.add(
          LoadDiagnostics.fileError(
              file,
              DiagnosticCode.MP002,
              "input is larger than " + MAX_BYTES / 1024 + " KiB; an AKSCluster is a few KiB"));
      return new Result(documents, diagnostics);
    }
    String text = InputText.decode(file, bytes, diagnostics);
    if (text == null) {
      return new Result(documents, diagnostics);
    }
    try (YAMLParser parser = (YAMLParser) factory.createParser(text)) {
      int index = 0;
      JsonToken token;
      while ((token = parser.nextToken()) != null) {
        SourcePosition start = position(parser.currentTokenLocation());
        DocumentBuilder builder = new DocumentBuilder(file, parser, diagnostics);
        JsonNode root = builder.value(token, "", null, 1);
        // Empty documents (a leading or trailing ---) are skipped, as kubectl does.
        // Jackson reports an empty document as an empty plain scalar.
        boolean empty = root.isNull() || (root.isTextual() && root.asText().isEmpty());
        if (!empty) {
          documents.add(new ParsedDocument(root, builder.sourceMap(), index, start));
        }
        index++;
      }
    } catch (DocumentBuilder.Abort abort) {
      // Already reported; the rest of the input cannot be trusted.
    } catch (StreamConstraintsException e) {
      diagnostics.add(
          LoadDiagnostics.error(
              file,
              position(e.getLocation()),
              DiagnosticCode.MP004,
              "input exceeds a reader limit: " + e.getOriginalMessage()));
    } catch (JsonProcessingException e) {
      diagnostics.add(YamlProblems.syntaxError(file, e));
    } catch (IOException | RuntimeException e) {
      diagnostics.add(
          LoadDiagnostics.fileError(
              file, DiagnosticCode.MP004, "not valid YAML: " + YamlProblems.describe(e)));
    }
    if (documents.isEmpty() && diagnostics.isEmpty()) {
      diagnostics.add(
          LoadDiagnostics.fileError(
              file,
              DiagnosticCode.MP008,
              "no AKSCluster in this input: it is empty or holds only comments"));
    }
    return new Result(documents, diagnostics);
  }
}
