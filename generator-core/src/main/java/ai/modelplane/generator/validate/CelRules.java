package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.FieldPaths;
import ai.modelplane.generator.diagnostic.Severity;
import ai.modelplane.generator.lazy.Once;
import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.databind.JsonNode;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.function.Predicate;

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

  private final List<Rule> rules;
  private final int compiledAtRunTime;

  private CelRules(List<Rule> rules, int compiledAtRunTime) {
    this.rules = List.copyOf(rules);
    this.compiledAtRunTime = compiledAtRunTime;
  }

  /**
   * Builds CEL's shared runtime now, unless another thread has: the slowest part of CEL's set-up,
   * which {@link ai.modelplane.generator.startup.Warmup} runs while another thread reads the CRD.
   */
  public static void prepareRuntime() {
    CelRuleCompiler.runtime();
  }

  /** The variable a transition rule reads the stored value through. */
  static final String OLD_SELF = CelRuleCompiler.OLD_SELF;

  /** One compilation per CRD (CrdSchema has identity equality), dropped with the CRD. */
  private static final Map<CrdSchema, Once<CelRules>> BY_CRD = new WeakHashMap<>();

  /**
   * The rules of {@code crd}, compiled once per CRD. Setting up the CEL runtime is the biggest
   * one-time cost of validation, so {@link ai.modelplane.generator.startup.Warmup} may start it on
   * another thread: a caller arriving meanwhile waits for that result (or its failure) instead of
   * compiling a second time.
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
    CelRuleCompiler.Compiled compiled = CelRuleCompiler.compile(openApiSchema, checkedAtBuildTime);
    return new CelRules(compiled.rules(), compiled.compiledHere());
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

  /**
   * Evaluates every rule wherever its location exists in {@code document}, skipping subtrees {@code
   * skip} rejects, and writes each broken rule (MP301) and each rule that could not be evaluated
   * (MP302) to {@code findings} as an error.
   */
  void evaluate(JsonNode document, Predicate<String> skip, Findings findings) {
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
          String pointer = target.getKey() + fieldPathPointer(rule.fieldPath());
          try {
            Object result =
                rule.program()
                    .eval(name -> name.equals("self") ? Optional.of(self) : Optional.empty());
            if (!Boolean.TRUE.equals(result)) {
              // A rule without fieldPath is about the whole object or list: point at its key.
              findings.add(
                  pointer,
                  DiagnosticCode.MP301,
                  Severity.ERROR,
                  rule.message(),
                  "",
                  rule.fieldPath().isEmpty());
            }
          } catch (CelEvaluationException e) {
            findings.error(pointer, DiagnosticCode.MP302, notEvaluated(rule, e.getMessage()), "");
          }
        }
      }
    }
  }

  /**
   * Evaluates every transition rule of {@code document} against {@code previous}, the same object's
   * earlier revision read at {@code earlier} ({@code file:line}), wherever both have a value at the
   * rule's location ({@link TransitionTargets}). A broken rule is a warning (MP301): the generated
   * code can still carry out the change, but an API server serving this CRD refuses the update.
   */
  void evaluateTransitions(
      JsonNode document, JsonNode previous, String earlier, Findings findings) {
    try (KubernetesCidrLibrary.ParseMemory parses = KubernetesCidrLibrary.rememberingParses()) {
      for (Rule rule : rules) {
        if (!rule.transition()) {
          continue;
        }
        String hint =
            "rule "
                + rule.expression()
                + ", against "
                + earlier
                + ": a Kubernetes API server serving this CRD refuses the update";
        for (TransitionTargets.Target target : TransitionTargets.of(document, previous, rule)) {
          Object self = toCel(target.now());
          Object oldSelf = toCel(target.before());
          String pointer = target.pointer() + fieldPathPointer(rule.fieldPath());
          try {
            Object result =
                rule.program()
                    .eval(
                        name ->
                            name.equals("self")
                                ? Optional.of(self)
                                : name.equals(OLD_SELF) ? Optional.of(oldSelf) : Optional.empty());
            if (!Boolean.TRUE.equals(result)) {
              findings.warning(pointer, DiagnosticCode.MP301, rule.message(), hint);
            }
          } catch (CelEvaluationException e) {
            findings.warning(
                pointer, DiagnosticCode.MP301, notEvaluated(rule, e.getMessage()), hint);
          }
        }
      }
    }
  }

  private static String notEvaluated(Rule rule, String problem) {
    return "rule " + rule.expression() + " could not be evaluated: " + problem;
  }

  /**
   * A CEL {@code fieldPath} such as {@code .minNodeCount} or {@code .a.b} as a JSON pointer suffix.
   */
  private static String fieldPathPointer(String fieldPath) {
    String pointer = "";
    for (String segment : fieldPath.split("\\.")) {
      if (!segment.isEmpty()) {
        pointer = FieldPaths.pointer(pointer, segment);
      }
    }
    return pointer;
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
