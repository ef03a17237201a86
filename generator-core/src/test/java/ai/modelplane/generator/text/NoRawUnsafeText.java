package ai.modelplane.generator.text;

/** Test assertion: generated code holds controls and bidi controls only as escapes, never raw. */
public final class NoRawUnsafeText {
  private NoRawUnsafeText() {}

  /**
   * Fails naming the first raw unsafe character of {@code content} other than the line feeds
   * between lines.
   */
  public static void check(String path, String content) {
    int at = UnsafeText.indexOfUnsafe(content.replace('\n', ' '));
    if (at >= 0) {
      throw new AssertionError(
          path + " holds a raw " + UnsafeText.describe(content.charAt(at)) + " at offset " + at);
    }
  }
}
