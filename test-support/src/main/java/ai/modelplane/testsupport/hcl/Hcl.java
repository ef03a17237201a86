package ai.modelplane.testsupport.hcl;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A strict parser for the subset of HCL native syntax the generator emits: blocks, attributes,
 * quoted templates with {@code ${...}} interpolation, numbers, booleans, null, tuples, objects,
 * traversals, function calls and the {@code ==}, {@code !=}, {@code &&}, {@code ||} operators.
 * Anything else (heredocs, {@code %{} directives, unknown escapes, raw newlines in strings, for
 * expressions, conditionals) is a parse error, so the tests that use it fail on output outside the
 * subset rather than silently accepting it.
 */
public final class Hcl {
  public sealed interface Expr
      permits Literal, Template, Tuple, ObjectCons, Traversal, Call, Binary {}

  /** A string (template without interpolation), number, boolean or null. */
  public record Literal(Object value) implements Expr {}

  /** A quoted template with at least one interpolation; parts are strings or expressions. */
  public record Template(List<Object> parts) implements Expr {}

  public record Tuple(List<Expr> items) implements Expr {}

  public record ObjectCons(Map<String, Expr> items) implements Expr {}

  /** {@code root.attr[index]...}; steps are attribute names (String) or index expressions. */
  public record Traversal(String root, List<Object> steps) implements Expr {
    public String dotted() {
      StringBuilder out = new StringBuilder(root);
      for (Object step : steps) {
        out.append(step instanceof String s ? "." + s : "[]");
      }
      return out.toString();
    }
  }

  public record Call(String name, List<Expr> args) implements Expr {}

  public record Binary(String op, Expr left, Expr right) implements Expr {}

  public record Attribute(String name, Expr value, int line) {}

  public record Block(String type, List<String> labels, Body body, int line) {}

  public record Body(List<Attribute> attributes, List<Block> blocks) {
    public Optional<Attribute> attribute(String name) {
      return attributes.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    public List<Block> blocks(String type) {
      return blocks.stream().filter(b -> b.type().equals(type)).toList();
    }

    /** The block with this type and labels; fails when there is none. */
    public Block block(String type, String... labels) {
      return blocks.stream()
          .filter(b -> b.type().equals(type) && b.labels().equals(List.of(labels)))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no block " + type + " " + List.of(labels)));
    }

    /** The literal string value of an attribute; fails when it is missing or not a plain string. */
    public String string(String name) {
      Expr value =
          attribute(name).orElseThrow(() -> new AssertionError("no attribute " + name)).value();
      if (value instanceof Literal literal && literal.value() instanceof String s) {
        return s;
      }
      throw new AssertionError(name + " is not a string literal: " + value);
    }
  }

  public static final class ParseException extends RuntimeException {
    ParseException(String message) {
      super(message);
    }
  }

  private final String text;
  private int pos;

  private Hcl(String text) {
    this.text = text;
  }

  public static Body parse(String text) {
    Hcl parser = new Hcl(text);
    Body body = parser.body(false);
    if (parser.pos != text.length()) {
      throw parser.error("unexpected input");
    }
    return body;
  }

  /** Decodes one quoted string literal (including its quotes); fails on interpolation. */
  public static String parseStringLiteral(String quoted) {
    Hcl parser = new Hcl(quoted);
    Expr expr = parser.template();
    if (parser.pos != quoted.length() || !(expr instanceof Literal literal)) {
      throw new ParseException("not a single string literal: " + quoted);
    }
    return (String) literal.value();
  }

  private Body body(boolean nested) {
    List<Attribute> attributes = new ArrayList<>();
    List<Block> blocks = new ArrayList<>();
    while (true) {
      skipSpaceAndNewlines();
      if (pos >= text.length()) {
        if (nested) {
          throw error("missing }");
        }
        return new Body(attributes, blocks);
      }
      if (peek() == '}') {
        if (!nested) {
          throw error("unexpected }");
        }
        return new Body(attributes, blocks);
      }
      int line = line();
      String name = identifier();
      skipSpaces();
      if (peek() == '=' && peekAt(1) != '=') {
        pos++;
        Expr value = expression();
        skipSpaces();
        if (pos < text.length() && peek() != '\n' && peek() != '}') {
          throw error("expected a newline after attribute " + name);
        }
        for (Attribute existing : attributes) {
          if (existing.name().equals(name)) {
            throw error("duplicate attribute " + name);
          }
        }
        attributes.add(new Attribute(name, value, line));
      } else {
        List<String> labels = new ArrayList<>();
        while (peek() == '"') {
          Expr label = template();
          if (!(label instanceof Literal literal) || !(literal.value() instanceof String s)) {
            throw error("block labels must be plain strings");
          }
          labels.add(s);
          skipSpaces();
        }
        expect('{');
        Body inner = body(true);
        expect('}');
        blocks.add(new Block(name, labels, inner, line));
      }
    }
  }

  private Expr expression() {
    Expr left = and();
    while (lookingAt("||")) {
      pos += 2;
      left = new Binary("||", left, and());
    }
    return left;
  }

  private Expr and() {
    Expr left = equality();
    while (lookingAt("&&")) {
      pos += 2;
      left = new Binary("&&", left, equality());
    }
    return left;
  }

  private Expr equality() {
    Expr left = postfix();
    while (lookingAt("==") || lookingAt("!=")) {
      String op = text.substring(pos, pos + 2);
      pos += 2;
      left = new Binary(op, left, postfix());
    }
    return left;
  }

  private Expr postfix() {
    Expr expr = primary();
    while (true) {
      if (pos < text.length() && peek() == '.' && expr instanceof Traversal t) {
        pos++;
        List<Object> steps = new ArrayList<>(t.steps());
        steps.add(identifier());
        expr = new Traversal(t.root(), steps);
      } else if (pos < text.length() && peek() == '[' && expr instanceof Traversal t) {
        pos++;
        Expr index = expression();
        skipSpaceAndNewlines();
        expect(']');
        List<Object> steps = new ArrayList<>(t.steps());
        steps.add(index);
        expr = new Traversal(t.root(), steps);
      } else {
        skipSpaces();
        return expr;
      }
    }
  }

  private Expr primary() {
    skipSpaces();
    char c = peek();
    if (c == '"') {
      return template();
    }
    // A number, negative ones included (a Spot max price of -1).
    if (Character.isDigit(c)
        || (c == '-' && pos + 1 < text.length() && Character.isDigit(text.charAt(pos + 1)))) {
      int start = pos;
      pos++;
      while (pos < text.length() && (Character.isDigit(peek()) || peek() == '.')) {
        pos++;
      }
      return new Literal(new BigDecimal(text.substring(start, pos)));
    }
    if (c == '[') {
      pos++;
      List<Expr> items = new ArrayList<>();
      while (true) {
        skipSpaceAndNewlines();
        if (peek() == ']') {
          pos++;
          return new Tuple(items);
        }
        items.add(expression());
        skipSpaceAndNewlines();
        if (peek() == ',') {
          pos++;
        } else if (peek() != ']') {
          throw error("expected , or ]");
        }
      }
    }
    if (c == '{') {
      pos++;
      Map<String, Expr> items = new LinkedHashMap<>();
      while (true) {
        skipSpaceAndNewlines();
        if (peek() == '}') {
          pos++;
          return new ObjectCons(items);
        }
        String key;
        if (peek() == '"') {
          Expr k = template();
          if (!(k instanceof Literal literal) || !(literal.value() instanceof String s)) {
            throw error("object keys must be plain strings");
          }
          key = s;
        } else {
          key = identifier();
        }
        skipSpaces();
        expect('=');
        Expr value = expression();
        if (items.put(key, value) != null) {
          throw error("duplicate object key " + key);
        }
        skipSpaces();
        if (peek() == ',') {
          pos++;
        } else if (peek() != '\n' && peek() != '}') {
          throw error("expected , newline or } in object");
        }
      }
    }
    if (c == '(') {
      pos++;
      Expr inner = expression();
      skipSpaceAndNewlines();
      expect(')');
      return inner;
    }
    String name = identifier();
    switch (name) {
      case "true":
        return new Literal(Boolean.TRUE);
      case "false":
        return new Literal(Boolean.FALSE);
      case "null":
        return new Literal(null);
      default:
        break;
    }
    if (pos < text.length() && peek() == '(') {
      pos++;
      List<Expr> args = new ArrayList<>();
      while (true) {
        skipSpaceAndNewlines();
        if (peek() == ')') {
          pos++;
          return new Call(name, args);
        }
        args.add(expression());
        skipSpaceAndNewlines();
        if (peek() == ',') {
          pos++;
        } else if (peek() != ')') {
          throw error("expected , or )");
        }
      }
    }
    return new Traversal(name, List.of());
  }

  private Expr template() {
    expect('"');
    List<Object> parts = new ArrayList<>();
    StringBuilder literal = new StringBuilder();
    while (true) {
      if (pos >= text.length()) {
        throw error("unterminated string");
      }
      char c = text.charAt(pos++);
      if (c == '"') {
        break;
      } else if (c == '\n' || c == '\r') {
        throw error("newline inside a quoted string");
      } else if (c == '\\') {
        char e = text.charAt(pos++);
        switch (e) {
          case 'n' -> literal.append('\n');
          case 'r' -> literal.append('\r');
          case 't' -> literal.append('\t');
          case '"' -> literal.append('"');
          case '\\' -> literal.append('\\');
          case 'u' -> literal.appendCodePoint(hex(4));
          case 'U' -> literal.appendCodePoint(hex(8));
          default -> throw error("unknown escape \\" + e);
        }
      } else if ((c == '$' || c == '%') && lookingAt(c + "{")) {
        // "$${" is a literal "${" (likewise "%%{").
        pos += 2;
        literal.append(c).append('{');
      } else if (c == '$' && pos < text.length() && peek() == '{') {
        pos++;
        if (literal.length() > 0) {
          parts.add(literal.toString());
          literal.setLength(0);
        }
        parts.add(expression());
        skipSpaces();
        expect('}');
      } else if (c == '%' && pos < text.length() && peek() == '{') {
        throw error("template directives are outside the emitted subset");
      } else {
        literal.append(c);
      }
    }
    if (parts.isEmpty()) {
      return new Literal(literal.toString());
    }
    if (literal.length() > 0) {
      parts.add(literal.toString());
    }
    return new Template(parts);
  }

  private int hex(int digits) {
    String hex = text.substring(pos, pos + digits);
    pos += digits;
    return Integer.parseInt(hex, 16);
  }

  private String identifier() {
    int start = pos;
    if (pos >= text.length() || !(Character.isLetter(peek()) || peek() == '_')) {
      throw error("expected an identifier");
    }
    while (pos < text.length()
        && (Character.isLetterOrDigit(peek()) || peek() == '_' || peek() == '-')) {
      pos++;
    }
    return text.substring(start, pos);
  }

  private void skipSpaces() {
    while (pos < text.length()) {
      char c = peek();
      if (c == ' ' || c == '\t') {
        pos++;
      } else if (c == '#' || lookingAt("//")) {
        while (pos < text.length() && peek() != '\n') {
          pos++;
        }
      } else if (lookingAt("/*")) {
        int end = text.indexOf("*/", pos + 2);
        if (end < 0) {
          throw error("unterminated comment");
        }
        pos = end + 2;
      } else {
        return;
      }
    }
  }

  private void skipSpaceAndNewlines() {
    while (true) {
      skipSpaces();
      if (pos < text.length() && (peek() == '\n' || peek() == '\r')) {
        pos++;
      } else {
        return;
      }
    }
  }

  private boolean lookingAt(String s) {
    return text.startsWith(s, pos);
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : 0;
  }

  private char peekAt(int offset) {
    return pos + offset < text.length() ? text.charAt(pos + offset) : 0;
  }

  private void expect(char c) {
    skipSpaces();
    if (peek() != c) {
      throw error("expected '" + c + "'");
    }
    pos++;
  }

  private int line() {
    int line = 1;
    for (int i = 0; i < pos; i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }

  private ParseException error(String message) {
    return new ParseException("line " + line() + ": " + message);
  }
}
