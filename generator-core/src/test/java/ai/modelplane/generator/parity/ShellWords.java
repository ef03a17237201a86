package ai.modelplane.generator.parity;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a POSIX shell command into its simple commands' words, as {@code sh} would: single quotes
 * keep everything, double quotes keep everything but {@code \"}, {@code \\}, {@code \$} and {@code
 * \`}, a backslash outside quotes keeps the next character. {@code &&} and {@code ;} end a
 * pipeline, {@code |} a command. Expansions stay as written; nothing runs.
 */
final class ShellWords {
  private ShellWords() {}

  /** The pipelines of {@code command}, each a list of commands, each a list of words. */
  static List<List<List<String>>> pipelines(String command) {
    List<List<List<String>>> pipelines = new ArrayList<>();
    List<List<String>> pipeline = new ArrayList<>();
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    int i = 0;
    while (i < command.length()) {
      char c = command.charAt(i);
      if (c == '\'') {
        int end = command.indexOf('\'', i + 1);
        if (end < 0) {
          throw new IllegalArgumentException("unterminated ' at " + i);
        }
        word = (word == null ? new StringBuilder() : word).append(command, i + 1, end);
        i = end + 1;
      } else if (c == '"') {
        word = word == null ? new StringBuilder() : word;
        i++;
        while (command.charAt(i) != '"') {
          char d = command.charAt(i);
          if (d == '\\' && "\"\\$`".indexOf(command.charAt(i + 1)) >= 0) {
            word.append(command.charAt(i + 1));
            i += 2;
          } else {
            word.append(d);
            i++;
          }
        }
        i++;
      } else if (c == '\\') {
        word = (word == null ? new StringBuilder() : word).append(command.charAt(i + 1));
        i += 2;
      } else if (c == ' ' || c == ';' || c == '|' || (c == '&' && command.startsWith("&&", i))) {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
        if (c != ' ' && !words.isEmpty()) {
          pipeline.add(words);
          words = new ArrayList<>();
        }
        if (c == ';' || c == '&') {
          if (!pipeline.isEmpty()) {
            pipelines.add(pipeline);
            pipeline = new ArrayList<>();
          }
        }
        i += c == '&' ? 2 : 1;
      } else {
        word = (word == null ? new StringBuilder() : word).append(c);
        i++;
      }
    }
    if (word != null) {
      words.add(word.toString());
    }
    if (!words.isEmpty()) {
      pipeline.add(words);
    }
    if (!pipeline.isEmpty()) {
      pipelines.add(pipeline);
    }
    return pipelines;
  }
}
