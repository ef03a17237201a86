package ai.modelplane.generator.validate;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every {@code x-kubernetes-validations} rule of a CRD schema, compiled once, evaluated with
 * {@code self} bound at the rule's schema location (object, list or list item), as the API server
 * does. The rules are read from the CRD given, never written in Java.
 */
public final class CelRules {
  /** A rule at a schema location; {@code schemaPath} uses {@code *} for "every item". */
  public record Rule(String schemaPath, String expression, String message, String fieldPath, CelRuntime.Program program) {}

  /** A failed rule, at a JSON pointer in the document. */
  public record Violation(String pointer, Rule rule, String problem) {}

  private final List<Rule> rules;

  private CelRules(List<Rule> rules) {
    this.rules = List.copyOf(rules);
  }

  /** Compiles the rules of {@code openApiSchema}; a rule that does not compile is a bug in the CRD. */
  public static CelRules compile(JsonNode openApiSchema) {
    CelCompiler compiler =
        CelCompilerFactory.standardCelCompilerBuilder()
            .setOptions(CelOptions.current().build())
            .setStandardMacros(dev.cel.parser.CelStandardMacro.STANDARD_MACROS)
            .addVar("self", SimpleType.DYN)
            .addFunctionDeclarations(KubernetesCidrLibrary.declarations())
            .build();
    CelRuntime runtime =
        CelRuntimeFactory.standardCelRuntimeBuilder()
            .setOptions(CelOptions.current().build())
            .addFunctionBindings(KubernetesCidrLibrary.bindings())
            .build();
    List<Rule> rules = new ArrayList<>();
    collect(openApiSchema, "", compiler, runtime, rules);
    return new CelRules(rules);
  }

  public List<Rule> rules() {
    return rules;
  }

  private static void collect(JsonNode schema, String path, CelCompiler compiler, CelRuntime runtime, List<Rule> rules) {
    for (JsonNode validation : schema.path("x-kubernetes-validations")) {
      String expression = validation.path("rule").asText();
      try {
        CelAbstractSyntaxTree ast = compiler.compile(expression).getAst();
        String message = validation.has("message") ? validation.get("message").asText() : "failed rule: " + expression;
        rules.add(new Rule(path, expression, message, validation.path("fieldPath").asText(""), runtime.createProgram(ast)));
      } catch (CelValidationException | CelEvaluationException e) {
        throw new IllegalStateException("CRD rule at " + (path.isEmpty() ? "/" : path) + " does not compile: " + expression + ": " + e.getMessage(), e);
      }
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> property = it.next();
      collect(property.getValue(), FieldPaths.pointer(path, property.getKey()), compiler, runtime, rules);
    }
    if (schema.path("items").isObject()) {
      collect(schema.get("items"), path + "/*", compiler, runtime, rules);
    }
  }

  /** Evaluates every rule wherever its location exists in {@code document}, skipping subtrees {@code skip} rejects. */
  public List<Violation> evaluate(JsonNode document, java.util.function.Predicate<String> skip) {
    List<Violation> violations = new ArrayList<>();
    for (Rule rule : rules) {
      for (Map.Entry<String, JsonNode> target : locate(document, rule.schemaPath()).entrySet()) {
        if (skip.test(target.getKey())) {
          continue;
        }
        try {
          Object result = rule.program().eval(Map.of("self", toCel(target.getValue())));
          if (!Boolean.TRUE.equals(result)) {
            violations.add(new Violation(target.getKey(), rule, null));
          }
        } catch (CelEvaluationException e) {
          violations.add(new Violation(target.getKey(), rule, e.getMessage()));
        }
      }
    }
    return violations;
  }

  /** JSON pointers and values of the document matching a schema path ({@code *} = every array item). */
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

  /** JSON to CEL values: objects become maps (so {@code has()} is false for absent fields), integers int. */
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
