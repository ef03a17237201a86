package ai.modelplane.generator.output;

import java.util.ArrayList;
import java.util.List;

/** Rules for the {@code /}-separated paths below the output directory. */
final class RelativePaths {
  private RelativePaths() {}

  /**
   * Non-empty segments, none of them {@code .} or {@code ..}, no backslash, no control characters.
   * One pass without allocating: every generated path and every manifest line comes through here.
   */
  static boolean isSafe(String path) {
    int segmentStart = 0;
    for (int i = 0; i <= path.length(); i++) {
      char c = i < path.length() ? path.charAt(i) : '/';
      if (c == '/') {
        int length = i - segmentStart;
        if (length == 0
            || (length == 1 && path.charAt(segmentStart) == '.')
            || (length == 2
                && path.charAt(segmentStart) == '.'
                && path.charAt(segmentStart + 1) == '.')) {
          return false;
        }
        segmentStart = i + 1;
      } else if (c == '\\' || Character.isISOControl(c)) {
        return false;
      }
    }
    return true;
  }

  /** True for paths inside the generator's bookkeeping folder. */
  static boolean isReserved(String path) {
    return path.equals(Manifest.FOLDER) || path.startsWith(Manifest.FOLDER + "/");
  }

  /** {@code a/b/c.tf} → {@code a}, {@code a/b}. */
  static List<String> foldersOf(String path) {
    List<String> folders = new ArrayList<>();
    for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
      folders.add(path.substring(0, slash));
    }
    return folders;
  }

  /** {@code a/b/c.tf} → {@code a/b}; null for a path at the top. */
  static String parentOf(String path) {
    int slash = path.lastIndexOf('/');
    return slash < 0 ? null : path.substring(0, slash);
  }
}
