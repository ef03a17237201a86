package ai.modelplane.testsupport.bicep;

import ai.modelplane.testsupport.bicep.BicepAst.Arr;
import ai.modelplane.testsupport.bicep.BicepAst.BicepFile;
import ai.modelplane.testsupport.bicep.BicepAst.Binary;
import ai.modelplane.testsupport.bicep.BicepAst.Bool;
import ai.modelplane.testsupport.bicep.BicepAst.Call;
import ai.modelplane.testsupport.bicep.BicepAst.Decorator;
import ai.modelplane.testsupport.bicep.BicepAst.Expr;
import ai.modelplane.testsupport.bicep.BicepAst.Index;
import ai.modelplane.testsupport.bicep.BicepAst.Int;
import ai.modelplane.testsupport.bicep.BicepAst.Member;
import ai.modelplane.testsupport.bicep.BicepAst.ModuleDecl;
import ai.modelplane.testsupport.bicep.BicepAst.Not;
import ai.modelplane.testsupport.bicep.BicepAst.Null;
import ai.modelplane.testsupport.bicep.BicepAst.Obj;
import ai.modelplane.testsupport.bicep.BicepAst.OutputDecl;
import ai.modelplane.testsupport.bicep.BicepAst.ParamAssign;
import ai.modelplane.testsupport.bicep.BicepAst.ParamDecl;
import ai.modelplane.testsupport.bicep.BicepAst.Prop;
import ai.modelplane.testsupport.bicep.BicepAst.Ref;
import ai.modelplane.testsupport.bicep.BicepAst.ResourceDecl;
import ai.modelplane.testsupport.bicep.BicepAst.Statement;
import ai.modelplane.testsupport.bicep.BicepAst.Str;
import ai.modelplane.testsupport.bicep.BicepAst.Ternary;
import ai.modelplane.testsupport.bicep.BicepAst.Using;
import ai.modelplane.testsupport.bicep.BicepAst.VarDecl;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A strict parser for the Bicep subset the generator emits. It rejects anything else: other
 * statements, single-line or comma-separated objects and arrays, unknown escapes, multi-line
 * strings, block comments, tabs, CR, trailing spaces, double blank lines, and indentation other
 * than two spaces per open bracket. Test support: no Bicep compiler can run here.
 */
public final class BicepParser {
  /** A syntax or layout error, as {@code path:line:column: message}. */
  public static final class BicepSyntaxException extends RuntimeException {
    private final int line;
    private final String detail;

    /** {@code line} and {@code column} are 0 for an error of the whole file. */
    BicepSyntaxException(String path, int line, int column, String detail) {
      super(path + (line > 0 ? ":" + line : "") + (column > 0 ? ":" + column : "") + ": " + detail);
      this.line = line;
      this.detail = detail;
    }

    /** The line of the error, 0 for the whole file. */
    public int line() {
      return line;
    }

    /** What is wrong, without the place. */
    public String detail() {
      return detail;
    }
  }

  private enum Kind {
    IDENT,
    STRING,
    INT,
    SYMBOL,
    NEWLINE,
    EOF
  }

  private record Token(Kind kind, String text, Str string, int line, int column) {}

  private static final Set<String> KEYWORDS = Set.of("true", "false", "null");

  private final String path;
  private final List<Token> tokens;
  private int position;

  private BicepParser(String path, List<Token> tokens) {
    this.path = path;
    this.tokens = tokens;
  }

  public static BicepFile parse(String path, String text) {
    checkLayout(path, text);
    BicepParser parser = new BicepParser(path, new Lexer(path, text, 1, 0, false).lex());
    return parser.file(path.endsWith(".bicepparam"));
  }

  private static void checkLayout(String path, String text) {
    if (text.isEmpty() || !text.endsWith("\n") || text.endsWith("\n\n")) {
      throw new BicepSyntaxException(path, 0, 0, "must end with exactly one newline");
    }
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length - 1; i++) {
      String line = lines[i];
      int number = i + 1;
      if (line.indexOf('\r') >= 0 || line.indexOf('\t') >= 0) {
        throw new BicepSyntaxException(path, number, 0, "CR or TAB character");
      }
      if (line.endsWith(" ")) {
        throw new BicepSyntaxException(path, number, 0, "trailing space");
      }
      if (line.isEmpty() && (i == 0 || lines[i - 1].isEmpty())) {
        throw new BicepSyntaxException(
            path, number, 0, "blank line at the start or after a blank line");
      }
    }
  }

  // ---------------------------------------------------------------- statements

  private BicepFile file(boolean parametersFile) {
    List<Statement> statements = new ArrayList<>();
    Set<String> symbols = new HashSet<>();
    String targetScope = "resourceGroup";
    List<Decorator> decorators = new ArrayList<>();
    skipNewlines();
    while (peek().kind() != Kind.EOF) {
      Token start = peek();
      if (accept("@")) {
        decorators.add(decorator());
        newline();
        skipNewlines();
        continue;
      }
      String keyword = expectIdent();
      Statement statement;
      if (keyword.equals("targetScope") && !parametersFile) {
        expect("=");
        targetScope = literalString();
        if (!Set.of("subscription", "resourceGroup").contains(targetScope)) {
          throw error(start, "unexpected targetScope " + targetScope);
        }
        statement = null;
      } else if (keyword.equals("using") && parametersFile) {
        statement = new Using(start.line(), literalString());
      } else if (keyword.equals("param") && parametersFile) {
        String name = expectIdent();
        expect("=");
        statement = new ParamAssign(start.line(), name, expression());
      } else if (keyword.equals("param")) {
        String name = expectIdent();
        String type = typeName();
        boolean nullable = accept("?");
        Expr value = accept("=") ? expression() : null;
        if (nullable && value != null) {
          throw error(start, "nullable param " + name + " with a default value");
        }
        statement =
            new ParamDecl(start.line(), List.copyOf(decorators), name, type, nullable, value);
        decorators.clear();
      } else if (keyword.equals("var") && !parametersFile) {
        String name = expectIdent();
        expect("=");
        statement = new VarDecl(start.line(), name, expression());
      } else if (keyword.equals("resource") && !parametersFile) {
        String name = expectIdent();
        String typeAndVersion = literalString();
        int at = typeAndVersion.indexOf('@');
        if (at < 0) {
          throw error(start, "resource type without @api-version: " + typeAndVersion);
        }
        boolean existing = peek().kind() == Kind.IDENT && peek().text().equals("existing");
        if (existing) {
          next();
        }
        expect("=");
        Expr condition = null;
        if (!existing && peek().kind() == Kind.IDENT && peek().text().equals("if")) {
          next();
          expect("(");
          condition = expression();
          expect(")");
        }
        statement =
            new ResourceDecl(
                start.line(),
                name,
                typeAndVersion.substring(0, at),
                typeAndVersion.substring(at + 1),
                existing,
                condition,
                object());
      } else if (keyword.equals("module") && !parametersFile) {
        String name = expectIdent();
        String modulePath = literalString();
        expect("=");
        Expr condition = null;
        if (peek().kind() == Kind.IDENT && peek().text().equals("if")) {
          next();
          expect("(");
          condition = expression();
          expect(")");
        }
        statement = new ModuleDecl(start.line(), name, modulePath, condition, object());
      } else if (keyword.equals("output") && !parametersFile) {
        String name = expectIdent();
        String type = typeName();
        expect("=");
        statement = new OutputDecl(start.line(), List.copyOf(decorators), name, type, expression());
        decorators.clear();
      } else {
        throw error(start, "unexpected statement '" + keyword + "'");
      }
      if (!decorators.isEmpty()) {
        throw error(start, "decorators before a statement that takes none");
      }
      if (statement != null) {
        String symbolKey =
            (statement instanceof OutputDecl ? "output:" : "symbol:") + statement.name();
        if (!(statement instanceof Using) && !symbols.add(symbolKey)) {
          throw error(start, "duplicate name " + statement.name());
        }
        statements.add(statement);
      }
      newline();
      skipNewlines();
    }
    if (!decorators.isEmpty()) {
      throw new BicepSyntaxException(path, 0, 0, "decorators at the end of the file");
    }
    return new BicepFile(path, targetScope, List.copyOf(statements));
  }

  private Decorator decorator() {
    String name = expectIdent();
    return new Decorator(name, arguments());
  }

  private String typeName() {
    String type = expectIdent();
    if (!Set.of("string", "int", "bool", "object", "array").contains(type)) {
      throw error(previous(), "unexpected type " + type);
    }
    if (peek().text().equals("[") && tokens.get(position + 1).text().equals("]")) {
      next();
      next();
      type += "[]";
    }
    return type;
  }

  private String literalString() {
    Token token = next();
    if (token.kind() != Kind.STRING || !token.string().isLiteral()) {
      throw error(token, "expected a plain string");
    }
    return token.string().literal();
  }

  // ---------------------------------------------------------------- expressions

  private Expr expression() {
    Expr condition = coalesce();
    if (accept("?")) {
      Expr whenTrue = expression();
      expect(":");
      Expr whenFalse = expression();
      return new Ternary(condition, whenTrue, whenFalse);
    }
    return condition;
  }

  // Bicep's ?? binds tighter than the ternary and looser than ||.
  private Expr coalesce() {
    Expr left = or();
    while (accept("??")) {
      left = new Binary("??", left, or());
    }
    return left;
  }

  private Expr or() {
    Expr left = and();
    while (accept("||")) {
      left = new Binary("||", left, and());
    }
    return left;
  }

  private Expr and() {
    Expr left = equality();
    while (accept("&&")) {
      left = new Binary("&&", left, equality());
    }
    return left;
  }

  private Expr equality() {
    Expr left = unary();
    while (peek().text().equals("==") || peek().text().equals("!=")) {
      String operator = next().text();
      left = new Binary(operator, left, unary());
    }
    return left;
  }

  private Expr unary() {
    if (accept("!")) {
      return new Not(unary());
    }
    return postfix();
  }

  private Expr postfix() {
    Expr expr = primary();
    while (true) {
      if (accept(".")) {
        String name = expectIdent();
        expr =
            peek().text().equals("(")
                ? new Call(Optional.of(expr), name, arguments())
                : new Member(expr, name, false);
      } else if (accept(".?")) {
        expr = new Member(expr, expectIdent(), true);
      } else if (peek().text().equals("[")) {
        next();
        Expr index = expression();
        expect("]");
        expr = new Index(expr, index);
      } else {
        return expr;
      }
    }
  }

  private Expr primary() {
    Token token = next();
    switch (token.kind()) {
      case STRING:
        return token.string();
      case INT:
        return new Int(Long.parseLong(token.text()));
      case IDENT:
        switch (token.text()) {
          case "true":
            return new Bool(true);
          case "false":
            return new Bool(false);
          case "null":
            return new Null();
          default:
            if (peek().text().equals("(")) {
              return new Call(Optional.empty(), token.text(), arguments());
            }
            return new Ref(token.text());
        }
      case SYMBOL:
        if (token.text().equals("{")) {
          position--;
          return object();
        }
        if (token.text().equals("[")) {
          return arrayRest();
        }
        if (token.text().equals("(")) {
          Expr inner = expression();
          expect(")");
          return inner;
        }
        throw error(token, "unexpected '" + token.text() + "'");
      default:
        throw error(token, "unexpected " + token.kind());
    }
  }

  private List<Expr> arguments() {
    expect("(");
    List<Expr> args = new ArrayList<>();
    if (accept(")")) {
      return args;
    }
    do {
      args.add(expression());
    } while (accept(","));
    expect(")");
    return args;
  }

  private Obj object() {
    expect("{");
    List<Prop> props = new ArrayList<>();
    if (accept("}")) {
      return new Obj(props);
    }
    newline();
    Set<String> keys = new HashSet<>();
    while (!accept("}")) {
      Token keyToken = next();
      String key;
      Str keyExpr = null;
      if (keyToken.kind() == Kind.IDENT) {
        key = keyToken.text();
      } else if (keyToken.kind() == Kind.STRING) {
        keyExpr = keyToken.string();
        key = keyExpr.isLiteral() ? keyExpr.literal() : null;
        if (key != null && key.matches("[A-Za-z_][A-Za-z0-9_]*")) {
          throw error(keyToken, "identifier key needlessly quoted: " + key);
        }
      } else {
        throw error(keyToken, "expected an object key");
      }
      if (key != null && !keys.add(key)) {
        throw error(keyToken, "duplicate key " + key);
      }
      expect(":");
      props.add(new Prop(keyToken.line(), key, keyExpr, expression()));
      newline();
    }
    return new Obj(List.copyOf(props));
  }

  private Arr arrayRest() {
    List<Expr> items = new ArrayList<>();
    if (accept("]")) {
      return new Arr(items);
    }
    newline();
    while (!accept("]")) {
      items.add(expression());
      newline();
    }
    return new Arr(List.copyOf(items));
  }

  // ---------------------------------------------------------------- token helpers

  private Token peek() {
    return tokens.get(position);
  }

  private Token previous() {
    return tokens.get(position - 1);
  }

  private Token next() {
    Token token = tokens.get(position);
    if (token.kind() != Kind.EOF) {
      position++;
    }
    return token;
  }

  private boolean accept(String symbol) {
    if (peek().kind() == Kind.SYMBOL && peek().text().equals(symbol)) {
      position++;
      return true;
    }
    return false;
  }

  private void expect(String symbol) {
    if (!accept(symbol)) {
      throw error(peek(), "expected '" + symbol + "' but found '" + peek().text() + "'");
    }
  }

  private String expectIdent() {
    Token token = next();
    if (token.kind() != Kind.IDENT || KEYWORDS.contains(token.text())) {
      throw error(token, "expected an identifier but found '" + token.text() + "'");
    }
    return token.text();
  }

  private void newline() {
    Token token = next();
    if (token.kind() != Kind.NEWLINE) {
      throw error(token, "expected the end of the line but found '" + token.text() + "'");
    }
  }

  private void skipNewlines() {
    while (peek().kind() == Kind.NEWLINE) {
      position++;
    }
  }

  private BicepSyntaxException error(Token at, String message) {
    return new BicepSyntaxException(path, at.line(), at.column(), message);
  }

  // ---------------------------------------------------------------- lexer

  private static final class Lexer {
    private final String path;
    private final String text;
    private final boolean inline;
    private final int lineOffset;
    private final int columnOffset;
    private final List<Token> out = new ArrayList<>();
    private int pos;
    private int line = 1;
    private int column = 1;

    /**
     * Line numbers of the open brackets; brackets opened on one line form one indentation level.
     */
    private final java.util.ArrayDeque<Integer> open = new java.util.ArrayDeque<>();

    private boolean lineStart = true;
    private int indent;

    Lexer(String path, String text, int lineOffset, int columnOffset, boolean inline) {
      this.path = path;
      this.text = text;
      this.inline = inline;
      this.lineOffset = lineOffset;
      this.columnOffset = columnOffset;
    }

    List<Token> lex() {
      while (pos < text.length()) {
        char c = text.charAt(pos);
        if (lineStart && !inline) {
          indent = 0;
          while (pos < text.length() && text.charAt(pos) == ' ') {
            indent++;
            advance();
          }
          lineStart = false;
          if (pos < text.length() && text.charAt(pos) != '\n') {
            int closers = 0;
            while (pos + closers < text.length()
                && "}])".indexOf(text.charAt(pos + closers)) >= 0) {
              closers++;
            }
            List<Integer> remaining = new ArrayList<>(open);
            remaining = remaining.subList(Math.min(closers, remaining.size()), remaining.size());
            int expected = 2 * (int) remaining.stream().distinct().count();
            if (indent != expected) {
              throw fail("indentation " + indent + ", expected " + expected);
            }
          }
          continue;
        }
        if (c == '\n') {
          if (inline) {
            throw fail("newline inside an interpolation");
          }
          add(Kind.NEWLINE, "\\n", null);
          advance();
          lineStart = true;
        } else if (c == ' ') {
          advance();
          if (pos < text.length() && text.charAt(pos) == ' ') {
            throw fail("two spaces in a row");
          }
        } else if (c == '/' && peekChar(1) == '/') {
          boolean wholeLine =
              out.isEmpty()
                  || out.get(out.size() - 1).kind() == Kind.NEWLINE
                  || out.get(out.size() - 1).line() < line + lineOffset - 1;
          while (pos < text.length() && text.charAt(pos) != '\n') {
            advance();
          }
          if (wholeLine && pos < text.length()) {
            // A comment-only line is not a line of code: its line break ends nothing.
            advance();
            lineStart = true;
          }
        } else if (c == '/' && peekChar(1) == '*') {
          throw fail("block comment");
        } else if (c == '\'') {
          string();
        } else if (Character.isDigit(c) || isIdentStart(c)) {
          int start = pos;
          int startColumn = column;
          boolean number = Character.isDigit(c);
          while (pos < text.length()
              && (number ? Character.isDigit(text.charAt(pos)) : isIdentPart(text.charAt(pos)))) {
            advance();
          }
          out.add(
              new Token(
                  number ? Kind.INT : Kind.IDENT,
                  text.substring(start, pos),
                  null,
                  line + lineOffset - 1,
                  startColumn + columnOffset));
        } else {
          String two = pos + 1 < text.length() ? text.substring(pos, pos + 2) : "";
          if (Set.of("==", "!=", "&&", "||", ".?", "??").contains(two)) {
            add(Kind.SYMBOL, two, null);
            advance();
            advance();
          } else if ("{}[]():,=?!@.".indexOf(c) >= 0) {
            if ("{[(".indexOf(c) >= 0) {
              open.push(line);
            } else if ("}])".indexOf(c) >= 0) {
              if (open.isEmpty()) {
                throw fail("unbalanced brackets");
              }
              open.pop();
            }
            add(Kind.SYMBOL, String.valueOf(c), null);
            advance();
          } else {
            throw fail("unexpected character '" + c + "'");
          }
        }
      }
      if (!open.isEmpty()) {
        throw fail("unbalanced brackets");
      }
      out.add(new Token(Kind.EOF, "<end of file>", null, line + lineOffset - 1, column));
      return out;
    }

    private void string() {
      int startLine = line;
      int startColumn = column;
      if (text.startsWith("'''", pos)) {
        throw fail("multi-line string");
      }
      advance();
      List<Object> parts = new ArrayList<>();
      StringBuilder literal = new StringBuilder();
      while (true) {
        if (pos >= text.length() || text.charAt(pos) == '\n') {
          throw fail("unterminated string");
        }
        char c = text.charAt(pos);
        if (c == '\'') {
          advance();
          break;
        }
        if (c == '\\') {
          char escaped = peekChar(1);
          switch (escaped) {
            case '\\' -> literal.append('\\');
            case '\'' -> literal.append('\'');
            case 'n' -> literal.append('\n');
            case 'r' -> literal.append('\r');
            case 't' -> literal.append('\t');
            case '$' -> literal.append('$');
            case 'u' -> {
              int close = text.indexOf('}', pos);
              if (peekChar(2) != '{' || close < 0 || close - pos > 9) {
                throw fail("bad \\u{...} escape");
              }
              String hex = text.substring(pos + 3, close);
              if (!hex.matches("[0-9A-Fa-f]{1,6}")) {
                throw fail("bad \\u{...} escape");
              }
              literal.appendCodePoint(Integer.parseInt(hex, 16));
              while (pos < close) {
                advance();
              }
              advance();
              continue;
            }
            default -> throw fail("unknown escape \\" + escaped);
          }
          advance();
          advance();
          continue;
        }
        if (c == '$' && peekChar(1) == '{') {
          if (literal.length() > 0) {
            parts.add(literal.toString());
            literal.setLength(0);
          }
          int end = interpolationEnd(pos + 2);
          String inner = text.substring(pos + 2, end);
          List<Token> innerTokens =
              new Lexer(path, inner, line + lineOffset - 1, column + 1, true).lex();
          parts.add(new BicepParser(path, innerTokens).inlineExpression());
          while (pos <= end) {
            advance();
          }
          continue;
        }
        if (c < 0x20) {
          throw fail("control character in a string");
        }
        literal.append(c);
        advance();
      }
      if (literal.length() > 0 || parts.isEmpty()) {
        parts.add(literal.toString());
      }
      out.add(
          new Token(
              Kind.STRING,
              "'string'",
              new Str(List.copyOf(parts)),
              startLine + lineOffset - 1,
              startColumn));
    }

    private int interpolationEnd(int from) {
      int nesting = 0;
      boolean inString = false;
      for (int i = from; i < text.length(); i++) {
        char c = text.charAt(i);
        if (c == '\n') {
          break;
        }
        if (inString) {
          if (c == '\\') {
            i++;
          } else if (c == '\'') {
            inString = false;
          }
        } else if (c == '\'') {
          inString = true;
        } else if (c == '{') {
          nesting++;
        } else if (c == '}') {
          if (nesting == 0) {
            return i;
          }
          nesting--;
        }
      }
      throw fail("unterminated interpolation");
    }

    private char peekChar(int ahead) {
      return pos + ahead < text.length() ? text.charAt(pos + ahead) : '\0';
    }

    private void advance() {
      if (text.charAt(pos) == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
      pos++;
    }

    private void add(Kind kind, String tokenText, Str string) {
      out.add(new Token(kind, tokenText, string, line + lineOffset - 1, column + columnOffset));
    }

    private BicepSyntaxException fail(String message) {
      return new BicepSyntaxException(path, line + lineOffset - 1, column + columnOffset, message);
    }

    private static boolean isIdentStart(char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    private static boolean isIdentPart(char c) {
      return isIdentStart(c) || (c >= '0' && c <= '9');
    }
  }

  private Expr inlineExpression() {
    Expr expr = expression();
    if (peek().kind() != Kind.EOF) {
      throw error(peek(), "unexpected '" + peek().text() + "' in an interpolation");
    }
    return expr;
  }
}
