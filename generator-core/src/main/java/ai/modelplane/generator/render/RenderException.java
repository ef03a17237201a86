package ai.modelplane.generator.render;

/** A template failed; always a bug in the generator, never in the user's YAML. */
public final class RenderException extends RuntimeException {
  public RenderException(String message, Throwable cause) {
    super(message, cause);
  }
}
