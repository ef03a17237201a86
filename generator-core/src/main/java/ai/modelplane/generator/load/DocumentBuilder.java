package ai.modelplane.generator.load;

import static ai.modelplane.generator.load.SafeYamlReader.MAX_DEPTH;
import static ai.modelplane.generator.load.SafeYamlReader.MAX_SCALAR_CHARS;
import static ai.modelplane.generator.load.YamlProblems.position;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.FieldPaths;
import ai.modelplane.generator.text.UnsafeText;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds one document's tree from the token stream, recording where every value came from in its
 * source map, and refusing the YAML features and sizes {@link SafeYamlReader} does not accept.
 */
final class DocumentBuilder {
  private final String file;
  private final YAMLParser parser;
  private final List<Diagnostic> diagnostics;
  private final SourceMap sourceMap = new SourceMap();

  DocumentBuilder(String file, YAMLParser parser, List<Diagnostic> diagnostics) {
    this.file = file;
    this.parser = parser;
    this.diagnostics = diagnostics;
  }

  SourceMap sourceMap() {
    return sourceMap;
  }

  JsonNode value(JsonToken token, String pointer, SourcePosition keyPosition, int depth)
      throws IOException {
    SourcePosition at = position(parser.currentTokenLocation());
    if (depth > MAX_DEPTH) {
      throw abort(
          at,
          DiagnosticCode.MP006,
          "nesting is deeper than " + MAX_DEPTH + " levels; an AKSCluster needs fewer than 8");
    }
    checkYamlFeatures(at, token);
    switch (token) {
      case START_OBJECT -> {
        sourceMap.put(pointer, new SourceMap.Origin(keyPosition, at, null));
        return object(pointer, depth);
      }
      case START_ARRAY -> {
        sourceMap.put(pointer, new SourceMap.Origin(keyPosition, at, null));
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        JsonToken next;
        while ((next = parser.nextToken()) != JsonToken.END_ARRAY) {
          array.add(value(next, FieldPaths.pointer(pointer, array.size()), null, depth + 1));
        }
        return array;
      }
      default -> {
        String raw = parser.getText();
        if (raw != null && raw.length() > MAX_SCALAR_CHARS) {
          throw abort(
              at, DiagnosticCode.MP010, "value is longer than " + MAX_SCALAR_CHARS + " characters");
        }
        sourceMap.put(pointer, new SourceMap.Origin(keyPosition, at, raw));
        if (token == JsonToken.VALUE_STRING && hasLoneSurrogate(raw)) {
          return JsonNodeFactory.instance.textNode(withoutLoneSurrogates(raw, at, pathOf(pointer)));
        }
        return scalar(token);
      }
    }
  }

  private ObjectNode object(String pointer, int depth) throws IOException {
    ObjectNode object = JsonNodeFactory.instance.objectNode();
    Map<String, SourcePosition> seen = new HashMap<>();
    JsonToken next;
    while ((next = parser.nextToken()) != JsonToken.END_OBJECT) {
      SourcePosition keyAt = position(parser.currentTokenLocation());
      String key = parser.currentName();
      if (hasLoneSurrogate(key)) {
        key = withoutLoneSurrogates(key, keyAt, pathOf(FieldPaths.pointer(pointer, key)));
      }
      if ("<<".equals(key)) {
        throw abort(
            keyAt,
            DiagnosticCode.MP005,
            "YAML merge keys (<<) are not supported; write the fields out");
      }
      String childPointer = FieldPaths.pointer(pointer, key);
      JsonNode child = value(parser.nextToken(), childPointer, keyAt, depth + 1);
      SourcePosition first = seen.putIfAbsent(key, keyAt);
      if (first != null) {
        diagnostics.add(
            LoadDiagnostics.error(
                file,
                keyAt,
                DiagnosticCode.MP007,
                pathOf(FieldPaths.pointer(pointer, key)),
                "duplicate key \"" + key + "\" (first defined on line " + first.line() + ")",
                ""));
        continue;
      }
      object.set(key, child);
    }
    return object;
  }

  /**
   * {@code text} as read, unless an escape such as {@code "\ud800x"} left half of a UTF-16
   * surrogate pair, which stands for no character (UTF-8 cannot even write it; Java would print
   * {@code ?}): that is an error at the scalar, and the half becomes U+FFFD so nothing later
   * handles a string that cannot be written.
   */
  private String withoutLoneSurrogates(String text, SourcePosition at, String fieldPath) {
    StringBuilder fixed = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (UnsafeText.isUnpairedSurrogate(text, i)) {
        if (fixed == null) {
          fixed = new StringBuilder(text);
          diagnostics.add(
              LoadDiagnostics.error(
                  file,
                  at,
                  DiagnosticCode.MP011,
                  fieldPath,
                  "invalid Unicode escape: "
                      + UnsafeText.unicodeEscape(c)
                      + " is half of a UTF-16 surrogate pair without its other half, so it stands for no character",
                  "write the character itself, or a pair such as \\uD83D\\uDE00, or \\U0001F600"));
        }
        fixed.setCharAt(i, '\uFFFD');
      }
    }
    return fixed == null ? text : fixed.toString();
  }

  private static boolean hasLoneSurrogate(String text) {
    if (text == null) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      if (Character.isSurrogate(text.charAt(i)) && UnsafeText.isUnpairedSurrogate(text, i)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The field path of {@code pointer}; the tree is incomplete here, so array indexes are recognised
   * by shape alone.
   */
  private static String pathOf(String pointer) {
    StringBuilder path = new StringBuilder();
    for (String segment : FieldPaths.segments(pointer)) {
      if (segment.matches("0|[1-9][0-9]*")) {
        path.append('[').append(segment).append(']');
      } else {
        path.append(path.length() == 0 ? "" : ".").append(segment);
      }
    }
    return path.toString();
  }

  private void checkYamlFeatures(SourcePosition at, JsonToken token) throws IOException {
    if (parser.isCurrentAlias()) {
      throw abort(
          at,
          DiagnosticCode.MP005,
          "YAML aliases (*" + parser.getText() + ") are not supported; write the value out");
    }
    String anchor = parser.getObjectId();
    if (anchor != null) {
      throw abort(
          at,
          DiagnosticCode.MP005,
          "YAML anchors (&" + anchor + ") are not supported; write values out");
    }
    String tag = parser.getTypeId();
    if (tag != null) {
      throw abort(
          at,
          DiagnosticCode.MP005,
          "explicit YAML tags (" + tag + ") are not supported; use plain or quoted values");
    }
  }

  private JsonNode scalar(JsonToken token) throws IOException {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    return switch (token) {
      case VALUE_STRING -> nodes.textNode(parser.getText());
      case VALUE_TRUE -> nodes.booleanNode(true);
      case VALUE_FALSE -> nodes.booleanNode(false);
      case VALUE_NULL -> nodes.nullNode();
      case VALUE_NUMBER_INT ->
          switch (parser.getNumberType()) {
            case INT -> nodes.numberNode(parser.getIntValue());
            case LONG -> nodes.numberNode(parser.getLongValue());
            default -> nodes.numberNode(parser.getBigIntegerValue());
          };
      case VALUE_NUMBER_FLOAT -> nodes.numberNode(parser.getDecimalValue());
      default -> throw new IllegalStateException("unexpected token " + token);
    };
  }

  /** Reports a problem that makes the rest of the input meaningless, and stops reading it. */
  private Abort abort(SourcePosition at, DiagnosticCode code, String message) {
    diagnostics.add(LoadDiagnostics.error(file, at, code, message));
    return new Abort();
  }

  /** Stops reading an input after a problem that makes the rest meaningless; already reported. */
  static final class Abort extends RuntimeException {
    Abort() {
      super(null, null, false, false);
    }
  }
}
