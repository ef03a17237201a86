package ai.modelplane.generator.lifecycle;

import ai.modelplane.generator.render.GeneratedFile;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Bicep root of one cluster, parsed as far as a lifecycle check needs: its deployment
 * parameters, its variables, and each module call with the file it deploys and the parameters it
 * passes (values as their text, one line per value).
 */
record BicepTree(
    Map<String, String> parameters, Map<String, String> variables, Map<String, Module> modules) {
  /** One module call of {@code main.bicep}. */
  record Module(String symbol, String file, Map<String, String> params) {}

  private static final Pattern MODULE = Pattern.compile("^module (\\S+) '([^']+)' = \\{$");
  private static final Pattern VARIABLE = Pattern.compile("^var (\\w+) = (.+)$");
  private static final Pattern PARAMETER = Pattern.compile("^param (\\w+) = (.+)$");
  private static final Pattern ENTRY = Pattern.compile("^    (\\w+): (.*)$");

  /**
   * The one cluster's root in a rendered Bicep tree (the lifecycle examples hold one cluster each).
   */
  static BicepTree parse(List<GeneratedFile> files) {
    String main = only(files, "/bicep/main.bicep");
    String parameterFile = only(files, "/bicep/main.bicepparam");
    Map<String, String> parameters = new TreeMap<>();
    parameterFile
        .lines()
        .map(PARAMETER::matcher)
        .filter(Matcher::matches)
        .forEach(m -> parameters.put(m.group(1), m.group(2)));
    Map<String, String> variables = new TreeMap<>();
    Map<String, Module> modules = new TreeMap<>();
    List<String> lines = main.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      Matcher variable = VARIABLE.matcher(lines.get(i));
      if (variable.matches()) {
        variables.put(variable.group(1), variable.group(2));
      }
      Matcher module = MODULE.matcher(lines.get(i));
      if (module.matches()) {
        Map<String, String> params = new TreeMap<>();
        int line = i + 1;
        while (!lines.get(line).equals("}")) {
          if (lines.get(line).equals("  params: {")) {
            line = params(lines, line + 1, params);
          }
          line++;
        }
        modules.put(module.group(1), new Module(module.group(1), module.group(2), params));
        i = line;
      }
    }
    return new BicepTree(parameters, variables, modules);
  }

  /**
   * Reads {@code key: value} entries up to the closing brace; a value opened by { or [ runs to its
   * closing line.
   */
  private static int params(List<String> lines, int start, Map<String, String> params) {
    int line = start;
    while (!lines.get(line).equals("  }")) {
      Matcher entry = ENTRY.matcher(lines.get(line));
      if (!entry.matches()) {
        throw new AssertionError("unexpected line in a module's params: " + lines.get(line));
      }
      StringBuilder value = new StringBuilder(entry.group(2));
      if (entry.group(2).equals("{") || entry.group(2).equals("[")) {
        String close = "    " + (entry.group(2).equals("{") ? "}" : "]");
        while (!lines.get(++line).equals(close)) {
          value.append(' ').append(lines.get(line).trim());
        }
        value.append(' ').append(close.trim());
      }
      params.put(entry.group(1), value.toString());
      line++;
    }
    return line;
  }

  /** The module that deploys the agent pool {@code name}, if any. */
  Module pool(String name) {
    return modules.values().stream()
        .filter(m -> ("'" + name + "'").equals(m.params().get("poolName")))
        .findFirst()
        .orElse(null);
  }

  private static String only(List<GeneratedFile> files, String suffix) {
    List<String> found =
        files.stream()
            .filter(f -> f.relativePath().endsWith(suffix))
            .map(GeneratedFile::content)
            .toList();
    if (found.size() != 1) {
      throw new AssertionError("expected one " + suffix + ", found " + found.size());
    }
    return found.get(0);
  }
}
