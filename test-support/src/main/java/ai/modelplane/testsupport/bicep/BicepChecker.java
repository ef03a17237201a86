package ai.modelplane.testsupport.bicep;

import ai.modelplane.testsupport.bicep.ArmTypes.TypeRef;
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
import ai.modelplane.testsupport.bicep.BicepParser.BicepSyntaxException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Offline checks of a generated Bicep tree against Bicep's own ARM type definitions: resource types
 * and api-versions exist, every property path exists in that version, no read-only property is set,
 * literal values fit enums, literals and bounds, params feeding a property allow no more than it
 * does (nullable {@code type?} params included, which never feed a required property); module and
 * parameter-file arguments match the declared parameters; references resolve; every param and
 * output is described; secrets only leave through {@code @secure()} outputs.
 *
 * <p>A problem is named by its file and symbol path, as Bicep's own diagnostics are tied to the
 * span of a named symbol: {@code modules/bicep/agentPool.bicep#pool.properties.count: ...}, {@code
 * main.bicep#modNetwork.params.vnetCidr: ...}, {@code main.bicep#outputs.kubeconfig: ...}. A
 * template change that only moves lines leaves the names as they are; {@link #located} adds the
 * line for a reader.
 */
public final class BicepChecker {
  private static final Set<String> DECORATORS =
      Set.of("description", "minLength", "maxLength", "minValue", "maxValue", "allowed", "secure");
  private static final Set<String> FUNCTIONS =
      Set.of(
          "fail",
          "base64ToString",
          "guid",
          "subscriptionResourceId",
          "resourceGroup",
          "subscription",
          "loadTextContent",
          "string",
          "json",
          "split",
          "empty",
          "last");
  private static final Set<String> RESOURCE_KEYWORDS = Set.of("parent", "scope", "dependsOn");
  private static final Set<String> MODULE_KEYS = Set.of("name", "scope", "params", "dependsOn");

  private final ArmTypes types;
  private final Map<String, String> files;
  private final Map<String, BicepFile> parsed = new TreeMap<>();
  private final Set<String> problems = new TreeSet<>();
  private final Map<String, Integer> lines = new HashMap<>();
  private final Set<String> unparsable = new TreeSet<>();

  private BicepChecker(ArmTypes types, Map<String, String> files) {
    this.types = types;
    this.files = files;
  }

  /**
   * Every problem in the tree ({@code relative path -> content}), sorted; empty when all is well.
   */
  public static List<String> check(ArmTypes types, Map<String, String> files) {
    BicepChecker checker = new BicepChecker(types, files);
    checker.run();
    return List.copyOf(checker.problems);
  }

  /** {@link #check}'s problems, each with {@code path:line: } in front, for a failure message. */
  public static String located(ArmTypes types, Map<String, String> files) {
    BicepChecker checker = new BicepChecker(types, files);
    checker.run();
    StringBuilder out = new StringBuilder();
    for (String problem : checker.problems) {
      String symbol = problem.substring(0, problem.indexOf(": "));
      String path = symbol.substring(0, symbol.indexOf('#'));
      out.append(path)
          .append(':')
          .append(checker.lines.getOrDefault(symbol, 0))
          .append(": ")
          .append(problem)
          .append('\n');
    }
    return out.toString();
  }

  /**
   * Every {@code .bicep}/{@code .bicepparam} file parsed, by path; throws on the first syntax
   * error.
   */
  public static Map<String, BicepFile> parseAll(Map<String, String> files) {
    Map<String, BicepFile> result = new TreeMap<>();
    files.forEach(
        (path, text) -> {
          if (path.endsWith(".bicep") || path.endsWith(".bicepparam")) {
            result.put(path, BicepParser.parse(path, text));
          }
        });
    return result;
  }

  private void run() {
    files.forEach(
        (path, text) -> {
          if (path.endsWith(".bicep") || path.endsWith(".bicepparam")) {
            try {
              parsed.put(path, BicepParser.parse(path, text));
            } catch (BicepSyntaxException e) {
              problems.add(at(path, LayoutSymbols.at(text, e.line()), e.line()) + e.detail());
              unparsable.add(path);
            }
          }
        });
    parsed.forEach(
        (path, file) -> {
          if (path.endsWith(".bicepparam")) {
            checkParametersFile(file);
          } else {
            checkBicepFile(file);
          }
        });
  }

  // ---------------------------------------------------------------- files

  private void checkBicepFile(BicepFile file) {
    Map<String, Statement> symbols = new HashMap<>();
    for (Statement s : file.statements()) {
      if (!(s instanceof OutputDecl)) {
        symbols.put(s.name(), s);
      }
    }
    for (ParamDecl param : file.params()) {
      String where = at(file, param.name(), param.line());
      checkDecorators(where, "param " + param.name(), param.decorators());
      if (param.defaultValue() != null) {
        walk(param.defaultValue(), e -> checkExpr(file, symbols, e, where));
      }
    }
    for (VarDecl var : file.vars()) {
      walk(var.value(), e -> checkExpr(file, symbols, e, at(file, var.name(), var.line())));
    }
    for (ResourceDecl resource : file.resources()) {
      String where = at(file, resource.name(), resource.line());
      if (resource.condition() != null) {
        walk(resource.condition(), e -> checkExpr(file, symbols, e, where));
      }
      walk(resource.body(), e -> checkExpr(file, symbols, e, where));
      checkResource(file, symbols, resource);
    }
    for (ModuleDecl module : file.modules()) {
      String where = at(file, module.name(), module.line());
      if (module.condition() != null) {
        walk(module.condition(), e -> checkExpr(file, symbols, e, where));
      }
      walk(module.body(), e -> checkExpr(file, symbols, e, where));
      checkModule(file, symbols, module);
    }
    for (OutputDecl output : file.outputs()) {
      String where = at(file, "outputs." + output.name(), output.line());
      checkDecorators(where, "output " + output.name(), output.decorators());
      walk(output.value(), e -> checkExpr(file, symbols, e, where));
      boolean[] secret = {false};
      walk(
          output.value(),
          e -> {
            if (e instanceof Call call && call.name().startsWith("list")) {
              secret[0] = true;
            }
            if (e instanceof Member m
                && m.target() instanceof Member outputs
                && outputs.name().equals("outputs")
                && outputs.target() instanceof Ref ref
                && symbols.get(ref.name()) instanceof ModuleDecl module) {
              moduleFile(file, module)
                  .flatMap(f -> f.output(m.name()))
                  .filter(o -> o.has("secure"))
                  .ifPresent(o -> secret[0] = true);
            }
          });
      if (secret[0] && !output.has("secure")) {
        problems.add(where + "output " + output.name() + " carries a secret but is not @secure()");
      }
    }
  }

  private void checkDecorators(String where, String what, List<Decorator> decorators) {
    boolean described = false;
    for (Decorator d : decorators) {
      if (!DECORATORS.contains(d.name())) {
        problems.add(where + what + ": unknown decorator @" + d.name());
      }
      if (d.name().equals("description")
          && d.args().size() == 1
          && d.args().get(0) instanceof Str s
          && s.isLiteral()
          && !s.literal().isBlank()) {
        described = true;
      }
    }
    if (!described) {
      problems.add(where + what + " has no @description");
    }
  }

  private void checkParametersFile(BicepFile file) {
    Optional<Using> using =
        file.statements().stream()
            .filter(Using.class::isInstance)
            .map(Using.class::cast)
            .findFirst();
    if (using.isEmpty()) {
      problems.add(at(file, "using", 0) + "no using statement");
      return;
    }
    String target = resolve(file.path(), using.get().path());
    BicepFile main = parsed.get(target);
    if (main == null && unparsable.contains(target)) {
      return;
    }
    if (main == null) {
      problems.add(
          at(file, "using", using.get().line())
              + "using target "
              + target
              + " is not part of the output");
      return;
    }
    Map<String, Expr> assigned = new HashMap<>();
    Map<String, Integer> assignedAt = new HashMap<>();
    for (ParamAssign assign : file.paramAssigns()) {
      assigned.put(assign.name(), assign.value());
      assignedAt.put(assign.name(), assign.line());
    }
    checkArguments(
        file, "using", using.get().line(), "", assignedAt, main, assigned, "parameters file");
  }

  // ---------------------------------------------------------------- resources

  private void checkResource(
      BicepFile file, Map<String, Statement> symbols, ResourceDecl resource) {
    String where =
        at(file, resource.name(), resource.line()) + resource.type() + "@" + resource.apiVersion();
    Optional<JsonNode> entry = types.resource(resource.type());
    if (entry.isEmpty()) {
      problems.add(where + ": unknown resource type");
      return;
    }
    boolean knownVersion = false;
    for (JsonNode v : entry.get().path("versions")) {
      knownVersion |= v.asText().equals(resource.apiVersion());
    }
    if (!knownVersion) {
      problems.add(where + ": unknown api-version");
      return;
    }
    Optional<TypeRef> body = types.body(resource.type(), resource.apiVersion());
    if (body.isEmpty()) {
      problems.add(where + ": no schema for this api-version in the extract");
      return;
    }
    boolean extension = resource.body().get("scope").isPresent();
    boolean child = resource.body().get("parent").isPresent();
    if (!extension && !child) {
      int scopeBit =
          file.targetScope().equals("subscription")
              ? ArmTypes.SCOPE_SUBSCRIPTION
              : ArmTypes.SCOPE_RESOURCE_GROUP;
      int scopes =
          entry.get().path(resource.existing() ? "readableScopes" : "writableScopes").asInt();
      if ((scopes & scopeBit) == 0) {
        problems.add(where + ": not deployable at " + file.targetScope() + " scope");
      }
    }
    resource
        .body()
        .get("parent")
        .ifPresent(
            parent -> {
              if (!(parent instanceof Ref ref
                  && symbols.get(ref.name()) instanceof ResourceDecl parentDecl)) {
                problems.add(where + ": parent must name a resource");
              } else if (!resource.type().startsWith(parentDecl.type() + "/")) {
                problems.add(where + ": parent " + parentDecl.type() + " is not the parent type");
              }
            });
    if (resource.existing()) {
      for (Prop prop : resource.body().props()) {
        if (!Set.of("name", "parent", "scope").contains(prop.key())) {
          problems.add(where + ": existing resource sets " + prop.key());
        }
      }
      return;
    }
    checkObject(file, body.get(), resource.body(), resource.name(), true, symbols);
  }

  private void checkObject(
      BicepFile file,
      TypeRef type,
      Obj obj,
      String path,
      boolean topLevel,
      Map<String, Statement> symbols) {
    JsonNode object = type.object();
    Map<String, JsonNode> props = new TreeMap<>();
    object.path("props").fields().forEachRemaining(e -> props.put(e.getKey(), e.getValue()));
    if (object.has("discriminator")) {
      String discriminator = object.path("discriminator").asText();
      Optional<Expr> value = obj.get(discriminator);
      if (value.isEmpty() || !(value.get() instanceof Str s) || !s.isLiteral()) {
        problems.add(at(file, path + "." + discriminator, 0) + "must be a literal");
        return;
      }
      JsonNode variant = object.path("variants").get(s.literal());
      if (variant == null) {
        problems.add(at(file, path + "." + discriminator, 0) + "has no variant " + s.literal());
        return;
      }
      type.sibling(variant.asText())
          .object()
          .path("props")
          .fields()
          .forEachRemaining(e -> props.put(e.getKey(), e.getValue()));
    }
    for (Prop prop : obj.props()) {
      String where =
          place(
              file,
              path + "." + (prop.key() == null ? "<interpolated key>" : prop.key()),
              prop.line());
      if (topLevel && RESOURCE_KEYWORDS.contains(prop.key())) {
        continue;
      }
      JsonNode definition = prop.key() == null ? null : props.get(prop.key());
      if (definition == null) {
        if (object.has("additional")) {
          checkValue(file, type, object.path("additional"), prop.value(), where, symbols);
        } else {
          problems.add(where + ": no such property");
        }
        continue;
      }
      if ((definition.path("f").asInt() & ArmTypes.READ_ONLY) != 0) {
        problems.add(where + ": read-only property");
      }
      if ((definition.path("f").asInt() & ArmTypes.REQUIRED) != 0
          && prop.value() instanceof Ref ref
          && symbols.get(ref.name()) instanceof ParamDecl param
          && param.nullable()) {
        problems.add(where + ": required, but param " + param.name() + " is nullable");
      }
      checkValue(file, type, definition.path("t"), prop.value(), where, symbols);
    }
    props.forEach(
        (name, definition) -> {
          int flags = definition.path("f").asInt();
          if ((flags & ArmTypes.REQUIRED) != 0
              && (flags & ArmTypes.READ_ONLY) == 0
              && obj.get(name).isEmpty()) {
            problems.add(at(file, path + "." + name, 0) + "required property not set");
          }
        });
  }

  private void checkValue(
      BicepFile file,
      TypeRef type,
      JsonNode t,
      Expr value,
      String where,
      Map<String, Statement> symbols) {
    if (value instanceof Ref ref && symbols.get(ref.name()) instanceof ParamDecl param) {
      checkParamAgainstType(param, t, where);
      return;
    }
    if (t.isTextual()) {
      String expected = t.asText();
      String actual = literalKind(value);
      if (!expected.equals("any") && actual != null && !actual.equals(expected)) {
        problems.add(where + ": " + actual + " given, " + expected + " expected");
      }
      return;
    }
    if (t.has("obj")) {
      if (value instanceof Obj obj) {
        checkObject(
            file,
            type.sibling(t.path("obj").asText()),
            obj,
            where.substring(where.indexOf('#') + 1),
            false,
            symbols);
      } else if (literalKind(value) != null) {
        problems.add(where + ": " + literalKind(value) + " given, object expected");
      }
      return;
    }
    if (t.has("arr")) {
      if (value instanceof Arr arr) {
        for (Expr item : arr.items()) {
          checkValue(file, type, t.path("arr"), item, where + "[]", symbols);
        }
      } else if (literalKind(value) != null) {
        problems.add(where + ": " + literalKind(value) + " given, array expected");
      }
      return;
    }
    String literal = value instanceof Str s && s.isLiteral() ? s.literal() : null;
    if (t.has("enum")) {
      if (literal != null && !contains(t.path("enum"), literal)) {
        problems.add(where + ": '" + literal + "' is not one of " + t.path("enum"));
      } else if (literal == null && literalKind(value) != null) {
        problems.add(where + ": " + literalKind(value) + " given, string enum expected");
      }
    } else if (t.has("lit")) {
      if (literal != null && !literal.equals(t.path("lit").asText())) {
        problems.add(where + ": must be '" + t.path("lit").asText() + "'");
      }
    } else if (t.has("string")) {
      JsonNode c = t.path("string");
      if (literal != null) {
        if (c.has("minLength") && literal.length() < c.path("minLength").asInt()
            || c.has("maxLength") && literal.length() > c.path("maxLength").asInt()) {
          problems.add(where + ": length of '" + literal + "' outside " + c);
        }
        if (c.has("pattern")
            && !Pattern.compile(c.path("pattern").asText()).matcher(literal).find()) {
          problems.add(where + ": '" + literal + "' does not match " + c.path("pattern").asText());
        }
      } else if (literalKind(value) != null && !literalKind(value).equals("string")) {
        problems.add(where + ": " + literalKind(value) + " given, string expected");
      }
    } else if (t.has("int")) {
      JsonNode c = t.path("int");
      if (value instanceof Int i) {
        if (c.has("minValue") && i.value() < c.path("minValue").asLong()
            || c.has("maxValue") && i.value() > c.path("maxValue").asLong()) {
          problems.add(where + ": " + i.value() + " outside " + c);
        }
      } else if (literalKind(value) != null) {
        problems.add(where + ": " + literalKind(value) + " given, int expected");
      }
    } else {
      problems.add(where + ": unsupported type in the extract " + t);
    }
  }

  /** A param feeding a typed property must not allow what the property refuses. */
  private void checkParamAgainstType(ParamDecl param, JsonNode t, String where) {
    String base = param.type().replace("[]", "");
    if (t.isTextual() && !t.asText().equals("any") && !param.type().equals(t.asText())) {
      problems.add(
          where
              + ": param "
              + param.name()
              + " is "
              + param.type()
              + ", "
              + t.asText()
              + " expected");
    }
    if (t.has("arr") && !param.type().endsWith("[]") && !param.type().equals("array")) {
      problems.add(where + ": param " + param.name() + " is " + param.type() + ", array expected");
    }
    if (t.has("obj") && !param.type().equals("object")) {
      problems.add(where + ": param " + param.name() + " is " + param.type() + ", object expected");
    }
    if (t.has("enum")) {
      Optional<Decorator> allowed = param.decorator("allowed");
      if (allowed.isEmpty()) {
        problems.add(where + ": param " + param.name() + " feeds an enum but has no @allowed");
      } else {
        for (Expr option : ((Arr) allowed.get().args().get(0)).items()) {
          String text = ((Str) option).literal();
          if (!contains(t.path("enum"), text)) {
            problems.add(
                where
                    + ": param "
                    + param.name()
                    + " allows '"
                    + text
                    + "', not one of "
                    + t.path("enum"));
          }
        }
      }
    }
    if (t.has("int")) {
      JsonNode c = t.path("int");
      long min =
          param
              .decorator("minValue")
              .map(d -> ((Int) d.args().get(0)).value())
              .orElse(Long.MIN_VALUE);
      long max =
          param
              .decorator("maxValue")
              .map(d -> ((Int) d.args().get(0)).value())
              .orElse(Long.MAX_VALUE);
      if (c.has("minValue") && min < c.path("minValue").asLong()
          || c.has("maxValue") && max > c.path("maxValue").asLong()) {
        problems.add(
            where
                + ": param "
                + param.name()
                + " allows "
                + min
                + ".."
                + max
                + ", the property "
                + c);
      }
    }
    if (t.has("string") && !base.equals("string")) {
      problems.add(where + ": param " + param.name() + " is " + param.type() + ", string expected");
    }
  }

  // ---------------------------------------------------------------- modules

  private void checkModule(BicepFile file, Map<String, Statement> symbols, ModuleDecl module) {
    String where = at(file, module.name(), module.line()) + "module " + module.name();
    for (Prop prop : module.body().props()) {
      if (!MODULE_KEYS.contains(prop.key())) {
        problems.add(where + ": unexpected key " + prop.key());
      }
    }
    Expr name = module.body().get("name").orElse(null);
    Optional<ParamDecl> nameParam =
        name instanceof Ref ref ? file.param(ref.name()) : Optional.empty();
    if (nameParam.isPresent()) {
      // A module file every cluster shares names a deployment in a resource group other clusters
      // share through a parameter: the caller passes a name of its own cluster, bounded here.
      ParamDecl param = nameParam.get();
      if (!param.type().equals("string")
          || param.nullable()
          || param.decorator("maxLength").isEmpty()) {
        problems.add(
            where
                + ": name parameter "
                + param.name()
                + " must be a string that is not nullable, with @maxLength");
      }
    } else if (!(name instanceof Str literal && literal.isLiteral())) {
      problems.add(where + ": name must be a literal deployment name or a parameter of the file");
    }
    Optional<BicepFile> target = moduleFile(file, module);
    if (target.isEmpty() && unparsable.contains(resolve(file.path(), module.path()))) {
      return;
    }
    if (target.isEmpty()) {
      problems.add(
          where
              + ": module file "
              + resolve(file.path(), module.path())
              + " is not part of the output");
      return;
    }
    boolean scoped = module.body().get("scope").isPresent();
    if (target.get().targetScope().equals("resourceGroup")
        && file.targetScope().equals("subscription")
        && !scoped) {
      problems.add(where + ": a resource-group module called from subscription scope needs scope:");
    }
    if (target.get().targetScope().equals("subscription") && scoped) {
      problems.add(where + ": a subscription module takes no scope");
    }
    Map<String, Expr> arguments = new HashMap<>();
    Map<String, Integer> argumentLines = new HashMap<>();
    module
        .body()
        .get("params")
        .ifPresent(
            params ->
                ((Obj) params)
                    .props()
                    .forEach(
                        p -> {
                          arguments.put(p.key(), p.value());
                          argumentLines.put(p.key(), p.line());
                        }));
    checkArguments(
        file,
        module.name(),
        module.line(),
        module.name() + ".params.",
        argumentLines,
        target.get(),
        arguments,
        "module " + module.name());
  }

  /**
   * Arguments (module params or a parameters file) against the declared params of {@code callee};
   * an argument's problems are named {@code argumentPrefix + name}, missing ones {@code symbol}.
   */
  private void checkArguments(
      BicepFile file,
      String symbol,
      int line,
      String argumentPrefix,
      Map<String, Integer> argumentLines,
      BicepFile callee,
      Map<String, Expr> arguments,
      String what) {
    String where = at(file, symbol, line) + what;
    for (Map.Entry<String, Expr> argument : new TreeMap<>(arguments).entrySet()) {
      String name = argument.getKey();
      String argumentAt =
          at(file, argumentPrefix + name, argumentLines.getOrDefault(name, line)) + what;
      Optional<ParamDecl> param = callee.param(name);
      if (param.isEmpty()) {
        problems.add(argumentAt + ": " + callee.path() + " declares no param " + name);
      } else {
        checkLiteralArgument(argumentAt + " param " + name, param.get(), argument.getValue());
      }
    }
    for (ParamDecl param : callee.params()) {
      if (param.defaultValue() == null
          && !param.nullable()
          && !arguments.containsKey(param.name())) {
        problems.add(
            where + ": required param " + param.name() + " of " + callee.path() + " not given");
      }
    }
  }

  private void checkLiteralArgument(String where, ParamDecl param, Expr value) {
    if (value instanceof Null && !param.nullable()) {
      problems.add(where + ": null given, " + param.type() + " expected (not nullable)");
      return;
    }
    String kind = literalKind(value);
    if (kind == null) {
      return;
    }
    String expected = param.type().endsWith("[]") ? "array" : param.type();
    if (!kind.equals(expected)) {
      problems.add(where + ": " + kind + " given, " + param.type() + " expected");
      return;
    }
    if (value instanceof Arr arr && param.type().equals("string[]")) {
      arr.items()
          .forEach(
              item -> {
                if (!"string".equals(literalKind(item))) {
                  problems.add(where + ": array item is not a string");
                }
              });
    }
    if (value instanceof Obj obj && param.type().equals("object")) {
      obj.props()
          .forEach(
              p -> {
                if (!"string".equals(literalKind(p.value()))) {
                  problems.add(where + ": object value is not a string");
                }
              });
    }
    long size =
        value instanceof Str s && s.isLiteral()
            ? s.literal().length()
            : value instanceof Arr a ? a.items().size() : -1;
    param
        .decorator("minLength")
        .ifPresent(
            d -> {
              if (size >= 0 && size < ((Int) d.args().get(0)).value()) {
                problems.add(where + ": shorter than @minLength");
              }
            });
    param
        .decorator("maxLength")
        .ifPresent(
            d -> {
              if (size >= 0 && size > ((Int) d.args().get(0)).value()) {
                problems.add(where + ": longer than @maxLength");
              }
            });
    if (value instanceof Int i) {
      param
          .decorator("minValue")
          .ifPresent(
              d -> {
                if (i.value() < ((Int) d.args().get(0)).value()) {
                  problems.add(where + ": below @minValue");
                }
              });
      param
          .decorator("maxValue")
          .ifPresent(
              d -> {
                if (i.value() > ((Int) d.args().get(0)).value()) {
                  problems.add(where + ": above @maxValue");
                }
              });
    }
    param
        .decorator("allowed")
        .ifPresent(
            d -> {
              if (value instanceof Str s
                  && s.isLiteral()
                  && ((Arr) d.args().get(0))
                      .items().stream().noneMatch(o -> ((Str) o).literal().equals(s.literal()))) {
                problems.add(where + ": '" + s.literal() + "' is not @allowed");
              }
            });
  }

  private Optional<BicepFile> moduleFile(BicepFile file, ModuleDecl module) {
    return Optional.ofNullable(parsed.get(resolve(file.path(), module.path())));
  }

  // ---------------------------------------------------------------- expressions

  private void checkExpr(BicepFile file, Map<String, Statement> symbols, Expr expr, String where) {
    if (expr instanceof Ref ref && !symbols.containsKey(ref.name())) {
      problems.add(where + "unknown symbol " + ref.name());
    }
    if (expr instanceof Call call) {
      if (call.target().isEmpty() && !FUNCTIONS.contains(call.name())) {
        problems.add(where + "unknown function " + call.name());
      }
      if (call.target().isPresent()) {
        boolean onCluster =
            call.target().get() instanceof Ref ref
                && symbols.get(ref.name()) instanceof ResourceDecl r
                && types
                    .resource(r.type())
                    .map(e -> contains(e.path("functions"), call.name()))
                    .orElse(false);
        if (!onCluster) {
          problems.add(where + "unknown resource function " + call.name());
        }
      }
      if (call.name().equals("loadTextContent")) {
        String target = resolve(file.path(), ((Str) call.args().get(0)).literal());
        if (!files.containsKey(target)) {
          problems.add(where + "loadTextContent target " + target + " is not part of the output");
        }
      }
    }
    if (expr instanceof Member m
        && m.target() instanceof Member outputs
        && outputs.name().equals("outputs")
        && outputs.target() instanceof Ref ref
        && symbols.get(ref.name()) instanceof ModuleDecl module) {
      moduleFile(file, module)
          .ifPresent(
              target -> {
                if (target.output(m.name()).isEmpty()) {
                  problems.add(where + "module " + module.name() + " has no output " + m.name());
                }
              });
    }
  }

  /** Visits {@code expr} and every expression inside it. */
  public static void walk(Expr expr, Consumer<Expr> visitor) {
    visitor.accept(expr);
    if (expr instanceof Str s) {
      s.parts().stream().filter(Expr.class::isInstance).forEach(p -> walk((Expr) p, visitor));
    } else if (expr instanceof Arr a) {
      a.items().forEach(i -> walk(i, visitor));
    } else if (expr instanceof Obj o) {
      for (Prop p : o.props()) {
        if (p.keyExpr() != null) {
          walk(p.keyExpr(), visitor);
        }
        walk(p.value(), visitor);
      }
    } else if (expr instanceof Member m) {
      walk(m.target(), visitor);
    } else if (expr instanceof Index i) {
      walk(i.target(), visitor);
      walk(i.index(), visitor);
    } else if (expr instanceof Call c) {
      c.target().ifPresent(t -> walk(t, visitor));
      c.args().forEach(a -> walk(a, visitor));
    } else if (expr instanceof Ternary t) {
      walk(t.condition(), visitor);
      walk(t.whenTrue(), visitor);
      walk(t.whenFalse(), visitor);
    } else if (expr instanceof Binary b) {
      walk(b.left(), visitor);
      walk(b.right(), visitor);
    } else if (expr instanceof Not n) {
      walk(n.operand(), visitor);
    }
  }

  private static String literalKind(Expr value) {
    if (value instanceof Str s) {
      return s.isLiteral() ? "string" : null;
    }
    if (value instanceof Int) {
      return "int";
    }
    if (value instanceof Bool) {
      return "bool";
    }
    if (value instanceof Arr) {
      return "array";
    }
    if (value instanceof Obj) {
      return "object";
    }
    return null;
  }

  private static boolean contains(JsonNode array, String text) {
    for (Iterator<JsonNode> it = array.elements(); it.hasNext(); ) {
      if (it.next().asText().equals(text)) {
        return true;
      }
    }
    return false;
  }

  public static String resolve(String fromFile, String relative) {
    Path base = Path.of(fromFile).getParent();
    Path resolved = (base == null ? Path.of(relative) : base.resolve(relative)).normalize();
    return resolved.toString().replace('\\', '/');
  }

  /** {@code path#symbol: }, the start of a problem; remembers the line for {@link #located}. */
  private String at(BicepFile file, String symbol, int line) {
    return at(file.path(), symbol, line);
  }

  private String at(String path, String symbol, int line) {
    return place(path, symbol, line) + ": ";
  }

  /** {@code path#symbol}, for messages that go on with {@code ": "} themselves. */
  private String place(BicepFile file, String symbol, int line) {
    return place(file.path(), symbol, line);
  }

  private String place(String path, String symbol, int line) {
    String place = path + "#" + symbol;
    lines.putIfAbsent(place, line);
    return place;
  }
}
