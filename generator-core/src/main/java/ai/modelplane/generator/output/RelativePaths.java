package ai.modelplane.generator.output;

/** Rules for the {@code /}-separated paths below the output directory. */
final class RelativePaths {
  private RelativePaths() {}

  /** Non-empty segments, none of them {@code .} or {@code ..}, no backslash, no control characters. */
  static boolean isSafe(String path) {
    if (path.isEmpty() || path.startsWith("/") || path.endsWith("/") || path.indexOf('\\') >= 0) {
      return false;
    }
    for (int i = 0; i < path.length(); i++) {
      if (Character.isISOControl(path.charAt(i))) {
        return false;
      }
    }
    for (String segment : path.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
        return false;
      }
    }
    return true;
  }

  /** True for paths inside the generator's bookkeeping folder. */
  static boolean isReserved(String path) {
    return path.equals(Manifest.FOLDER) || path.startsWith(Manifest.FOLDER + "/");
  }
}
