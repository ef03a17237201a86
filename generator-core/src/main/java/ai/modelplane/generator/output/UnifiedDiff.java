package ai.modelplane.generator.output;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The unified diff of one file, as {@code git diff} and {@code git apply} understand it: paths
 * {@code a/…} and {@code b/…} relative to the output directory, {@code /dev/null} for the side that
 * does not exist, three lines of context, and GNU's marker for a missing final newline.
 */
final class UnifiedDiff {
  private static final int CONTEXT_LINES = 3;
  private static final String NO_NEWLINE = "\\ No newline at end of file";

  private UnifiedDiff() {}

  /**
   * @param before the bytes on disk, empty when the file does not exist
   * @param after the bytes the generator wants, empty when the file is to be removed
   * @return the diff, every line ending in a newline; empty when both sides are equal
   */
  static String of(String path, Optional<byte[]> before, Optional<byte[]> after) {
    List<String> oldLines = before.map(UnifiedDiff::lines).orElse(List.of());
    List<String> newLines = after.map(UnifiedDiff::lines).orElse(List.of());
    String oldName = before.isPresent() ? "a/" + path : "/dev/null";
    String newName = after.isPresent() ? "b/" + path : "/dev/null";
    StringBuilder diff = new StringBuilder();
    if (oldLines.isEmpty() || newLines.isEmpty()) {
      // java-diff-utils numbers an empty side from 1; diff and git number it from 0.
      if (oldLines.equals(newLines)) {
        // An empty file appearing or disappearing has a header and no hunk.
        return before.isPresent() == after.isPresent()
            ? ""
            : "--- " + oldName + "\n+++ " + newName + "\n";
      }
      diff.append("--- ").append(oldName).append("\n+++ ").append(newName).append('\n');
      diff.append("@@ -")
          .append(range(oldLines.size()))
          .append(" +")
          .append(range(newLines.size()))
          .append(" @@\n");
      oldLines.forEach(line -> diff.append('-').append(line).append('\n'));
      newLines.forEach(line -> diff.append('+').append(line).append('\n'));
      return diff.toString();
    }
    Patch<String> patch = DiffUtils.diff(oldLines, newLines);
    if (patch.getDeltas().isEmpty()) {
      return "";
    }
    for (String line :
        UnifiedDiffUtils.generateUnifiedDiff(oldName, newName, oldLines, patch, CONTEXT_LINES)) {
      diff.append(line).append('\n');
    }
    return diff.toString();
  }

  private static String range(int count) {
    return count == 0 ? "0,0" : "1," + count;
  }

  /**
   * Splits into lines without their terminators. A last line without a newline carries GNU's
   * marker, so that "x" and "x\n" compare different and print as {@code diff} prints them.
   */
  private static List<String> lines(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    List<String> lines = new ArrayList<>();
    int start = 0;
    while (start < text.length()) {
      int end = text.indexOf('\n', start);
      if (end < 0) {
        lines.add(text.substring(start) + "\n" + NO_NEWLINE);
        break;
      }
      lines.add(text.substring(start, end));
      start = end + 1;
    }
    return lines;
  }
}
