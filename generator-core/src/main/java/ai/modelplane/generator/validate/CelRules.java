package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.FieldPaths;
import ai.modelplane.generator.lazy.Once;
import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.databind.JsonNode;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * Every {@code x-kubernetes-validations} rule of a CRD schema, compiled once, evaluated with {@code
 * self} bound at the rule's schema location (object, list or list item), as the API server does.
 * The rules are read from the CRD given, never written in Java.
 *
 * <p>A rule that reads {@code oldSelf} is a transition rule: the API server runs it only on an
 * update, with {@code oldSelf} bound to the stored object's value at the same location, and only
 * where that value exists and the location is correlatable (reached through properties and {@code
 * x-kubernetes-list-type: map} items matched by their keys). {@link #evaluate} skips such rules, as
 * a create does; {@link #evaluateTransitions} runs them against a previous revision.
 */
public final class CelRules {
  /**
   * A rule at a schema location; {@code schemaPath} uses {@code *} for "every item".
   *
   * @param transition whether the rule reads {@code oldSelf}
   * @param itemKeys per {@code *} of the path, the {@code x-kubernetes-list-map-keys} that match an
   *     item with its earlier self, or empty when the list is not a map (uncorrelatable)
   */
  public record Rule(
      String schemaPath,
      String expression,
      String message,
      String fieldPath,
      CelRuntime.Program program,
      boolean transition,
      List<List<String>> itemKeys) {
    public Rule {
      itemKeys = List.copyOf(itemKeys);
    }
  }

  /** A failed rule, at a JSON pointer in the document. */
  public record Violation(String pointer, Rule rule, String problem) {}

  private final List<Rule> rules;
  private final int compiledAtRunTime;

  private CelRules(List<Rule> rules, int compiledAtRunTime) {
    this.rules = List.copyOf(rules);
    this.compiledAtRunTime = compiledAtRunTime;
  }

  /**
   * The runtime every rule's program is made with: the standard functions and the Kubernetes CIDR
   * library, no rule of its own. Building it (protobuf descriptors, the function bindings) is the
   * slowest part of CEL's set-up and needs no CRD, so it is built once per process, and {@link
   * ai.modelplane.generator.Warmup} builds it while another thread reads the CRD and the checked
   * rules.
   */
  private static final Once<CelRuntime> RUNTIME =
      new Once<>(
          () ->
              CelRuntimeFactory.standardCelRuntimeBuilder()
                  .setOptions(CelOptions.current().build())
                  .addFunctionBindings(KubernetesCidrLibrary.bindings())
                  .build());

  /** Builds the shared runtime now, unless another thread has; see {@link #RUNTIME}. */
  public static void prepareRuntime() {
    RUNTIME.get();
  }

  /** A rule as the CRD states it, before it is compiled. */
  private record Source(
      String schemaPath,
      String expression,
      String message,
      String fieldPath,
      List<List<String>> itemKeys) {}

  /** The variable a transition rule reads the stored value through. */
  static final String OLD_SELF = "oldSelf";

  /** One compilation per CRD (CrdSchema has identity equality), dropped with the CRD. */
  private static final Map<CrdSchema, Once<CelRules>> BY_CRD = new WeakHashMap<>();

  /**
   * The rules of {@code crd}, compiled once per CRD. Setting up the CEL runtime is the biggest
   * one-time cost of validation, so {@link ai.modelplane.generator.Warmup} may start it on another
   * thread: a caller arriving meanwhile waits for that result (or its failure) instead of compiling
   * a second time.
   */
  public static CelRules of(CrdSchema crd) {
    Once<CelRules> rules;
    synchronized (BY_CRD) {
      rules =
          BY_CRD.computeIfAbsent(crd, schema -> new Once<>(() -> compile(schema.openApiSchema())));
    }
    return rules.get();
  }

  /**
   * Builds the rules of {@code openApiSchema}; a rule that does not compile is a bug in the CRD. A
   * rule whose exact text the build already checked ({@link CheckedCelRules}) is not parsed again.
   */
  public static CelRules compile(JsonNode openApiSchema) {
    return compile(openApiSchema, CheckedCelRules.bundled());
  }

  static CelRules compile(
      JsonNode openApiSchema, Map<String, CelAbstractSyntaxTree> checkedAtBuildTime) {
    CelRuntime runtime = RUNTIME.get();
    List<Source> sources = new ArrayList<>();
    collect(openApiSchema, "", List.of(), sources);
    CelCompiler compiler = null;
    int compiledHere = 0;
    List<Rule> rules = new ArrayList<>();
    for (Source source : sources) {
      try {
        CelAbstractSyntaxTree ast = checkedAtBuildTime.get(source.expression());
        if (ast == null) {
          compiler = compiler == null ? compiler() : compiler;
          ast = compile(compiler, source);
          compiledHere++;
        }
        rules.add(
            new Rule(
                source.schemaPath(),
                source.expression(),
                source.message(),
                source.fieldPath(),
                runtime.createProgram(ast),
                readsOldSelf(ast),
                source.itemKeys()));
      } catch (CelEvaluationException e) {
        throw new IllegalStateException(doesNotCompile(source, e), e);
      }
    }
    return new CelRules(rules, compiledHere);
  }

  /**
   * Parses and checks every rule of {@code openApiSchema}, keyed by its text; the build stores the
   * result.
   */
  static Map<String, CelAbstractSyntaxTree> checkAll(JsonNode openApiSchema) {
    List<Source> sources = new ArrayList<>();
    collect(openApiSchema, "", List.of(), sources);
    CelCompiler compiler = compiler();
    Map<String, CelAbstractSyntaxTree> checked = new LinkedHashMap<>();
    for (Source source : sources) {
      checked.computeIfAbsent(source.expression(), text -> compile(compiler, source));
    }
    return checked;
  }

  private static CelCompiler compiler() {
    return CelCompilerFactory.standardCelCompilerBuilder()
        .setOptions(CelOptions.current().build())
        .setStandardMacros(dev.cel.parser.CelStandardMacro.STANDARD_MACROS)
        .addVar("self", SimpleType.DYN)
        .addVar(OLD_SELF, SimpleType.DYN)
        .addFunctionDeclarations(KubernetesCidrLibrary.declarations())
        .build();
  }

  /**
   * Whether a checked rule refers to {@code oldSelf}: the checker resolves every identifier to a
   * declaration, so the reference map names it wherever the rule reads it.
   */
  private static boolean readsOldSelf(CelAbstractSyntaxTree ast) {
    return ast.getReferenceMap().values().stream()
        .anyMatch(reference -> OLD_SELF.equals(reference.name()));
  }

  private static CelAbstractSyntaxTree compile(CelCompiler compiler, Source source) {
    try {
      return compiler.compile(source.expression()).getAst();
    } catch (CelValidationException e) {
      throw new IllegalStateException(doesNotCompile(source, e), e);
    }
  }

  private static String doesNotCompile(Source source, Exception e) {
    String path = source.schemaPath().isEmpty() ? "/" : source.schemaPath();
    return "CRD rule at "
        + path
        + " does not compile: "
        + source.expression()
        + ": "
        + e.getMessage();
  }

  public List<Rule> rules() {
    return rules;
  }

  /**
   * How many rules had to be parsed and checked in this process (0 when the build's copy is
   * current).
   */
  public int compiledAtRunTime() {
    return compiledAtRunTime;
  }

  private static void collect(
      JsonNode schema, String path, List<List<String>> itemKeys, List<Source> sources) {
    for (JsonNode validation : schema.path("x-kubernetes-validations")) {
      String expression = validation.path("rule").asText();
      String message =
          validation.has("message")
              ? validation.get("message").asText()
              : "failed rule: " + expression;
      sources.add(
          new Source(path, expression, message, validation.path("fieldPath").asText(""), itemKeys));
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> property = it.next();
      collect(property.getValue(), FieldPaths.pointer(path, property.getKey()), itemKeys, sources);
    }
    if (schema.path("items").isObject()) {
      List<String> keys = new ArrayList<>();
      if ("map".equals(schema.path("x-kubernetes-list-type").asText())) {
        schema.path("x-kubernetes-list-map-keys").forEach(key -> keys.add(key.asText()));
      }
      List<List<String>> deeper = new ArrayList<>(itemKeys);
      deeper.add(List.copyOf(keys));
      collect(schema.get("items"), path + "/*", List.copyOf(deeper), sources);
    }
  }

  /**
   * Evaluates every rule wherever its location exists in {@code document}, skipping subtrees {@code
   * skip} rejects.
   */
  public List<Violation> evaluate(JsonNode document, java.util.function.Predicate<String> skip) {
    List<Violation> violations = new ArrayList<>();
    // Rules share locations (nine sit on networking, eight on every node pool): find each location
    // and convert each value once per document. CEL values are never changed by evaluation.
    Map<String, Map<String, JsonNode>> locations = new HashMap<>();
    Map<JsonNode, Object> celValues = new IdentityHashMap<>();
    try (KubernetesCidrLibrary.ParseMemory parses = KubernetesCidrLibrary.rememberingParses()) {
      for (Rule rule : rules) {
        if (rule.transition()) {
          continue; // no stored object: a create runs no transition rule
        }
        for (Map.Entry<String, JsonNode> target :
            locations
                .computeIfAbsent(rule.schemaPath(), path -> locate(document, path))
                .entrySet()) {
          if (skip.test(target.getKey())) {
            continue;
          }
          Object self = celValues.computeIfAbsent(target.getValue(), CelRules::toCel);
          try {
            Object result =
                rule.program()
                    .eval(name -> name.equals("self") ? Optional.of(self) : Optional.empty());
            if (!Boolean.TRUE.equals(result)) {
              violations.add(new Violation(target.getKey(), rule, null));
            }
          } catch (CelEvaluationException e) {
            violations.add(new Violation(target.getKey(), rule, e.getMessage()));
          }
        }
      }
    }
    return violations;
  }

  /**
   * Evaluates every transition rule of {@code document} against {@code previous}, the same object's
   * earlier revision, wherever both have a value at the rule's location. Items of map lists are
   * matched by their keys, as the API server correlates them; a rule under any other list is never
   * run (the API server refuses such a CRD).
   */
  public List<Violation> evaluateTransitions(JsonNode document, JsonNode previous) {
    List<Violation> violations = new ArrayList<>();
    try (KubernetesCidrLibrary.ParseMemory parses = KubernetesCidrLibrary.rememberingParses()) {
      for (Rule rule : rules) {
        if (!rule.transition()) {
          continue;
        }
        for (Correlated target : correlate(document, previous, rule)) {
          Object self = toCel(target.now());
          Object oldSelf = toCel(target.before());
          try {
            Object result =
                rule.program()
                    .eval(
                        name ->
                            name.equals("self")
                                ? Optional.of(self)
                                : name.equals(OLD_SELF) ? Optional.of(oldSelf) : Optional.empty());
            if (!Boolean.TRUE.equals(result)) {
              violations.add(new Violation(target.pointer(), rule, null));
            }
          } catch (CelEvaluationException e) {
            violations.add(new Violation(target.pointer(), rule, e.getMessage()));
          }
        }
      }
    }
    return violations;
  }

  /** A location present in both revisions: its pointer in the new one, and both values. */
  private record Correlated(String pointer, JsonNode now, JsonNode before) {}

  private static List<Correlated> correlate(JsonNode document, JsonNode previous, Rule rule) {
    List<Correlated> found = new ArrayList<>();
    found.add(new Correlated("", document, previous));
    int item = 0;
    for (String segment : FieldPaths.segments(rule.schemaPath())) {
      List<Correlated> next = new ArrayList<>();
      if (segment.equals("*")) {
        List<String> keys = rule.itemKeys().get(item++);
        if (keys.isEmpty()) {
          return List.of();
        }
        for (Correlated at : found) {
          if (!at.now().isArray() || !at.before().isArray()) {
            continue;
          }
          for (int i = 0; i < at.now().size(); i++) {
            JsonNode now = at.now().get(i);
            for (JsonNode before : at.before()) {
              if (sameKeys(now, before, keys)) {
                next.add(new Correlated(FieldPaths.pointer(at.pointer(), i), now, before));
                break;
              }
            }
          }
        }
      } else {
        for (Correlated at : found) {
          JsonNode now = at.now().get(segment);
          JsonNode before = at.before().get(segment);
          if (at.now().isObject()
              && at.before().isObject()
              && now != null
              && before != null
              && !now.isNull()
              && !before.isNull()) {
            next.add(new Correlated(FieldPaths.pointer(at.pointer(), segment), now, before));
          }
        }
      }
      found = next;
    }
    return found;
  }

  private static boolean sameKeys(JsonNode now, JsonNode before, List<String> keys) {
    for (String key : keys) {
      if (!now.path(key).equals(before.path(key))) {
        return false;
      }
    }
    return true;
  }

  /**
   * JSON pointers and values of the document matching a schema path ({@code *} = every array item).
   */
  private static Map<String, JsonNode> locate(JsonNode document, String schemaPath) {
    Map<String, JsonNode> found = new LinkedHashMap<>();
    found.put("", document);
    for (String segment : FieldPaths.segments(schemaPath)) {
      Map<String, JsonNode> next = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> entry : found.entrySet()) {
        JsonNode node = entry.getValue();
        if (segment.equals("*") && node.isArray()) {
          for (int i = 0; i < node.size(); i++) {
            next.put(FieldPaths.pointer(entry.getKey(), i), node.get(i));
          }
        } else if (node.isObject() && node.has(segment) && !node.get(segment).isNull()) {
          next.put(FieldPaths.pointer(entry.getKey(), segment), node.get(segment));
        }
      }
      found = next;
    }
    return found;
  }

  /**
   * JSON to CEL values: objects become maps (so {@code has()} is false for absent fields), integers
   * int.
   */
  static Object toCel(JsonNode node) {
    if (node.isObject()) {
      Map<String, Object> map = new LinkedHashMap<>();
      node.fields().forEachRemaining(field -> map.put(field.getKey(), toCel(field.getValue())));
      return map;
    }
    if (node.isArray()) {
      List<Object> list = new ArrayList<>();
      node.forEach(item -> list.add(toCel(item)));
      return list;
    }
    if (node.isIntegralNumber()) {
      return node.asLong();
    }
    if (node.isNumber()) {
      return node.asDouble();
    }
    if (node.isBoolean()) {
      return node.asBoolean();
    }
    if (node.isNull()) {
      return dev.cel.common.values.NullValue.NULL_VALUE;
    }
    return node.asText();
  }
}
