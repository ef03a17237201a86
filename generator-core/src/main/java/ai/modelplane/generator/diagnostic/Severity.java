package ai.modelplane.generator.diagnostic;

public enum Severity {
  ERROR,
  WARNING;

  /** Lower-case word used in the text format: {@code error} or {@code warning}. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
