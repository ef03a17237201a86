package ai.modelplane.maven;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What a generation depends on, as one hash: the plugin's code (version and jars, templates
 * included), the configuration, and every source file's path and bytes. Computed with plain file
 * reads, so that an up-to-date build never loads the generator.
 */
final class Fingerprint {
  private Fingerprint() {}

  static String of(String codeIdentity, List<String> configuration, SourceFiles sources)
      throws IOException {
    StringBuilder text = new StringBuilder();
    text.append("code ").append(codeIdentity).append('\n');
    for (String setting : configuration) {
      text.append("config ").append(setting).append('\n');
    }
    for (Path file : sources.files()) {
      text.append("source ").append(SourceFiles.displayPath(sources.basedir(), file)).append(' ');
      text.append(Sha256.of(file)).append('\n');
    }
    return Sha256.of(text.toString());
  }
}
