package ai.modelplane.testsupport.bicep;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The symbol path of a line in a file that did not parse, read from the text alone: the top-level
 * declaration above it and the object keys of the lines that enclose it by indentation ({@code
 * vnetNodes.properties.addressSpace.addressPrefixes}). Lets a layout error be named like any other
 * problem, by what it is in, not by its line number.
 */
final class LayoutSymbols {
  private static final Pattern DECLARATION =
      Pattern.compile("^(?:param|var|resource|module|output|type|func)\\s+(\\w+)");
  private static final Pattern KEY = Pattern.compile("^\\s*(\\w+|'[^']*')\\s*:");

  private LayoutSymbols() {}

  /** The symbol path of line {@code number} (1-based) of {@code text}; "file" for line 0. */
  static String at(String text, int number) {
    String[] lines = text.split("\n", -1);
    if (number <= 0 || number > lines.length) {
      return "file";
    }
    if (lines[number - 1].startsWith("@")) {
      // A decorator belongs to the declaration below it.
      for (int i = number; i < lines.length; i++) {
        Matcher declaration = DECLARATION.matcher(lines[i]);
        if (declaration.find()) {
          return declaration.group(1);
        }
      }
      return "file";
    }
    Deque<String> keys = new ArrayDeque<>();
    key(lines[number - 1]).ifPresent(keys::push);
    int limit = indent(lines[number - 1]);
    for (int i = number - 1; i >= 0; i--) {
      String line = lines[i];
      if (line.isBlank() || line.trim().startsWith("//")) {
        continue;
      }
      if (indent(line) == 0) {
        Matcher declaration = DECLARATION.matcher(line);
        if (declaration.find()) {
          keys.push(declaration.group(1));
        } else if (line.startsWith("using ")) {
          keys.push("using");
        } else if (line.startsWith("targetScope")) {
          keys.push("targetScope");
        }
        break;
      }
      if (indent(line) < limit) {
        limit = indent(line);
        key(line).ifPresent(keys::push);
      }
    }
    return keys.isEmpty() ? "file" : String.join(".", keys);
  }

  private static Optional<String> key(String line) {
    Matcher key = KEY.matcher(line);
    return key.find() ? Optional.of(key.group(1)) : Optional.empty();
  }

  private static int indent(String line) {
    int spaces = 0;
    while (spaces < line.length() && line.charAt(spaces) == ' ') {
      spaces++;
    }
    return spaces;
  }
}
