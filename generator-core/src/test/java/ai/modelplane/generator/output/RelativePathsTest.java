package ai.modelplane.generator.output;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RelativePathsTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "a",
        "main.tf",
        "clusters/ns/name/terraform/main.tf",
        "...",
        "a/.../b",
        ".hidden/x",
        "a/..b/c",
        "a/b..",
        "ü/名前.tf"
      })
  void acceptsRelativePathsOfNamedSegments(String path) {
    assertTrue(RelativePaths.isSafe(path), path);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "/",
        "/etc/passwd",
        "a/",
        "a//b",
        ".",
        "..",
        "./a",
        "../a",
        "a/.",
        "a/..",
        "a/./b",
        "a/../b",
        "a\\b",
        "a\nb",
        "a\tb",
        "a\u0000b",
        "a\u007fb",
        "a\u0085b"
      })
  void rejectsAbsoluteEmptyDotAndControlSegments(String path) {
    assertFalse(RelativePaths.isSafe(path), path.replace("\n", "\\n"));
  }
}
