package ai.modelplane.drift;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** Live text written into an imported document: as YAML scalars and as comment lines. */
final class YamlScalars {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_./-]*");
  private static final Pattern CIDR_LIKE = Pattern.compile("[0-9][0-9./]*");
  private static final Set<String> YAML_WORDS =
      Set.of("true", "false", "yes", "no", "on", "off", "null", "y", "n", "~");

  private YamlScalars() {}

  /**
   * A YAML scalar: plain when that cannot be misread (as a number, boolean or null), else
   * double-quoted.
   */
  static String scalar(String value) {
    // Starting with a digit, only a CIDR-like value with a slash cannot be read as a number or a
    // date.
    boolean numberLike =
        !value.isEmpty() && Character.isDigit(value.charAt(0)) && value.indexOf('/') < 0;
    if ((PLAIN.matcher(value).matches() || CIDR_LIKE.matcher(value).matches())
        && !numberLike
        && !YAML_WORDS.contains(value.toLowerCase(Locale.ROOT))) {
      return value;
    }
    // Double-quoted, with YAML's escapes: control, bidi and invisible characters are written as
    // visible escapes (a raw C1 control or DEL would not even be valid YAML), and the value reads
    // back exactly.
    StringBuilder out = new StringBuilder(value.length() + 2).append('"');
    value
        .codePoints()
        .forEach(
            cp -> {
              if (cp == '"' || cp == '\\') {
                out.append('\\').append((char) cp);
              } else {
                ServerText.append(out, cp);
              }
            });
    return out.append('"').toString();
  }

  /**
   * Live text inside a comment: one line, control, bidi and invisible characters shown as escapes
   * ({@link ServerText}).
   */
  static String comment(String text) {
    return ServerText.printable(text);
  }
}
