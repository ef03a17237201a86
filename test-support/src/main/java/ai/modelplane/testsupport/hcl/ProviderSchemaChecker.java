package ai.modelplane.testsupport.hcl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks generated Terraform against the provider-schema extract in {@code
 * terraform-schema/provider-schemas.json}: every resource, data source and provider block exists,
 * every argument and nested block exists at its nesting level, required ones are present, module
 * calls pass exactly the module's variables (all required ones), and every {@code
 * module.<call>.<output>} reference names an output of the called module.
 */
public final class ProviderSchemaChecker {
  private static final Set<String> RESOURCE_META =
      Set.of("count", "for_each", "depends_on", "provider");
  private static final Set<String> MODULE_META =
      Set.of("source", "version", "providers", "depends_on", "count", "for_each");

  private final JsonNode providers;

  public ProviderSchemaChecker() {
    this("provider-schemas.json");
  }

  /**
   * @param extract a file in {@code terraform-schema/} made by {@code extract-schema.js}
   */
  public ProviderSchemaChecker(String extract) {
    try (InputStream in =
        ProviderSchemaChecker.class.getResourceAsStream("/terraform-schema/" + extract)) {
      providers = new ObjectMapper().readTree(in).get("providers");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * @param files every .tf file of an output tree by relative path
   * @return one line per problem, {@code path:line: message}; empty when everything conforms
   */
  public List<String> check(Map<String, String> files) {
    Map<String, Hcl.Body> parsed = new TreeMap<>();
    files.forEach(
        (path, text) -> {
          if (path.endsWith(".tf")) {
            parsed.put(path, Hcl.parse(text));
          }
        });
    List<String> problems = new ArrayList<>();
    parsed.forEach((path, body) -> checkFile(path, body, parsed, problems));
    return problems;
  }

  private void checkFile(
      String path, Hcl.Body body, Map<String, Hcl.Body> all, List<String> problems) {
    String dir = path.substring(0, path.lastIndexOf('/') + 1);
    Map<String, String> moduleDirs = new TreeMap<>();
    for (Hcl.Block block : body.blocks()) {
      String where = path + ":" + block.line() + ": ";
      switch (block.type()) {
        case "terraform" -> checkRequiredProviders(block.body(), where, problems);
        case "provider" -> {
          JsonNode provider = providers.get(block.labels().get(0));
          if (provider == null) {
            problems.add(where + "unknown provider " + block.labels().get(0));
          } else {
            checkBody(
                block.body(),
                provider.get("provider"),
                Set.of("alias"),
                where + "provider " + block.labels().get(0),
                problems);
          }
        }
        case "resource", "data" -> {
          String type = block.labels().get(0);
          String kind = block.type().equals("resource") ? "resources" : "data_sources";
          JsonNode provider = providers.get(type.substring(0, type.indexOf('_')));
          JsonNode schema = provider == null ? null : provider.get(kind).get(type);
          if (schema == null) {
            problems.add(where + "unknown " + block.type() + " type " + type);
          } else {
            checkBody(block.body(), schema, RESOURCE_META, where + type, problems);
          }
        }
        case "module" -> {
          String source = body.block("module", block.labels().get(0)).body().string("source");
          String moduleDir = normalize(dir + source + "/");
          moduleDirs.put(block.labels().get(0), moduleDir);
          checkModuleCall(block, moduleDir, all, where, problems);
        }
        case "moved" -> checkMoved(block, dir, all, where, problems);
        case "removed" -> checkRemoved(block, dir, all, where, problems);
        case "variable", "output", "locals" -> {}
        default -> problems.add(where + "unexpected top-level block " + block.type());
      }
    }
    for (String reference : moduleReferences(body)) {
      String[] parts = reference.split("\\.");
      String moduleDir = moduleDirs.get(parts[1]);
      if (moduleDir == null) {
        moduleDir = siblingModuleDir(dir, parts[1], all);
      }
      if (moduleDir == null) {
        problems.add(path + ": reference to undeclared module " + parts[1]);
      } else if (!outputsOf(moduleDir, all).contains(parts[2])) {
        problems.add(path + ": module " + parts[1] + " has no output " + parts[2]);
      }
    }
  }

  /**
   * A {@code moved} block between module calls of this root: Terraform refuses one whose {@code
   * from} is still declared, and one whose {@code to} is not.
   */
  private static void checkMoved(
      Hcl.Block moved, String dir, Map<String, Hcl.Body> all, String where, List<String> problems) {
    String from = moduleCall(moved.body(), "from");
    String to = moduleCall(moved.body(), "to");
    if (from == null || to == null) {
      problems.add(where + "moved: from and to must both name a module call");
      return;
    }
    if (siblingModuleDir(dir, from, all) != null) {
      problems.add(where + "moved: module " + from + " is still declared");
    }
    if (siblingModuleDir(dir, to, all) == null) {
      problems.add(where + "moved: module " + to + " is not declared");
    }
  }

  /**
   * A {@code removed} block: Terraform refuses one whose module call or resource is still declared.
   */
  private static void checkRemoved(
      Hcl.Block removed,
      String dir,
      Map<String, Hcl.Body> all,
      String where,
      List<String> problems) {
    String from = moduleCall(removed.body(), "from");
    String resource = from == null ? managedResource(removed.body(), "from") : null;
    if (from == null && resource == null) {
      problems.add(where + "removed: from must name a module call or a managed resource");
      return;
    }
    if (from != null && siblingModuleDir(dir, from, all) != null) {
      problems.add(where + "removed: module " + from + " is still declared");
    } else if (resource != null && siblingResource(dir, resource, all)) {
      problems.add(where + "removed: resource " + resource + " is still declared");
    }
    String what = from != null ? "module " + from : resource;
    boolean keepsObjects =
        removed.body().blocks("lifecycle").stream()
            .anyMatch(
                lifecycle ->
                    lifecycle
                        .body()
                        .attribute("destroy")
                        .map(Hcl.Attribute::value)
                        .filter(
                            value ->
                                value instanceof Hcl.Literal literal
                                    && Boolean.FALSE.equals(literal.value()))
                        .isPresent());
    if (!keepsObjects) {
      problems.add(
          where
              + "removed: "
              + what
              + " has no lifecycle { destroy = false }, so Terraform would destroy its objects");
    }
  }

  /** The call name of {@code module.<name>} in {@code attribute}, or null. */
  private static String moduleCall(Hcl.Body body, String attribute) {
    return body.attribute(attribute)
        .map(Hcl.Attribute::value)
        .filter(
            value ->
                value instanceof Hcl.Traversal t
                    && t.root().equals("module")
                    && t.steps().size() == 1
                    && t.steps().get(0) instanceof String)
        .map(value -> (String) ((Hcl.Traversal) value).steps().get(0))
        .orElse(null);
  }

  /** {@code TYPE.NAME} when the attribute is a managed resource address of this root. */
  private static String managedResource(Hcl.Body body, String attribute) {
    return body.attribute(attribute)
        .map(Hcl.Attribute::value)
        .filter(
            value ->
                value instanceof Hcl.Traversal t
                    && !t.root().equals("module")
                    && !t.root().equals("data")
                    && t.root().contains("_")
                    && t.steps().size() == 1
                    && t.steps().get(0) instanceof String)
        .map(value -> ((Hcl.Traversal) value).root() + "." + ((Hcl.Traversal) value).steps().get(0))
        .orElse(null);
  }

  /** Whether a file of the same root declares the managed resource {@code TYPE.NAME}. */
  private static boolean siblingResource(String dir, String address, Map<String, Hcl.Body> all) {
    String[] parts = address.split("\\.");
    for (Map.Entry<String, Hcl.Body> file : all.entrySet()) {
      if (file.getKey().startsWith(dir) && file.getKey().indexOf('/', dir.length()) < 0) {
        for (Hcl.Block block : file.getValue().blocks("resource")) {
          if (block.labels().equals(List.of(parts[0], parts[1]))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Module calls in other files of the same root. */
  private static String siblingModuleDir(String dir, String call, Map<String, Hcl.Body> all) {
    for (Map.Entry<String, Hcl.Body> file : all.entrySet()) {
      if (file.getKey().startsWith(dir) && file.getKey().indexOf('/', dir.length()) < 0) {
        for (Hcl.Block block : file.getValue().blocks("module")) {
          if (block.labels().get(0).equals(call)) {
            return normalize(dir + block.body().string("source") + "/");
          }
        }
      }
    }
    return null;
  }

  private void checkRequiredProviders(Hcl.Body terraform, String where, List<String> problems) {
    for (Hcl.Block required : terraform.blocks("required_providers")) {
      for (Hcl.Attribute entry : required.body().attributes()) {
        JsonNode provider = providers.get(entry.name());
        Hcl.ObjectCons spec = (Hcl.ObjectCons) entry.value();
        String source = (String) ((Hcl.Literal) spec.items().get("source")).value();
        if (provider == null || !provider.get("source").asText().equals(source)) {
          problems.add(
              where
                  + "required provider "
                  + entry.name()
                  + " ("
                  + source
                  + ") is not in the schema extract");
        }
      }
    }
  }

  private void checkModuleCall(
      Hcl.Block call,
      String moduleDir,
      Map<String, Hcl.Body> all,
      String where,
      List<String> problems) {
    Map<String, Boolean> variables = new TreeMap<>();
    all.forEach(
        (path, body) -> {
          if (path.startsWith(moduleDir) && path.indexOf('/', moduleDir.length()) < 0) {
            for (Hcl.Block variable : body.blocks("variable")) {
              variables.put(
                  variable.labels().get(0), variable.body().attribute("default").isEmpty());
            }
          }
        });
    if (variables.isEmpty() && outputsOf(moduleDir, all).isEmpty()) {
      problems.add(where + "module " + call.labels().get(0) + ": no module at " + moduleDir);
      return;
    }
    for (Hcl.Attribute argument : call.body().attributes()) {
      if (!MODULE_META.contains(argument.name()) && !variables.containsKey(argument.name())) {
        problems.add(
            where + "module " + call.labels().get(0) + " has no variable " + argument.name());
      }
    }
    variables.forEach(
        (name, required) -> {
          if (required && call.body().attribute(name).isEmpty()) {
            problems.add(where + "module " + call.labels().get(0) + " needs variable " + name);
          }
        });
  }

  private static Set<String> outputsOf(String moduleDir, Map<String, Hcl.Body> all) {
    Set<String> outputs = new java.util.TreeSet<>();
    all.forEach(
        (path, body) -> {
          if (path.startsWith(moduleDir) && path.indexOf('/', moduleDir.length()) < 0) {
            body.blocks("output").forEach(o -> outputs.add(o.labels().get(0)));
          }
        });
    return outputs;
  }

  private void checkBody(
      Hcl.Body body, JsonNode schema, Set<String> meta, String where, List<String> problems) {
    JsonNode attributes = schema.get("attributes");
    JsonNode blocks = schema.get("blocks");
    for (Hcl.Attribute attribute : body.attributes()) {
      JsonNode attributeSchema = attributes.get(attribute.name());
      if (meta.contains(attribute.name())) {
        continue;
      }
      if (attributeSchema == null) {
        problems.add(
            where
                + ": unknown argument "
                + attribute.name()
                + (blocks.has(attribute.name()) ? " (it is a block, not an attribute)" : ""));
      } else if (attributeSchema.has("nested")
          && attribute.value() instanceof Hcl.ObjectCons object) {
        checkObject(
            object, attributeSchema.get("nested"), where + "." + attribute.name(), problems);
      }
    }
    for (Hcl.Block block : body.blocks()) {
      if (block.type().equals("lifecycle") && !meta.isEmpty()) {
        continue;
      }
      if (block.type().equals("dynamic")) {
        checkDynamic(block, blocks, where, problems);
        continue;
      }
      JsonNode blockSchema = blocks.get(block.type());
      if (blockSchema == null) {
        problems.add(
            where
                + ": unknown block "
                + block.type()
                + (attributes.has(block.type())
                    ? " (it is an attribute: write " + block.type() + " = { ... })"
                    : ""));
      } else {
        checkBody(
            block.body(),
            blockSchema.get("schema"),
            Set.of(),
            where + "." + block.type(),
            problems);
      }
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = attributes.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      if (entry.getValue().get("required").asBoolean()
          && body.attribute(entry.getKey()).isEmpty()) {
        problems.add(where + ": missing required argument " + entry.getKey());
      }
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = blocks.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      if (entry.getValue().get("required").asBoolean()
          && body.blocks(entry.getKey()).isEmpty()
          && body.blocks("dynamic").stream()
              .noneMatch(dynamic -> dynamic.labels().equals(List.of(entry.getKey())))) {
        problems.add(where + ": missing required block " + entry.getKey());
      }
    }
  }

  /**
   * A {@code dynamic "NAME"} block: NAME must be a nested block here, {@code for_each} is required,
   * and its one {@code content} block is checked as a NAME block.
   */
  private void checkDynamic(
      Hcl.Block dynamic, JsonNode blocks, String where, List<String> problems) {
    String name = dynamic.labels().isEmpty() ? "" : dynamic.labels().get(0);
    JsonNode blockSchema = blocks.get(name);
    String at = where + ".dynamic." + name;
    if (dynamic.labels().size() != 1 || blockSchema == null) {
      problems.add(where + ": dynamic block of unknown block " + dynamic.labels());
      return;
    }
    if (dynamic.body().attribute("for_each").isEmpty()) {
      problems.add(at + ": missing for_each");
    }
    dynamic.body().attributes().stream()
        .filter(attribute -> !Set.of("for_each", "iterator").contains(attribute.name()))
        .forEach(attribute -> problems.add(at + ": unknown argument " + attribute.name()));
    List<Hcl.Block> content = dynamic.body().blocks("content");
    if (content.size() != 1 || dynamic.body().blocks().size() != 1) {
      problems.add(at + ": needs exactly one content block and no other");
      return;
    }
    checkBody(content.get(0).body(), blockSchema.get("schema"), Set.of(), at, problems);
  }

  private void checkObject(
      Hcl.ObjectCons object, JsonNode schema, String where, List<String> problems) {
    JsonNode attributes = schema.get("attributes");
    for (Map.Entry<String, Hcl.Expr> item : object.items().entrySet()) {
      if (!attributes.has(item.getKey())) {
        problems.add(where + ": unknown attribute " + item.getKey());
      }
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = attributes.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      if (entry.getValue().get("required").asBoolean()
          && !object.items().containsKey(entry.getKey())) {
        problems.add(where + ": missing required attribute " + entry.getKey());
      }
    }
  }

  private static List<String> moduleReferences(Hcl.Body body) {
    List<String> out = new ArrayList<>();
    collect(body, out);
    return out;
  }

  private static void collect(Hcl.Body body, List<String> out) {
    body.attributes().forEach(a -> collect(a.value(), out));
    body.blocks().forEach(b -> collect(b.body(), out));
  }

  private static void collect(Hcl.Expr expr, List<String> out) {
    if (expr instanceof Hcl.Traversal t) {
      if (t.root().equals("module")
          && t.steps().size() >= 2
          && t.steps().get(0) instanceof String call
          && t.steps().get(1) instanceof String output) {
        out.add("module." + call + "." + output);
      }
      for (Object step : t.steps()) {
        if (step instanceof Hcl.Expr e) {
          collect(e, out);
        }
      }
    } else if (expr instanceof Hcl.Template t) {
      for (Object part : t.parts()) {
        if (part instanceof Hcl.Expr e) {
          collect(e, out);
        }
      }
    } else if (expr instanceof Hcl.Tuple t) {
      t.items().forEach(i -> collect(i, out));
    } else if (expr instanceof Hcl.ObjectCons o) {
      o.items().values().forEach(v -> collect(v, out));
    } else if (expr instanceof Hcl.Call c) {
      c.args().forEach(a -> collect(a, out));
    } else if (expr instanceof Hcl.Binary b) {
      collect(b.left(), out);
      collect(b.right(), out);
    }
  }

  private static String normalize(String path) {
    java.util.Deque<String> parts = new java.util.ArrayDeque<>();
    for (String part : path.split("/")) {
      if (part.equals("..")) {
        parts.removeLast();
      } else if (!part.isEmpty() && !part.equals(".")) {
        parts.addLast(part);
      }
    }
    return String.join("/", parts) + "/";
  }
}
