package ai.modelplane.generator.lifecycle;

import ai.modelplane.generator.render.GeneratedFile;
import com.bertramlabs.plugins.hcl4j.HCLParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A generated Terraform tree, parsed: per root folder, what it requires and configures, and every
 * resource it manages through its module calls with the module's {@code var.*} references replaced
 * by the values the root passes, so that two trees can be compared resource by resource.
 */
final class TerraformTree {
  /** One managed resource: type, and its attributes flattened to dotted paths. */
  record Resource(String type, Map<String, Object> attributes) {
    String provider() {
      return type.substring(0, type.indexOf('_'));
    }
  }

  /**
   * One root folder: the providers it requires and configures, its moved blocks, what its removed
   * blocks with {@code destroy = false} forget (resource addresses and module calls), its resources
   * by address.
   */
  record Root(
      String path,
      Set<String> requiredProviders,
      Set<String> configuredProviders,
      Map<String, String> moved,
      Set<String> forgotten,
      Map<String, Resource> resources) {
    /**
     * Providers the resources in this root's state need to be refreshed and destroyed; not the
     * built-in {@code terraform} provider of {@code terraform_data}, which is always available and
     * never required or configured (hashicorp/terraform v1.9.3 {@code
     * website/docs/language/resources/terraform-data.mdx} l.11).
     */
    Set<String> providersOfResources() {
      Set<String> providers = new TreeSet<>();
      resources.values().forEach(r -> providers.add(r.provider()));
      providers.remove(BUILTIN_PROVIDER);
      return providers;
    }
  }

  private static final String BUILTIN_PROVIDER = "terraform";

  private final Map<String, Root> roots;

  private TerraformTree(Map<String, Root> roots) {
    this.roots = roots;
  }

  /** Roots by folder path relative to the output folder. */
  Map<String, Root> roots() {
    return roots;
  }

  /**
   * A {@code moved} block, read from the text: hcl4j resolves an address such as {@code
   * module.network} to the module call's body when the file declares it.
   */
  private static final Pattern MOVED =
      Pattern.compile("(?m)^moved \\{\\n\\s*from\\s*=\\s*(\\S+)\\n\\s*to\\s*=\\s*(\\S+)\\n\\}$");

  static TerraformTree parse(List<GeneratedFile> files) {
    Map<String, List<Map<String, Object>>> tfByFolder = new TreeMap<>();
    Map<String, Map<String, String>> movedByFolder = new TreeMap<>();
    for (GeneratedFile file : files) {
      if (file.relativePath().endsWith(".tf")) {
        String folder = folderOf(file.relativePath());
        tfByFolder.computeIfAbsent(folder, f -> new ArrayList<>()).add(hcl(file));
        Matcher moved = MOVED.matcher(file.content());
        while (moved.find()) {
          movedByFolder
              .computeIfAbsent(folder, f -> new TreeMap<>())
              .put(moved.group(1), moved.group(2));
        }
      }
    }
    Map<String, Root> roots = new TreeMap<>();
    for (Map.Entry<String, List<Map<String, Object>>> folder : tfByFolder.entrySet()) {
      if (!folder.getKey().startsWith("modules/")) {
        roots.put(
            folder.getKey(),
            root(
                folder.getKey(),
                folder.getValue(),
                tfByFolder,
                movedByFolder.getOrDefault(folder.getKey(), Map.of())));
      }
    }
    return new TerraformTree(roots);
  }

  private static Root root(
      String path,
      List<Map<String, Object>> documents,
      Map<String, List<Map<String, Object>>> tfByFolder,
      Map<String, String> movedInText) {
    Set<String> required = new TreeSet<>();
    Set<String> configured = new TreeSet<>();
    Map<String, String> moved = new TreeMap<>(movedInText);
    Set<String> forgotten = new TreeSet<>();
    Map<String, Resource> resources = new TreeMap<>();
    for (Map<String, Object> document : documents) {
      for (Object terraform : blocks(document.get("terraform"))) {
        for (Object providers : blocks(map(terraform).get("required_providers"))) {
          required.addAll(map(providers).keySet());
        }
      }
      configured.addAll(map(document.getOrDefault("provider", Map.of())).keySet());
      for (Object block : blocks(document.get("removed"))) {
        boolean keeps = false;
        for (Object lifecycle : blocks(map(block).get("lifecycle"))) {
          keeps |= Boolean.FALSE.equals(map(lifecycle).get("destroy"));
        }
        if (keeps) {
          forgotten.add(String.valueOf(map(block).get("from")));
        }
      }
      addResources(resources, "", document, Map.of());
    }
    // Module calls of every file of the root, so that one call's inputs can name another call's
    // outputs (module.cluster.kubernetes_version in a pool file).
    Map<String, Map<String, Object>> calls = new TreeMap<>();
    for (Map<String, Object> document : documents) {
      map(document.getOrDefault("module", Map.of())).forEach((k, v) -> calls.put(k, map(v)));
    }
    Map<String, Map<String, Object>> outputs = new TreeMap<>();
    calls.forEach(
        (name, inputs) ->
            outputs.put(name, outputsOf(module(path, name, inputs, tfByFolder), inputs)));
    for (Map.Entry<String, Map<String, Object>> call : calls.entrySet()) {
      Map<String, Object> inputs = new LinkedHashMap<>();
      call.getValue().forEach((k, v) -> inputs.put(k, resolveOutput(v, outputs)));
      for (Map<String, Object> moduleDocument :
          module(path, call.getKey(), call.getValue(), tfByFolder)) {
        addResources(resources, "module." + call.getKey() + ".", moduleDocument, inputs);
      }
    }
    return new Root(path, required, configured, moved, forgotten, resources);
  }

  private static List<Map<String, Object>> module(
      String path,
      String call,
      Map<String, Object> inputs,
      Map<String, List<Map<String, Object>>> tfByFolder) {
    String source =
        Path.of(path)
            .resolve(String.valueOf(inputs.get("source")))
            .normalize()
            .toString()
            .replace('\\', '/');
    List<Map<String, Object>> module = tfByFolder.get(source);
    if (module == null) {
      throw new AssertionError(
          path + ": module " + call + " calls " + source + ", which the tree does not hold");
    }
    return module;
  }

  /** A module's outputs by name, their {@code var.*} references replaced by the call's inputs. */
  private static Map<String, Object> outputsOf(
      List<Map<String, Object>> module, Map<String, Object> inputs) {
    Map<String, Object> outputs = new TreeMap<>();
    for (Map<String, Object> document : module) {
      map(document.getOrDefault("output", Map.of()))
          .forEach(
              (name, output) -> outputs.put(name, substitute(map(output).get("value"), inputs)));
    }
    return outputs;
  }

  /**
   * Replaces a {@code module.<call>.<output>} reference by the value the output passes on, when
   * that is a literal; anything else (an attribute of a resource) stays the reference's text.
   */
  private static Object resolveOutput(Object value, Map<String, Map<String, Object>> outputs) {
    String text = String.valueOf(value);
    if (value instanceof String || !text.startsWith("module.")) {
      return value;
    }
    String[] parts = text.split("\\.");
    Object resolved =
        parts.length == 3 ? outputs.getOrDefault(parts[1], Map.of()).get(parts[2]) : null;
    return resolved instanceof String || resolved instanceof Number ? resolved : value;
  }

  private static void addResources(
      Map<String, Resource> resources,
      String prefix,
      Map<String, Object> document,
      Map<String, Object> inputs) {
    for (Map.Entry<String, Object> type :
        map(document.getOrDefault("resource", Map.of())).entrySet()) {
      for (Map.Entry<String, Object> named : map(type.getValue()).entrySet()) {
        Map<String, Object> flat = new TreeMap<>();
        flatten("", substitute(named.getValue(), inputs), flat);
        flat = dynamicAsBlocks(flat);
        resources.put(
            prefix + type.getKey() + "." + named.getKey(), new Resource(type.getKey(), flat));
      }
    }
  }

  /** Replaces {@code var.x} and {@code var.x.y} by what the module call passes. */
  private static Object substitute(Object value, Map<String, Object> inputs) {
    if (value instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), substitute(v, inputs)));
      return out;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(v -> substitute(v, inputs)).toList();
    }
    // hcl4j keeps an unresolved reference as an object whose text is the reference
    String text = String.valueOf(value);
    if (!(value instanceof String) && text.startsWith("var.")) {
      Object resolved = inputs;
      for (String step : text.substring(4).split("\\.")) {
        if (!(resolved instanceof Map<?, ?> m) || !m.containsKey(step)) {
          return text; // a module default or a computed value: the same text on both sides
        }
        resolved = m.get(step);
      }
      return resolved;
    }
    return value;
  }

  /**
   * A {@code dynamic "x"} block under the name of the block it generates, as the provider sees it:
   * its for_each (how many there are, with which values) as {@code x}, and each argument of its
   * content as {@code x.argument}.
   */
  private static Map<String, Object> dynamicAsBlocks(Map<String, Object> flat) {
    Map<String, Object> out = new TreeMap<>();
    flat.forEach(
        (key, value) -> {
          String[] parts = key.split("\\.", 4);
          if (parts.length >= 3 && parts[0].equals("dynamic") && parts[2].equals("for_each")) {
            out.put(parts[1], value);
          } else if (parts.length == 4
              && parts[0].equals("dynamic")
              && parts[2].equals("content")) {
            out.put(parts[1] + "." + parts[3], value);
          } else {
            out.put(key, value);
          }
        });
    return out;
  }

  private static void flatten(String prefix, Object value, Map<String, Object> out) {
    if (value instanceof Map<?, ?> m && !m.isEmpty()) {
      m.forEach((k, v) -> flatten(prefix.isEmpty() ? String.valueOf(k) : prefix + "." + k, v, out));
    } else {
      out.put(prefix, value instanceof Map ? "{}" : value);
    }
  }

  /** hcl4j gives a repeated block as a list and a single one as a map. */
  private static List<Object> blocks(Object value) {
    if (value == null) {
      return List.of();
    }
    return value instanceof List<?> list ? new ArrayList<>(list) : List.of(value);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    return value instanceof Map<?, ?> ? (Map<String, Object>) value : Map.of();
  }

  private static String folderOf(String path) {
    int slash = path.lastIndexOf('/');
    return slash < 0 ? "" : path.substring(0, slash);
  }

  /** A {@code locals} block: hcl4j evaluates locals and cannot index into a data source read. */
  private static final Pattern LOCALS = Pattern.compile("(?ms)^locals \\{$.*?^}$");

  private static Map<String, Object> hcl(GeneratedFile file) {
    try {
      // Locals carry no resource, provider or requirement; references to them stay unresolved text.
      return new HCLParser().parse(LOCALS.matcher(file.content()).replaceAll(""));
    } catch (IOException | RuntimeException e) {
      throw new UncheckedIOException(
          new IOException(file.relativePath() + " does not parse as HCL: " + e.getMessage(), e));
    } catch (Exception e) {
      throw new IllegalStateException(file.relativePath() + " does not parse as HCL", e);
    }
  }
}
