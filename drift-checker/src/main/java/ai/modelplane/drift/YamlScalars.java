package ai.modelplane.drift;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** Live text written into an imported document: as YAML scalars and as comment lines. */
final class YamlScalars {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_./-]*");
  private static final Pattern CIDR_LIKE = Pattern.compile("[0-9][0-9./]*");
  private static final Set<String> YAML_WORDS =
      Set.of("true", "false", "yes", "no", "on", "off", "null", "y", "n", "~");
  private static final ObjectMapper JSON = new ObjectMapper();

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
    try {
      // A JSON string is a YAML double-quoted scalar: every escape JSON uses, YAML reads alike.
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a string always serialises", e);
    }
  }

  /** Live text inside a comment: one line, no control characters. */
  static String comment(String text) {
    return text.replaceAll("[\\p{Cc}\\p{Cf}\\u2028\\u2029]", " ");
  }
}
