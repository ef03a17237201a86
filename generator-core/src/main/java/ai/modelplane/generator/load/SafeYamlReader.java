package ai.modelplane.generator.load;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.FieldPaths;
import ai.modelplane.generator.diagnostic.Severity;
import ai.modelplane.generator.text.UnsafeText;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

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
      bytes = readAtMost(in, MAX_BYTES + 1);
    } catch (IOException e) {
      diagnostics.add(fileError(file, DiagnosticCode.MP001, "cannot read: " + describe(e)));
      return new Result(documents, diagnostics);
    }
    if (bytes.length > MAX_BYTES) {
      diagnostics.add(
          fileError(
              file,
              DiagnosticCode.MP002,
              "input is larger than " + MAX_BYTES / 1024 + " KiB; an AKSCluster is a few KiB"));
      return new Result(documents, diagnostics);
    }
    String text = decode(file, bytes, diagnostics);
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
          documents.add(new ParsedDocument(root, builder.sourceMap, index, start));
        }
        index++;
      }
    } catch (Abort abort) {
      // Already reported; the rest of the input cannot be trusted.
    } catch (StreamConstraintsException e) {
      diagnostics.add(
          error(
              file,
              position(e.getLocation()),
              DiagnosticCode.MP004,
              "input exceeds a reader limit: " + e.getOriginalMessage()));
    } catch (JsonProcessingException e) {
      diagnostics.add(syntaxError(file, e));
    } catch (IOException | RuntimeException e) {
      diagnostics.add(fileError(file, DiagnosticCode.MP004, "not valid YAML: " + describe(e)));
    }
    if (documents.isEmpty() && diagnostics.isEmpty()) {
      diagnostics.add(
          new Diagnostic(
              DiagnosticCode.MP008,
              Severity.ERROR,
              file,
              1,
              1,
              "",
              "no AKSCluster in this input: it is empty or holds only comments",
              ""));
    }
    return new Result(documents, diagnostics);
  }

  /**
   * Up to {@code limit} bytes of {@code in}. Unlike {@link InputStream#readNBytes(int)}, which
   * reads through 8 KiB buffers, it starts small: a cluster file is well under a kilobyte, and a
   * fleet reads thousands of them.
   */
  static byte[] readAtMost(InputStream in, int limit) throws IOException {
    byte[] buffer = new byte[Math.min(limit, 2048)];
    int length = 0;
    while (true) {
      if (length == buffer.length) {
        if (length == limit) {
          break;
        }
        buffer = Arrays.copyOf(buffer, (int) Math.min(limit, buffer.length * 2L));
      }
      int read = in.read(buffer, length, buffer.length - length);
      if (read < 0) {
        break;
      }
      length += read;
    }
    return length == buffer.length ? buffer : Arrays.copyOf(buffer, length);
  }

  /** Strict UTF-8: the first bad byte is reported with its line and column; a BOM is dropped. */
  private static String decode(String file, byte[] bytes, List<Diagnostic> diagnostics) {
    if (bytes.length >= 2
        && ((bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF)
            || (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE))) {
      diagnostics.add(
          new Diagnostic(
              DiagnosticCode.MP003,
              Severity.ERROR,
              file,
              1,
              1,
              "",
              "input is UTF-16 text; save it as UTF-8",
              ""));
      return null;
    }
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length + 1);
    CoderResult result = decoder.decode(in, out, true);
    if (!result.isError()) {
      result = decoder.flush(out);
    }
    if (result.isError()) {
      int offset = in.position();
      int line = 1;
      int lineStart = 0;
      for (int i = 0; i < offset; i++) {
        if (bytes[i] == '\n') {
          line++;
          lineStart = i + 1;
        }
      }
      String hex = String.format("0x%02X", bytes[offset] & 0xFF);
      diagnostics.add(
          new Diagnostic(
              DiagnosticCode.MP003,
              Severity.ERROR,
              file,
              line,
              offset - lineStart + 1,
              "",
              "input is not UTF-8: byte "
                  + hex
                  + " cannot start or continue a UTF-8 character; save the file as UTF-8",
              ""));
      return null;
    }
    out.flip();
    String text = out.toString();
    if (text.indexOf('\u0000') >= 0) {
      int at = text.indexOf('\u0000');
      int line = 1 + (int) text.substring(0, at).chars().filter(c -> c == '\n').count();
      int column = at - text.lastIndexOf('\n', at - 1);
      diagnostics.add(
          new Diagnostic(
              DiagnosticCode.MP003,
              Severity.ERROR,
              file,
              line,
              column,
              "",
              "input holds a NUL character; is it UTF-16 or binary? Save it as UTF-8 text",
              ""));
      return null;
    }
    return text.startsWith("\uFEFF") ? text.substring(1) : text;
  }

  /** Builds one document's tree from the token stream, recording where every value came from. */
  private static final class DocumentBuilder {
    private final String file;
    private final YAMLParser parser;
    private final List<Diagnostic> diagnostics;
    private final SourceMap sourceMap = new SourceMap();

    DocumentBuilder(String file, YAMLParser parser, List<Diagnostic> diagnostics) {
      this.file = file;
      this.parser = parser;
      this.diagnostics = diagnostics;
    }

    JsonNode value(JsonToken token, String pointer, SourcePosition keyPosition, int depth)
        throws IOException {
      SourcePosition at = position(parser.currentTokenLocation());
      if (depth > MAX_DEPTH) {
        diagnostics.add(
            error(
                file,
                at,
                DiagnosticCode.MP006,
                "nesting is deeper than "
                    + MAX_DEPTH
                    + " levels; an AKSCluster needs fewer than 8"));
        throw new Abort();
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
            diagnostics.add(
                error(
                    file,
                    at,
                    DiagnosticCode.MP010,
                    "value is longer than " + MAX_SCALAR_CHARS + " characters"));
            throw new Abort();
          }
          sourceMap.put(pointer, new SourceMap.Origin(keyPosition, at, raw));
          if (token == JsonToken.VALUE_STRING && hasLoneSurrogate(raw)) {
            return JsonNodeFactory.instance.textNode(
                withoutLoneSurrogates(raw, at, pathOf(pointer)));
          }
          return scalar(token);
        }
      }
    }

    private ObjectNode object(String pointer, int depth) throws IOException {
      ObjectNode object = JsonNodeFactory.instance.objectNode();
      java.util.Map<String, SourcePosition> seen = new java.util.HashMap<>();
      JsonToken next;
      while ((next = parser.nextToken()) != JsonToken.END_OBJECT) {
        SourcePosition keyAt = position(parser.currentTokenLocation());
        String key = parser.currentName();
        if (hasLoneSurrogate(key)) {
          key = withoutLoneSurrogates(key, keyAt, pathOf(FieldPaths.pointer(pointer, key)));
        }
        if ("<<".equals(key)) {
          diagnostics.add(
              error(
                  file,
                  keyAt,
                  DiagnosticCode.MP005,
                  "YAML merge keys (<<) are not supported; write the fields out"));
          throw new Abort();
        }
        String childPointer = FieldPaths.pointer(pointer, key);
        JsonNode child = value(parser.nextToken(), childPointer, keyAt, depth + 1);
        SourcePosition first = seen.putIfAbsent(key, keyAt);
        if (first != null) {
          diagnostics.add(
              new Diagnostic(
                  DiagnosticCode.MP007,
                  Severity.ERROR,
                  file,
                  keyAt.line(),
                  keyAt.column(),
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
                new Diagnostic(
                    DiagnosticCode.MP011,
                    Severity.ERROR,
                    file,
                    at.line(),
                    at.column(),
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
     * The field path of {@code pointer}; the tree is incomplete here, so array indexes are
     * recognised by shape alone.
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
        diagnostics.add(
            error(
                file,
                at,
                DiagnosticCode.MP005,
                "YAML aliases (*" + parser.getText() + ") are not supported; write the value out"));
        throw new Abort();
      }
      String anchor = parser.getObjectId();
      if (anchor != null) {
        diagnostics.add(
            error(
                file,
                at,
                DiagnosticCode.MP005,
                "YAML anchors (&" + anchor + ") are not supported; write values out"));
        throw new Abort();
      }
      String tag = parser.getTypeId();
      if (tag != null) {
        diagnostics.add(
            error(
                file,
                at,
                DiagnosticCode.MP005,
                "explicit YAML tags (" + tag + ") are not supported; use plain or quoted values"));
        throw new Abort();
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
  }

  /** Stops reading an input after a problem that makes the rest meaningless; already reported. */
  private static final class Abort extends RuntimeException {
    Abort() {
      super(null, null, false, false);
    }
  }

  private static Diagnostic syntaxError(String file, JsonProcessingException e) {
    Throwable cause = e.getCause();
    if (cause instanceof MarkedYAMLException marked) {
      Mark mark =
          marked.getProblemMark() != null ? marked.getProblemMark() : marked.getContextMark();
      String problem = marked.getProblem() != null ? marked.getProblem() : marked.getContext();
      boolean tab = problem != null && problem.contains("\\t(TAB)");
      if (tab) {
        problem = "a tab character cannot start a token";
      }
      String hint = tab ? "indent with spaces; YAML does not allow tabs" : "";
      SourcePosition at =
          mark == null
              ? SourcePosition.UNKNOWN
              : new SourcePosition(mark.getLine() + 1, mark.getColumn() + 1);
      Mark contextMark = marked.getContextMark();
      if (marked.getContext() != null && contextMark != null && marked.getProblem() != null) {
        problem =
            problem
                + " ("
                + oneLine(marked.getContext())
                + " that starts at "
                + (contextMark.getLine() + 1)
                + ":"
                + (contextMark.getColumn() + 1)
                + ")";
      }
      return new Diagnostic(
          DiagnosticCode.MP004,
          Severity.ERROR,
          file,
          at.line(),
          at.column(),
          "",
          "not valid YAML: " + oneLine(problem),
          hint);
    }
    return error(
        file,
        position(e.getLocation()),
        DiagnosticCode.MP004,
        "not valid YAML: " + oneLine(e.getOriginalMessage()));
  }

  private static String oneLine(String text) {
    return text == null ? "syntax error" : text.replaceAll("\\s*\\R\\s*", " ").strip();
  }

  private static String describe(Exception e) {
    return oneLine(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
  }

  static SourcePosition position(JsonLocation location) {
    if (location == null || location.getLineNr() < 1) {
      return SourcePosition.UNKNOWN;
    }
    return new SourcePosition(location.getLineNr(), Math.max(location.getColumnNr(), 1));
  }

  private static Diagnostic error(
      String file, SourcePosition at, DiagnosticCode code, String message) {
    return new Diagnostic(code, Severity.ERROR, file, at.line(), at.column(), "", message, "");
  }

  private static Diagnostic fileError(String file, DiagnosticCode code, String message) {
    return new Diagnostic(code, Severity.ERROR, file, 1, 1, "", message, "");
  }
}
