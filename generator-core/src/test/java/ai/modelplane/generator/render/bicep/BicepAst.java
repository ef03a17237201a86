package ai.modelplane.generator.render.bicep;

import java.util.List;
import java.util.Optional;

/** The syntax tree of the Bicep subset the generator emits (test support). */
final class BicepAst {
  private BicepAst() {}

  /** A parsed {@code .bicep} or {@code .bicepparam} file. */
  record BicepFile(String path, String targetScope, List<Statement> statements) {
    List<ParamDecl> params() {
      return statements.stream()
          .filter(ParamDecl.class::isInstance)
          .map(ParamDecl.class::cast)
          .toList();
    }

    List<VarDecl> vars() {
      return statements.stream()
          .filter(VarDecl.class::isInstance)
          .map(VarDecl.class::cast)
          .toList();
    }

    List<ResourceDecl> resources() {
      return statements.stream()
          .filter(ResourceDecl.class::isInstance)
          .map(ResourceDecl.class::cast)
          .toList();
    }

    List<ModuleDecl> modules() {
      return statements.stream()
          .filter(ModuleDecl.class::isInstance)
          .map(ModuleDecl.class::cast)
          .toList();
    }

    List<OutputDecl> outputs() {
      return statements.stream()
          .filter(OutputDecl.class::isInstance)
          .map(OutputDecl.class::cast)
          .toList();
    }

    List<ParamAssign> paramAssigns() {
      return statements.stream()
          .filter(ParamAssign.class::isInstance)
          .map(ParamAssign.class::cast)
          .toList();
    }

    Optional<ParamDecl> param(String name) {
      return params().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    Optional<OutputDecl> output(String name) {
      return outputs().stream().filter(o -> o.name().equals(name)).findFirst();
    }
  }

  sealed interface Statement
      permits ParamDecl, VarDecl, ResourceDecl, ModuleDecl, OutputDecl, Using, ParamAssign {
    int line();

    String name();
  }

  record Decorator(String name, List<Expr> args) {}

  record ParamDecl(
      int line, List<Decorator> decorators, String name, String type, Expr defaultValue)
      implements Statement {
    Optional<Decorator> decorator(String decoratorName) {
      return decorators.stream().filter(d -> d.name().equals(decoratorName)).findFirst();
    }
  }

  record VarDecl(int line, String name, Expr value) implements Statement {}

  record ResourceDecl(
      int line, String name, String type, String apiVersion, boolean existing, Obj body)
      implements Statement {}

  record ModuleDecl(int line, String name, String path, Obj body) implements Statement {}

  record OutputDecl(int line, List<Decorator> decorators, String name, String type, Expr value)
      implements Statement {
    boolean has(String decoratorName) {
      return decorators.stream().anyMatch(d -> d.name().equals(decoratorName));
    }
  }

  /** {@code using 'main.bicep'} of a parameters file. */
  record Using(int line, String path) implements Statement {
    @Override
    public String name() {
      return "using";
    }
  }

  /** {@code param x = value} of a parameters file. */
  record ParamAssign(int line, String name, Expr value) implements Statement {}

  sealed interface Expr
      permits Str, Int, Bool, Null, Arr, Obj, Ref, Member, Index, Call, Ternary, Binary, Not {}

  /** A string; parts are literal {@code String}s and interpolated {@code Expr}s. */
  record Str(List<Object> parts) implements Expr {
    boolean isLiteral() {
      return parts.stream().allMatch(String.class::isInstance);
    }

    String literal() {
      if (!isLiteral()) {
        throw new IllegalStateException("interpolated string");
      }
      return String.join("", parts.stream().map(String.class::cast).toList());
    }
  }

  record Int(long value) implements Expr {}

  record Bool(boolean value) implements Expr {}

  record Null() implements Expr {}

  record Arr(List<Expr> items) implements Expr {}

  /**
   * An object; {@code key} is the key's text after unescaping (interpolated keys keep {@code
   * keyExpr}).
   */
  record Prop(int line, String key, Str keyExpr, Expr value) {}

  record Obj(List<Prop> props) implements Expr {
    Optional<Expr> get(String key) {
      return props.stream().filter(p -> key.equals(p.key())).map(Prop::value).findFirst();
    }
  }

  record Ref(String name) implements Expr {}

  record Member(Expr target, String name, boolean safe) implements Expr {}

  record Index(Expr target, Expr index) implements Expr {}

  /**
   * A function call; {@code target} is empty for a plain function, else the resource it is called
   * on.
   */
  record Call(Optional<Expr> target, String name, List<Expr> args) implements Expr {}

  record Ternary(Expr condition, Expr whenTrue, Expr whenFalse) implements Expr {}

  record Binary(String operator, Expr left, Expr right) implements Expr {}

  record Not(Expr operand) implements Expr {}
}
