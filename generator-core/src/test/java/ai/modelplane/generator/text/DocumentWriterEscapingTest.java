package ai.modelplane.generator.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Text a server sent (an imported cluster's names and values) reaches the YAML escaped: no line
 * break, control, bidi or invisible character is written raw, and the value reads back exactly.
 */
class DocumentWriterEscapingTest {
  private static final ObjectMapper YAML_READER = new ObjectMapper(new YAMLFactory());

  @ParameterizedTest
  @ValueSource(
      strings = {
        "pre\npost", "pre\rpost", "pre\tpost", "pre\u001b[31mpost", "pre\u0007post",
        "pre\u007fpost", "pre\u009bpost", "pre\u0085post", "pre\u202epost", "pre\u2067post",
        "pre\u200bpost", "pre\ufeffpost", "pre\udb40\udc41post", "pre\u2028post", "ünïcödé 日本",
        "line\n\u202e\n"
      })
  void writesEveryCharacterOutsidePrintableAsciiAsAnEscape(String value) throws IOException {
    ObjectNode tree = JsonNodeFactory.instance.objectNode().put("value", value);
    tree.put(value, "as a key");

    String yaml = DocumentWriter.yaml(tree);

    assertTrue(
        yaml.chars().allMatch(c -> c == '\n' || (c >= 0x20 && c < 0x7f)), yaml.replace("\n", "⏎"));
    assertTrue(yaml.startsWith("value: \""), yaml);
    assertEquals(tree, YAML_READER.readTree(yaml));
  }
}
