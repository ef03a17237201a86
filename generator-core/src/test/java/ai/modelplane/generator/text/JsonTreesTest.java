package ai.modelplane.generator.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The streaming reader gives the tree ObjectMapper gives, and its text prints as ObjectMapper
 * prints it.
 */
class JsonTreesTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void everyKindOfValueIsTypedAsObjectMapperTypesIt() throws IOException {
    String json =
        "{\"text\":\"a\",\"int\":7,\"negative\":-2147483649,\"big\":123456789012345678901234567890,"
            + "\"float\":1.5,\"exponent\":2e3,\"yes\":true,\"no\":false,\"nothing\":null,"
            + "\"list\":[1,\"two\",[],{}],\"nested\":{\"deeper\":{\"x\":[{\"y\":0}]}}}";
    JsonNode expected = MAPPER.readTree(json);
    JsonNode actual = read(json);
    assertEquals(expected, actual);
    assertEquals(actual, expected);
    for (String field : new String[] {"int", "negative", "big", "float", "exponent"}) {
      assertEquals(expected.get(field).getClass(), actual.get(field).getClass(), field);
    }
    assertEquals(expected.toString(), actual.toString());
  }

  @Test
  void theBundledCrdReadsAsObjectMapperReadsIt() throws IOException {
    ClassLoader loader = CrdSchema.class.getClassLoader();
    JsonNode expected;
    try (InputStream json = loader.getResourceAsStream(CrdSchema.JSON_RESOURCE)) {
      expected = MAPPER.readTree(json);
    }
    try (InputStream json = loader.getResourceAsStream(CrdSchema.JSON_RESOURCE)) {
      assertEquals(expected, JsonTrees.read(json));
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "plain",
        "quote \" and backslash \\",
        "tab\tnew line\ncarriage\r",
        "\u0001\u001f",
        "é ü 日本 \uD83D\uDE80",
        "</script>"
      })
  void textPrintsAsJsonAndEqualsAPlainTextNode(String text) throws IOException {
    JsonNode node = read("[" + MAPPER.writeValueAsString(text) + "]").get(0);
    TextNode plain = new TextNode(text);
    assertEquals(plain.toString(), node.toString());
    assertEquals(plain, node);
    assertEquals(node, plain);
    assertEquals(plain.hashCode(), node.hashCode());
  }

  @Test
  void valuesSetLaterOnItsObjectsAlsoPrintThemselves() throws IOException {
    JsonNode object = read("{}");
    ((com.fasterxml.jackson.databind.node.ObjectNode) object).put("later", "x\"y");
    assertEquals(JsonTrees.SelfPrintingText.class, object.get("later").getClass());
    assertEquals("\"x\\\"y\"", object.get("later").toString());
  }

  @Test
  void emptyInputIsAnError() {
    assertThrows(IOException.class, () -> read(""));
    assertThrows(IOException.class, () -> read("{\"unclosed\": 1"));
  }

  private static JsonNode read(String json) throws IOException {
    return JsonTrees.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
  }
}
