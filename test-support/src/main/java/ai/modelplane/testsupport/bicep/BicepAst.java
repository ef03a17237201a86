package ai.modelplane.testsupport.bicep;

import java.util.List;
import java.util.Optional;

/** The syntax tree of the Bicep subset the generator emits (test support). */
public final class BicepAst {
  private BicepAst() {}

  /** A parsed {@code .bicep} or {@code .bicepparam} file. */
  public record BicepFile(String path, String targetScope, List<Statement> statements) {
    public List<ParamDecl> params() {
      return statements.stream()
          .filter(ParamDecl.class::isInstance)
          .map(ParamDecl.class::cast)
          .toList();
    }

    public List<VarDecl> vars() {
      return statements.stream()
          .filter(VarDecl.class::isInstance)
          .map(VarDecl.class::cast)
          .toList();
    }

    public List<ResourceDecl> resources() {
      return statements.stream()
          .filter(ResourceDecl.class::isInstance)
          .map(ResourceDecl.class::cast)
          .toList();
    }

    public List<ModuleDecl> modules() {
      return statements.stream()
          .filter(ModuleDecl.class::isInstance)
          .map(ModuleDecl.class::cast)
          .toList();
    }

    public List<OutputDecl> outputs() {
      return statements.stream()
          .filter(OutputDecl.class::isInstance)
          .map(OutputDecl.class::cast)
          .toList();
    }

    public List<ParamAssign> paramAssigns() {
      return statements.stream()
          .filter(ParamAssign.class::isInstance)
          .map(ParamAssign.class::cast)
          .toList();
    }

    public Optional<ParamDecl> param(String name) {
      return params().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    public Optional<OutputDecl> output(String name) {
      return outputs().stream().filter(o -> o.name().equals(name)).findFirst();
    }
  }

  public sealed interface Statement
      permits ParamDecl, VarDecl, ResourceDecl, ModuleDecl, OutputDecl, Using, ParamAssign {
    int line();

    String name();
  }

  public record Decorator(String name, List<Expr> args) {}

  /**
   * A {@code param}; {@code type} is the base type ({@code string}, {@code string[]} …) and {@code
   * nullable} says it was declared {@code type?}: null when not given, so never required.
   */
  public record ParamDecl(
      int line,
      List<Decorator> decorators,
      String name,
      String type,
      boolean nullable,
      Expr defaultValue)
      implements Statement {
    public Optional<Decorator> decorator(String decoratorName) {
      return decorators.stream().filter(d -> d.name().equals(decoratorName)).findFirst();
    }
  }

  public record VarDecl(int line, String name, Expr value) implements Statement {}

  /**
   * A resource; {@code condition} is the expression of {@code = if (condition) {...}}, null for a
   * resource declared unconditionally.
   */
  public record ResourceDecl(
      int line,
      String name,
      String type,
      String apiVersion,
      boolean existing,
      Expr condition,
      Obj body)
      implements Statement {}

  public record ModuleDecl(int line, String name, String path, Expr condition, Obj body)
      implements Statement {}

  public record OutputDecl(
      int line, List<Decorator> decorators, String name, String type, Expr value)
      implements Statement {
    boolean has(String decoratorName) {
      return decorators.stream().anyMatch(d -> d.name().equals(decoratorName));
    }
  }

  /** {@code using 'main.bicep'} of a parameters file. */
  public record Using(int line, String path) implements Statement {
    @Override
    public String name() {
      return "using";
    }
  }

  /** {@code param x = value} of a parameters file. */
  public record ParamAssign(int line, String name, Expr value) implements Statement {}

  public sealed interface Expr
      permits Str, Int, Bool, Null, Arr, Obj, Ref, Member, Index, Call, Ternary, Binary, Not {}

  /** A string; parts are literal {@code String}s and interpolated {@code Expr}s. */
  public record Str(List<Object> parts) implements Expr {
    boolean isLiteral() {
      return parts.stream().allMatch(String.class::isInstance);
    }

    public String literal() {
      if (!isLiteral()) {
        throw new IllegalStateException("interpolated string");
      }
      return String.join("", parts.stream().map(String.class::cast).toList());
    }
  }

  public record Int(long value) implements Expr {}

  public record Bool(boolean value) implements Expr {}

  public record Null() implements Expr {}

  public record Arr(List<Expr> items) implements Expr {}

  /**
   * An object; {@code key} is the key's text after unescaping (interpolated keys keep {@code
   * keyExpr}).
   */
  public record Prop(int line, String key, Str keyExpr, Expr value) {}

  public record Obj(List<Prop> props) implements Expr {
    public Optional<Expr> get(String key) {
      return props.stream().filter(p -> key.equals(p.key())).map(Prop::value).findFirst();
    }
  }

  public record Ref(String name) implements Expr {}

  public record Member(Expr target, String name, boolean safe) implements Expr {}

  public record Index(Expr target, Expr index) implements Expr {}

  /**
   * A function call; {@code target} is empty for a plain function, else the resource it is called
   * on.
   */
  public record Call(Optional<Expr> target, String name, List<Expr> args) implements Expr {}

  public record Ternary(Expr condition, Expr whenTrue, Expr whenFalse) implements Expr {}

  public record Binary(String operator, Expr left, Expr right) implements Expr {}

  public record Not(Expr operand) implements Expr {}
}
