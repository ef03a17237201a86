package ai.modelplane.generator.text;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Orders version strings of any shape (Kubernetes minors, chart and image tags). */
public final class VersionOrder {
  private static final Pattern NUMBER = Pattern.compile("\\d+");

  private VersionOrder() {}

  /**
   * Compares two version strings by their runs of digits, left to right ({@code doca3.2.0-25.10-…}
   * before {@code doca3.4.0-26.04-…}, {@code network-operator-v25.10.0} before {@code …-v26.4.0}).
   */
  public static int compare(String left, String right) {
    Matcher a = NUMBER.matcher(left);
    Matcher b = NUMBER.matcher(right);
    while (true) {
      boolean moreA = a.find();
      boolean moreB = b.find();
      if (!moreA || !moreB) {
        return Boolean.compare(moreA, moreB);
      }
      int order = Long.compare(Long.parseLong(a.group()), Long.parseLong(b.group()));
      if (order != 0) {
        return order;
      }
    }
  }
}
