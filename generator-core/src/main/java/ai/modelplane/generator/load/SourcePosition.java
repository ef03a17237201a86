package ai.modelplane.generator.load;

/** A one-based line and column in an input file; {@code 0:0} when unknown. */
public record SourcePosition(int line, int column) {
  public static final SourcePosition UNKNOWN = new SourcePosition(0, 0);
}
