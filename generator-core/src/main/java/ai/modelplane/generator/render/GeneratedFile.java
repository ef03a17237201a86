package ai.modelplane.generator.render;

import java.util.Objects;

/**
 * One file the generator produces.
 *
 * @param relativePath path below the output directory, {@code /}-separated, e.g. {@code
 *     platform/inference-westeurope/terraform/main.tf}
 * @param content the exact text (UTF-8, LF line endings)
 */
public record GeneratedFile(String relativePath, String content) {
  public GeneratedFile {
    Objects.requireNonNull(relativePath, "relativePath");
    Objects.requireNonNull(content, "content");
    if (relativePath.startsWith("/")
        || relativePath.contains("..")
        || relativePath.contains("\\")) {
      throw new IllegalArgumentException("not a safe relative path: " + relativePath);
    }
  }
}
