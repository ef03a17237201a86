package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.types.CelKind;
import dev.cel.common.types.CelType;
import dev.cel.common.types.CelTypeProvider;
import dev.cel.common.types.ListType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.types.StructType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The CRD's {@code x-kubernetes-validations} as the API server judges them when the CRD is created:
 * each rule compiles with {@code self} typed from the schema and only the libraries a Kubernetes
 * 1.31 API server offers new rules, everything a rule reads is bounded, and the estimated cost of
 * each rule and of all of them stays inside the API server's limits.
 *
 * <p>Sources (kubernetes/apiserver and apiextensions-apiserver {@code v0.36.3}, google/cel-go
 * {@code v0.26.0}, the cel-go version apiserver {@code v0.36.3}'s go.mod requires):
 *
 * <ul>
 *   <li>Libraries: new rules are compiled with the environment of {@code
 *       DefaultCompatibilityVersion()} (apiextensions {@code
 *       pkg/apis/apiextensions/validation/validation.go} l.95, l.158-170), the binary version minus
 *       one minor (apiserver {@code v0.31.0} {@code pkg/util/version/version.go} l.126-131), so
 *       1.30 on a 1.31 API server. apiserver {@code pkg/cel/environment/base.go} offers up to 1.30:
 *       the standard library and macros, URLs, Regex, Lists, Authz, Quantity, optional types,
 *       ext.Strings v2, ext.Sets, IP and CIDR (l.60-143); Format (1.31), TwoVarComprehensions
 *       (1.32), Semver (1.33) and ext.Lists v3 (1.34) come later. This test declares the standard
 *       library, ext.Strings, ext.Sets, optional types and the IP/CIDR functions the CRD uses;
 *       CEL-Java has no URLs, Regex, Lists, Quantity or Authz library, so a rule using one fails
 *       here although the API server would take it (the safe direction).
 *   <li>Limits: {@code StaticEstimatedCostLimit} 10,000,000 per rule and {@code
 *       StaticEstimatedCRDCostLimit} 100,000,000 for the CRD (validation.go l.58-61, checked
 *       l.1280-1283 and l.982-989); a rule's cost is its estimated {@code MaxCost} times the schema
 *       node's cardinality (l.1345-1350; {@code cel_validation.go} l.182-210, l.304-326: the
 *       product of the enclosing lists' maxItems and maps' maxProperties).
 *   <li>The estimate: CEL-Java has no cost estimator, so {@link CostEstimate} below mirrors cel-go
 *       {@code checker/cost.go} (v0.26.0) for the expression kinds and functions it handles, with
 *       apiserver's sizes ({@code pkg/cel/common/schemas.go} l.166-175, l.230-287: a string is
 *       {@code maxLength × 4}, the longest enum value, or 3 MiB − 2; a list {@code maxItems}) and
 *       its function costs ({@code pkg/cel/library/cost.go} l.423-484, l.503-512). Anything it does
 *       not mirror fails the test rather than being guessed. One deliberate difference: for a list
 *       or map without maxItems/maxProperties, the API server estimates the count from the smallest
 *       serialized item ({@code compilation.go} l.351-360, {@code schemas.go} l.262-279); this
 *       mirror takes it as unlimited, so it can only fail where the API server would not, never the
 *       other way round.
 * </ul>
 */
class CrdCelAdmissionTest {
  static final long PER_RULE_LIMIT = 10_000_000L;
  static final long PER_CRD_LIMIT = 100_000_000L;

  /** apiserver {@code pkg/apis/cel/config.go} l.37-40. */
  static final long MAX_REQUEST_SIZE_BYTES = 3L * 1024 * 1024;

  /** A rule with the schema node it sits on and how many times that node can occur. */
  record Located(String path, String rule, JsonNode schema, long cardinality) {}

  @Test
  void everyRuleCompilesWithTheApiServersEnvironmentAndStaysWithinItsCostLimits() {
    List<Located> rules = rules(CrdSchema.bundled().openApiSchema());
    assertEquals(29, rules.size());
    long total = 0;
    List<String> report = new ArrayList<>();
    for (Located rule : rules) {
      CelAbstractSyntaxTree ast = compile(rule);
      long cost =
          saturatingMultiply(
              new CostEstimate(ast, rule.schema()).cost(ast.getExpr()).max(), rule.cardinality());
      report.add(cost + "  " + rule.path() + "  " + rule.rule());
      assertTrue(
          cost <= PER_RULE_LIMIT,
          "estimated cost " + cost + " exceeds the per-rule limit: " + rule);
      total = saturatingAdd(total, cost);
    }
    assertTrue(
        total <= PER_CRD_LIMIT,
        "estimated cost "
            + total
            + " of all rules exceeds the per-CRD limit:\n"
            + String.join("\n", report));
    // Small enough to be far from either limit; printed so that a reviewer sees the figures.
    System.out.println("CEL cost estimate, total " + total + ":\n" + String.join("\n", report));
  }

  @Test
  void everyStringListAndMapARuleReadsIsBounded() {
    assertEquals(List.of(), unbounded(CrdSchema.bundled().openApiSchema()));
  }

  @Test
  void removingABoundIsFound() throws IOException {
    String crd;
    try (InputStream in =
        CrdSchema.class.getClassLoader().getResourceAsStream(CrdSchema.RESOURCE)) {
      crd = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String withoutBound =
        crd.replace(
            "                      maxLength: 18\n                      default: 10.0.0.0/16\n",
            "                      default: 10.0.0.0/16\n");
    assertTrue(!withoutBound.equals(crd), "the vnetCidr bound was not found in the CRD");
    JsonNode schema =
        CrdSchema.parse(new ByteArrayInputStream(withoutBound.getBytes(StandardCharsets.UTF_8)))
            .openApiSchema();
    assertEquals(
        List.of("/spec/networking: self.vnetCidr has no maxLength"),
        unbounded(schema).subList(0, 1));
    // And the estimate grows by the 3 MiB string the API server then assumes.
    Located rule =
        rules(schema).stream()
            .filter(
                located ->
                    located.path().equals("/spec/networking")
                        && located.rule().contains("vnetCidr"))
            .findFirst()
            .orElseThrow();
    long cost = new CostEstimate(compile(rule), rule.schema()).cost(compile(rule).getExpr()).max();
    assertTrue(cost > 300_000, "cost " + cost + " of " + rule.rule() + " without maxLength");
  }

  /**
   * Upstream PR #400: {@code \\.} in a YAML double-quoted rule is {@code \.} in CEL, an invalid
   * escape inside a CEL string literal. Every backslash inside a rule's string literals must start
   * a CEL escape (cel-spec "String and Bytes Literals").
   */
  @Test
  void noRuleHasAnEscapeCelRejects() {
    for (Located rule : rules(CrdSchema.bundled().openApiSchema())) {
      assertEquals(List.of(), invalidEscapes(rule.rule()), rule.rule());
    }
    assertEquals(List.of("\\."), invalidEscapes("self.matches('^a\\.b$')"));
    assertEquals(List.of(), invalidEscapes("self.matches('^a\\\\.b$')"));
  }

  // ---- rules and their locations ----

  static List<Located> rules(JsonNode openApiSchema) {
    List<Located> rules = new ArrayList<>();
    collect(openApiSchema, "", 1, rules);
    return rules;
  }

  private static void collect(JsonNode schema, String path, long cardinality, List<Located> rules) {
    for (JsonNode validation : schema.path("x-kubernetes-validations")) {
      rules.add(
          new Located(
              path.isEmpty() ? "/" : path, validation.path("rule").asText(), schema, cardinality));
    }
    long childCardinality = saturatingMultiply(cardinality, maxElements(schema));
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> property = it.next();
      collect(property.getValue(), path + "/" + property.getKey(), childCardinality, rules);
    }
    if (schema.path("items").isObject()) {
      collect(schema.get("items"), path + "/*", childCardinality, rules);
    }
    if (schema.path("additionalProperties").isObject()) {
      collect(schema.get("additionalProperties"), path + "/*", childCardinality, rules);
    }
  }

  /**
   * {@code extractMaxElements}: 1 for objects and scalars, maxItems / maxProperties, or unbounded.
   */
  private static long maxElements(JsonNode schema) {
    if (schema.path("type").asText().equals("array")) {
      return schema.has("maxItems") ? schema.get("maxItems").asLong() : Long.MAX_VALUE;
    }
    if (schema.path("type").asText().equals("object")
        && schema.path("additionalProperties").isObject()) {
      return schema.has("maxProperties") ? schema.get("maxProperties").asLong() : Long.MAX_VALUE;
    }
    return 1;
  }

  // ---- compiling as the API server does ----

  private static CelAbstractSyntaxTree compile(Located rule) {
    Map<String, CelType> types = new LinkedHashMap<>();
    CelType self = declType(rule.schema(), "selfType", types);
    CelTypeProvider provider =
        new CelTypeProvider() {
          @Override
          public ImmutableList<CelType> types() {
            return ImmutableList.copyOf(types.values());
          }

          @Override
          public Optional<CelType> findType(String name) {
            return Optional.ofNullable(types.get(name));
          }
        };
    CelOptions options = CelOptions.current().build();
    CelCompiler compiler =
        CelCompilerFactory.standardCelCompilerBuilder()
            .setOptions(options)
            .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
            .setTypeProvider(provider)
            .addLibraries(
                CelExtensions.strings(), CelExtensions.sets(options), CelExtensions.optional())
            .addFunctionDeclarations(KubernetesCidrLibrary.declarations())
            .addVar("self", self)
            // A transition rule reads the previous value as oldSelf, of the same type as self
            // (apiextensions-apiserver schema/cel/compilation.go declares both from one schema).
            .addVar("oldSelf", self)
            .build();
    try {
      CelAbstractSyntaxTree ast = compiler.compile(rule.rule()).getAst();
      assertEquals(SimpleType.BOOL, ast.getResultType(), "rule does not return a bool: " + rule);
      return ast;
    } catch (CelValidationException e) {
      fail(
          "rule at "
              + rule.path()
              + " does not compile for the API server: "
              + rule.rule()
              + ": "
              + e.getMessage());
      throw new AssertionError(e);
    }
  }

  /**
   * The CEL type of a schema, as apiserver's {@code SchemaDeclType} makes it: objects are structs,
   * maps maps.
   */
  private static CelType declType(JsonNode schema, String name, Map<String, CelType> types) {
    switch (schema.path("type").asText()) {
      case "string":
        return SimpleType.STRING;
      case "integer":
        return SimpleType.INT;
      case "number":
        return SimpleType.DOUBLE;
      case "boolean":
        return SimpleType.BOOL;
      case "array":
        return ListType.create(declType(schema.path("items"), name + ".@idx", types));
      case "object":
        if (schema.path("additionalProperties").isObject()) {
          return MapType.create(
              SimpleType.STRING,
              declType(schema.get("additionalProperties"), name + ".@elem", types));
        }
        Map<String, CelType> fields = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields();
            it.hasNext(); ) {
          Map.Entry<String, JsonNode> property = it.next();
          fields.put(
              property.getKey(),
              declType(property.getValue(), name + "." + property.getKey(), types));
        }
        StructType struct =
            StructType.create(
                name,
                ImmutableSet.copyOf(fields.keySet()),
                field -> Optional.ofNullable(fields.get(field)));
        types.put(name, struct);
        return struct;
      default:
        throw new AssertionError("no CEL type for schema " + schema);
    }
  }

  // ---- bounds ----

  /**
   * Every field path a rule selects from {@code self} (iteration variables of macros follow their
   * list's items) whose string, list or map has no maxLength (or enum), maxItems or maxProperties.
   */
  private static List<String> unbounded(JsonNode openApiSchema) {
    List<String> found = new ArrayList<>();
    for (Located rule : rules(openApiSchema)) {
      CelAbstractSyntaxTree ast = compile(rule);
      CostEstimate estimate = new CostEstimate(ast, rule.schema());
      estimate.cost(ast.getExpr());
      for (Map.Entry<List<String>, JsonNode> read : estimate.reads.entrySet()) {
        JsonNode schema = read.getValue();
        String type = schema.path("type").asText();
        String missing =
            switch (type) {
              case "string" -> schema.has("maxLength") || schema.has("enum") ? null : "maxLength";
              case "array" -> schema.has("maxItems") ? null : "maxItems";
              case "object" ->
                  schema.path("additionalProperties").isObject() && !schema.has("maxProperties")
                      ? "maxProperties"
                      : null;
              default -> null;
            };
        if (missing != null) {
          String entry =
              rule.path() + ": " + String.join(".", read.getKey()) + " has no " + missing;
          if (!found.contains(entry)) {
            found.add(entry);
          }
        }
      }
    }
    return found;
  }

  // ---- the cost estimate ----

  /**
   * cel-go's {@code CostEstimate} / {@code SizeEstimate}: a min and max, saturating at 2^64 − 1
   * (here Long.MAX_VALUE).
   */
  record Range(long min, long max) {
    static final Range ZERO = new Range(0, 0);
    static final Range ONE = new Range(1, 1);
    static final Range UNKNOWN = new Range(0, Long.MAX_VALUE);

    Range add(Range other) {
      return new Range(saturatingAdd(min, other.min), saturatingAdd(max, other.max));
    }

    Range multiply(Range other) {
      return new Range(saturatingMultiply(min, other.min), saturatingMultiply(max, other.max));
    }

    /** {@code multiplyByCostFactor}: rounded up. */
    Range times(double factor) {
      return new Range(ceil(min, factor), ceil(max, factor));
    }

    Range union(Range other) {
      return new Range(Math.min(min, other.min), Math.max(max, other.max));
    }

    private static long ceil(long value, double factor) {
      double product = Math.ceil(value * factor);
      return product >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) product;
    }
  }

  /** cel-go {@code common/cost.go}. */
  static final double STRING_TRAVERSAL_COST_FACTOR = 0.1;

  /**
   * Functions whose cost cel-go or apiserver's estimator computes specially and this mirror does
   * not: a rule calling one fails the test instead of getting cel-go's O(1) default.
   */
  private static final Set<String> NOT_MIRRORED =
      Set.of(
          "format",
          "bytes",
          "string",
          "quote",
          "startsWith",
          "endsWith",
          "@in",
          "matches",
          "contains",
          "_+_",
          "check",
          "fieldSelector",
          "labelSelector",
          "isSorted",
          "sum",
          "max",
          "min",
          "indexOf",
          "lastIndexOf",
          "url",
          "lowerAscii",
          "upperAscii",
          "substring",
          "trim",
          "replace",
          "split",
          "join",
          "find",
          "findAll",
          "isIP",
          "ip.isCanonical",
          "containsIP",
          "quantity",
          "isQuantity",
          "semver",
          "isSemver",
          "validate");

  /** cel-go's {@code coster} over a CEL-Java checked AST. */
  static final class CostEstimate {
    private final CelAbstractSyntaxTree ast;
    private final JsonNode selfSchema;

    /** Field paths from {@code self} ({@code @items} for list items), per expression id. */
    private final Map<Long, List<String>> paths = new HashMap<>();

    private final Deque<Map.Entry<String, List<String>>> locals = new ArrayDeque<>();

    /** Every path read, with its schema. */
    final Map<List<String>, JsonNode> reads = new LinkedHashMap<>();

    CostEstimate(CelAbstractSyntaxTree ast, JsonNode selfSchema) {
      this.ast = ast;
      this.selfSchema = selfSchema;
    }

    Range cost(CelExpr e) {
      return switch (e.getKind()) {
        case CONSTANT -> Range.ZERO;
        case IDENT -> costIdent(e);
        case SELECT -> costSelect(e);
        case CALL -> costCall(e);
        case COMPREHENSION -> costComprehension(e);
        default ->
            throw new AssertionError("the cost mirror does not handle " + e.getKind() + " in " + e);
      };
    }

    private Range costIdent(CelExpr e) {
      String name = e.ident().name();
      for (Map.Entry<String, List<String>> local : locals) {
        if (local.getKey().equals(name)) {
          setPath(e, local.getValue());
          return Range.ONE;
        }
      }
      // oldSelf has self's schema, so its sizes are self's.
      setPath(e, List.of(name.equals("oldSelf") ? "self" : name));
      return Range.ONE;
    }

    private Range costSelect(CelExpr e) {
      CelExpr.CelSelect select = e.select();
      Range sum = cost(select.operand());
      if (!select.testOnly()) {
        // PresenceTestHasCost(false) (base.go l.80): has() adds nothing.
        CelKind operandKind = type(select.operand()).kind();
        if (operandKind == CelKind.MAP
            || operandKind == CelKind.STRUCT
            || operandKind == CelKind.TYPE_PARAM) {
          sum = sum.add(Range.ONE);
        }
      }
      List<String> operandPath = paths.get(select.operand().id());
      if (operandPath != null) {
        List<String> path = new ArrayList<>(operandPath);
        path.add(select.field());
        setPath(e, path);
      }
      return sum;
    }

    private Range costCall(CelExpr e) {
      CelExpr.CelCall call = e.call();
      List<Range> argCosts = new ArrayList<>();
      for (CelExpr arg : call.args()) {
        argCosts.add(cost(arg));
      }
      if (ast.getReference(e.id())
          .map(reference -> reference.overloadIds().isEmpty())
          .orElse(true)) {
        return Range.ZERO;
      }
      Range sum = Range.ZERO;
      if (call.target().isPresent()) {
        sum = sum.add(cost(call.target().get()));
      }
      Range argSum = argCosts.stream().reduce(Range.ZERO, Range::add);
      String function = call.function();
      if (NOT_MIRRORED.contains(function)) {
        throw new AssertionError(
            "the cost mirror does not model " + function + "; extend it from cel-go and apiserver");
      }
      Range fn =
          switch (function) {
            // apiserver library/cost.go l.423-427: parse cost of the string argument.
            case "cidr", "isCIDR" ->
                size(call.args().get(0)).times(STRING_TRAVERSAL_COST_FACTOR).add(argSum);
            // l.428-433 (cidr_ip overload) and l.445-447: accessors are nominal.
            case "ip", "masked", "family", "prefixLength" -> Range.ONE.add(argSum);
            case "containsCIDR" -> containsCidr(e, call).add(argSum);
            // cel-go cost.go l.809-814: no call cost of their own.
            case "_&&_", "_||_" ->
                new Range(argCosts.get(0).min(), argCosts.get(0).add(argCosts.get(1)).max());
            // l.815-823.
            case "_?_:_" -> argCosts.get(0).add(argCosts.get(1).union(argCosts.get(2)));
            case "_==_", "_!=_" -> equality(call).add(argSum);
            // l.843-860 for strings and bytes; ordering other types is O(1).
            case "_<_", "_>_", "_<=_", "_>=_" -> {
              CelKind kind = type(call.args().get(0)).kind();
              yield kind == CelKind.STRING || kind == CelKind.BYTES
                  ? equality(call).add(argSum)
                  : Range.ONE.add(argSum);
            }
            // cel-go's O(1) default (l.864-867): every other function.
            default -> Range.ONE.add(argSum);
          };
      return sum.add(fn);
    }

    /** apiserver cost.go l.464-484. */
    private Range containsCidr(CelExpr e, CelExpr.CelCall call) {
      Range bytes = new Range(4, 16);
      Range cost =
          bytes
              .add(bytes)
              .times(STRING_TRAVERSAL_COST_FACTOR)
              .add(bytes.times(STRING_TRAVERSAL_COST_FACTOR))
              .add(Range.ONE);
      boolean stringArgument = type(call.args().get(0)).kind() == CelKind.STRING;
      return stringArgument
          ? cost.add(size(call.args().get(0)).times(STRING_TRAVERSAL_COST_FACTOR))
          : cost;
    }

    /** apiserver cost.go l.503-512 for IP/CIDR operands, else cel-go cost.go l.843-860. */
    private Range equality(CelExpr.CelCall call) {
      CelType left = type(call.args().get(0));
      if (left.kind() == CelKind.OPAQUE && left.name().startsWith("net.")) {
        return Range.ONE;
      }
      long smallestMax = Math.min(size(call.args().get(0)).max(), size(call.args().get(1)).max());
      return new Range(smallestMax > 0 ? 1 : 0, smallestMax).times(STRING_TRAVERSAL_COST_FACTOR);
    }

    /** cel-go cost.go l.652-699. */
    private Range costComprehension(CelExpr e) {
      CelExpr.CelComprehension comprehension = e.comprehension();
      Range sum = cost(comprehension.iterRange()).add(cost(comprehension.accuInit()));
      List<String> rangePath = paths.get(comprehension.iterRange().id());
      locals.push(Map.entry(comprehension.accuVar(), List.of()));
      if (comprehension.iterVar2() != null && !comprehension.iterVar2().isEmpty()) {
        throw new AssertionError("two-variable comprehensions need Kubernetes 1.32");
      }
      List<String> itemPath = new ArrayList<>(rangePath == null ? List.of("?") : rangePath);
      itemPath.add(type(comprehension.iterRange()).kind() == CelKind.LIST ? "@items" : "@keys");
      locals.push(Map.entry(comprehension.iterVar(), itemPath));
      Range loop = cost(comprehension.loopCondition());
      Range step = cost(comprehension.loopStep());
      locals.pop();
      sum = sum.add(cost(comprehension.result()));
      locals.pop();
      Range count = size(comprehension.iterRange());
      return sum.add(count.multiply(step.add(loop)));
    }

    /**
     * cel-go {@code computeSize}: a literal's length, the schema's bound for a path, 1 for scalars.
     */
    private Range size(CelExpr e) {
      if (e.getKind() == CelExpr.ExprKind.Kind.CONSTANT) {
        return e.constant().getKind() == dev.cel.common.ast.CelConstant.Kind.STRING_VALUE
            ? new Range(
                e.constant().stringValue().codePointCount(0, e.constant().stringValue().length()),
                e.constant().stringValue().codePointCount(0, e.constant().stringValue().length()))
            : Range.ONE;
      }
      List<String> path = paths.get(e.id());
      if (path != null && !path.isEmpty() && path.get(0).equals("self")) {
        JsonNode schema = schemaAt(path);
        if (schema != null) {
          reads.put(path, schema);
          return new Range(0, maxElementsForSize(schema));
        }
      }
      return switch (type(e).kind()) {
        case BOOL, DOUBLE, DURATION, INT, TIMESTAMP, UINT -> Range.ONE;
        default -> Range.UNKNOWN;
      };
    }

    private JsonNode schemaAt(List<String> path) {
      JsonNode current = selfSchema;
      for (String segment : path.subList(1, path.size())) {
        current =
            segment.equals("@items")
                ? current.path("items")
                : segment.equals("@values")
                    ? current.path("additionalProperties")
                    : current.path("properties").path(segment);
        if (current.isMissingNode()) {
          return null;
        }
      }
      return current;
    }

    private void setPath(CelExpr e, List<String> path) {
      paths.put(e.id(), path);
      if (!path.isEmpty() && path.get(0).equals("self")) {
        JsonNode schema = schemaAt(path);
        if (schema != null) {
          reads.put(path, schema);
        }
      }
    }

    private CelType type(CelExpr e) {
      return ast.getType(e.id()).orElse(SimpleType.DYN);
    }
  }

  /** apiserver {@code DeclType.MaxElements}, schemas.go l.166-175, l.230-287. */
  private static long maxElementsForSize(JsonNode schema) {
    String type = schema.path("type").asText();
    if (type.equals("string")) {
      if (schema.has("maxLength")) {
        return schema.get("maxLength").asLong() * 4;
      }
      if (schema.has("enum")) {
        long longest = 0;
        for (JsonNode value : schema.get("enum")) {
          longest = Math.max(longest, value.asText().length());
        }
        return longest;
      }
      return MAX_REQUEST_SIZE_BYTES - 2;
    }
    if (type.equals("array")) {
      return schema.has("maxItems") ? schema.get("maxItems").asLong() : Long.MAX_VALUE;
    }
    if (type.equals("object") && schema.path("additionalProperties").isObject()) {
      return schema.has("maxProperties") ? schema.get("maxProperties").asLong() : Long.MAX_VALUE;
    }
    return 1;
  }

  // ---- escapes ----

  /** Backslash sequences inside CEL string literals that are not CEL escapes. */
  static List<String> invalidEscapes(String rule) {
    List<String> invalid = new ArrayList<>();
    char quote = 0;
    for (int i = 0; i < rule.length(); i++) {
      char c = rule.charAt(i);
      if (quote == 0) {
        if (c == '\'' || c == '"') {
          quote = c;
        }
      } else if (c == '\\' && i + 1 < rule.length()) {
        char next = rule.charAt(i + 1);
        if ("\\'\"`?abfnrtvxuU01234567".indexOf(next) < 0) {
          invalid.add("\\" + next);
        }
        i++;
      } else if (c == quote) {
        quote = 0;
      }
    }
    return invalid;
  }

  static long saturatingAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  static long saturatingMultiply(long a, long b) {
    if (a == 0 || b == 0) {
      return 0;
    }
    return a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
  }
}
