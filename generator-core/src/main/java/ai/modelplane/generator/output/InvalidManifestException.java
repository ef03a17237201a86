package ai.modelplane.generator.output;

import java.io.IOException;

/** {@code .modelplane/manifest} cannot be read back; nothing was written. */
public final class InvalidManifestException extends IOException {
  public InvalidManifestException(String message) {
    super(message);
  }
}
