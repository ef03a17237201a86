package ai.modelplane.generator.text;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads trusted JSON (the CRD and the property table the build wrote) into a Jackson tree with the
 * streaming parser alone.
 *
 * <p>The tree equals what {@code ObjectMapper.readTree} gives, but nothing here starts {@code
 * ObjectMapper}: its first use costs a cold process about 380 classes and its static date format
 * initialises the JDK's calendar and locale data, and nothing else on the validate and generate
 * paths needs it. The one place that would start it anyway is printing a node: networknt's {@code
 * enum} keyword prints every allowed value when the schema is built, and {@code
 * JsonNode.toString()} goes through {@code ObjectMapper}. So the text nodes of this tree print
 * themselves as JSON.
 */
public final class JsonTrees {
  private static final JsonFactory JSON = new JsonFactory();
  private static final JsonNodeFactory NODES = new SelfPrintingNodeFactory();

  private JsonTrees() {}

  /** The JSON value in {@code json}, numbers typed as {@code ObjectMapper.readTree} types them. */
  public static JsonNode read(InputStream json) throws IOException {
    try (JsonParser parser = JSON.createParser(json)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new IOException("no JSON value in the input");
      }
      return value(parser, first);
    }
  }

  private static JsonNode value(JsonParser parser, JsonToken token) throws IOException {
    return switch (token) {
      case START_OBJECT -> {
        ObjectNode object = NODES.objectNode();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String name = parser.currentName();
          object.set(name, value(parser, parser.nextToken()));
        }
        yield object;
      }
      case START_ARRAY -> {
        ArrayNode array = NODES.arrayNode();
        JsonToken next;
        while ((next = parser.nextToken()) != JsonToken.END_ARRAY) {
          array.add(value(parser, next));
        }
        yield array;
      }
      case VALUE_STRING -> NODES.textNode(parser.getText());
      case VALUE_TRUE -> NODES.booleanNode(true);
      case VALUE_FALSE -> NODES.booleanNode(false);
      case VALUE_NULL -> NODES.nullNode();
      case VALUE_NUMBER_INT ->
          switch (parser.getNumberType()) {
            case INT -> NODES.numberNode(parser.getIntValue());
            case LONG -> NODES.numberNode(parser.getLongValue());
            default -> NODES.numberNode(parser.getBigIntegerValue());
          };
      case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDoubleValue());
      default -> throw new IOException("unexpected " + token + " at " + parser.currentLocation());
    };
  }

  /** Makes {@link SelfPrintingText}s, also for values set on its objects and arrays later. */
  private static final class SelfPrintingNodeFactory extends JsonNodeFactory {
    private static final long serialVersionUID = 1L;

    SelfPrintingNodeFactory() {
      super(false);
    }

    @Override
    public TextNode textNode(String text) {
      return text == null ? null : new SelfPrintingText(text);
    }
  }

  /**
   * A text node that prints itself as a JSON string, as {@code TextNode.toString()} does, without
   * {@code ObjectMapper}. It equals, and hashes as, a plain {@code TextNode} of the same text.
   */
  static final class SelfPrintingText extends TextNode {
    private static final long serialVersionUID = 1L;

    SelfPrintingText(String text) {
      super(text);
    }

    @Override
    public String toString() {
      StringBuilder json = new StringBuilder(_value.length() + 2).append('"');
      JsonStringEncoder.getInstance().quoteAsString(_value, json);
      return json.append('"').toString();
    }
  }
}
