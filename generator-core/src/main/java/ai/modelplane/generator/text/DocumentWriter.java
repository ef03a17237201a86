package ai.modelplane.generator.text;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.util.StringQuotingChecker;
import java.io.UncheckedIOException;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * The one writer of generated YAML and JSON documents (Kubernetes manifests, Helm values, the
 * importer's AKSCluster): a Jackson tree in, text out, deterministic for a given tree. Keys keep
 * the tree's insertion order; nothing is sorted, nothing depends on the platform.
 *
 * <p>YAML is block style without a {@code ---} marker, lists indented under their key with the
 * dash, lines never folded, LF line endings. A string is quoted only when YAML would read it as
 * something else: a number, a boolean or null ({@code "1.0"}, {@code "true"}, {@code "no"}, {@code
 * "~"}, {@code "0x1F"}, {@code ".inf"}) under YAML 1.1 or 1.2, or a string holding an indicator. A
 * string with a line break is a literal block ({@code |}). All quoting and escaping is SnakeYAML's,
 * through Jackson's YAML generator.
 *
 * <p>JSON is compact, one line, no trailing newline: it is embedded in commands and parameters.
 */
public final class DocumentWriter {
  private static final ObjectWriter YAML =
      new ObjectMapper(
              YAMLFactory.builder()
                  .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                  .disable(YAMLGenerator.Feature.SPLIT_LINES)
                  .disable(YAMLGenerator.Feature.USE_PLATFORM_LINE_BREAKS)
                  .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                  .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                  .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
                  .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                  .stringQuotingChecker(new PlainScalarChecker())
                  .build())
          .writer();

  private static final ObjectWriter JSON = new ObjectMapper().writer();

  private DocumentWriter() {}

  /** {@code tree} as a YAML document, ending with a newline. */
  public static String yaml(JsonNode tree) {
    return write(YAML, tree);
  }

  /** {@code tree} as compact JSON on one line, without a trailing newline. */
  public static String json(JsonNode tree) {
    return write(JSON, tree);
  }

  private static String write(ObjectWriter writer, JsonNode tree) {
    try {
      return writer.writeValueAsString(tree);
    } catch (JsonProcessingException e) {
      // A JsonNode tree always serialises; this is a bug, not input.
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Jackson's own checker knows the YAML keywords and indicators but only decimal numbers; Helm and
   * kubectl read YAML 1.1 (go-yaml) and other readers 1.2. So a plain scalar is also quoted when
   * SnakeYAML's YAML 1.1 resolver reads it as anything but a string, or when it is a number of the
   * YAML 1.2 core schema (octal {@code 0o17}, exponent without a dot).
   */
  private static final class PlainScalarChecker extends StringQuotingChecker {
    private static final long serialVersionUID = 1L;
    private static final Resolver YAML_1_1 = new Resolver();
    private static final Pattern YAML_1_2_NUMBER =
        Pattern.compile(
            "[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+"
                + "|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)");
    private final StringQuotingChecker jackson = StringQuotingChecker.Default.instance();

    @Override
    public boolean needToQuoteName(String name) {
      return jackson.needToQuoteName(name) || readAsOtherThanString(name);
    }

    @Override
    public boolean needToQuoteValue(String value) {
      return jackson.needToQuoteValue(value) || readAsOtherThanString(value);
    }

    private static boolean readAsOtherThanString(String text) {
      return !Tag.STR.equals(YAML_1_1.resolve(NodeId.scalar, text, true))
          || YAML_1_2_NUMBER.matcher(text).matches();
    }
  }
}
