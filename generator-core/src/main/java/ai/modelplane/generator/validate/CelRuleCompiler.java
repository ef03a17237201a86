package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.FieldPaths;
import ai.modelplane.generator.lazy.Once;
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
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The compile half of {@link CelRules}: collects every {@code x-kubernetes-validations} rule of a
 * CRD schema with its location and list-map keys, parses and checks the ones the build did not, and
 * makes each a program of the one shared runtime.
 */
final class CelRuleCompiler {
  /** The variable a transition rule reads the stored value through. */
  static final String OLD_SELF = "oldSelf";

  /** The compiled rules, and how many had to be parsed and checked in this process. */
  record Compiled(List<CelRules.Rule> rules, int compiledHere) {}

  private CelRuleCompiler() {}

  /**
   * The runtime every rule's program is made with: the standard functions and the Kubernetes CIDR
   * library, no rule of its own. Building it (protobuf descriptors, the function bindings) is the
   * slowest part of CEL's set-up and needs no CRD, so it is built once per process, and {@link
   * ai.modelplane.generator.startup.Warmup} builds it while another thread reads the CRD and the
   * checked rules.
   */
  private static final Once<CelRuntime> RUNTIME =
      new Once<>(
          () ->
              CelRuntimeFactory.standardCelRuntimeBuilder()
                  .setOptions(CelOptions.current().build())
                  .addFunctionBindings(KubernetesCidrLibrary.bindings())
                  .build());

  static CelRuntime runtime() {
    return RUNTIME.get();
  }

  /** A rule as the CRD states it, before it is compiled. */
  private record Source(
      String schemaPath,
      String expression,
      String message,
      String fieldPath,
      List<List<String>> itemKeys) {}

  /** Compiles every rule of {@code openApiSchema}, reusing the ASTs the build checked. */
  static Compiled compile(
      JsonNode openApiSchema, Map<String, CelAbstractSyntaxTree> checkedAtBuildTime) {
    CelRuntime runtime = runtime();
    List<Source> sources = new ArrayList<>();
    collect(openApiSchema, "", List.of(), sources);
    CelCompiler compiler = null;
    int compiledHere = 0;
    List<CelRules.Rule> rules = new ArrayList<>();
    for (Source source : sources) {
      try {
        CelAbstractSyntaxTree ast = checkedAtBuildTime.get(source.expression());
        if (ast == null) {
          compiler = compiler == null ? compiler() : compiler;
          ast = compile(compiler, source);
          compiledHere++;
        }
        rules.add(
            new CelRules.Rule(
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
    return new Compiled(rules, compiledHere);
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
}
