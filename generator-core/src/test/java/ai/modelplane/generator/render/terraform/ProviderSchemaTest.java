package ai.modelplane.generator.render.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.emit.TemplateRenderer;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.platform.ProviderVersions;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.testsupport.hcl.ProviderSchemaChecker;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every generated .tf file of every example against the offline provider-schema extract (the
 * checker's own tests are in test-support).
 */
class ProviderSchemaTest {
  private final ProviderSchemaChecker checker = new ProviderSchemaChecker();

  @ParameterizedTest
  @MethodSource("ai.modelplane.generator.fixtures.Fixtures#renderedExamples")
  void everyExampleConformsToTheProviderSchemas(String example) {
    assertEquals(List.of(), checker.check(render(example)));
  }

  /**
   * The last 4.x extract (azurerm 4.73.0, helm 3.1.1, kubernetes 2.38.0) accepts the same files:
   * the 5.x output writes no argument 4.x lacks, so only the version constraints keep 4.x out.
   */
  @ParameterizedTest
  @MethodSource("ai.modelplane.generator.fixtures.Fixtures#renderedExamples")
  void everyExampleConformsToTheLast4xSchemaToo(String example) {
    assertEquals(
        List.of(),
        new ProviderSchemaChecker("provider-schemas-azurerm-4.73.json").check(render(example)));
  }

  /**
   * The extract holds one azapi schema, with {@code sensitive_body} (azapi 2.11.0) and Terraform's
   * {@code ephemeral} variables (1.10) and write-only arguments (1.11) are not checked by version:
   * a root that uses them must pin those releases, and every other root keeps the common pins.
   */
  @ParameterizedTest
  @MethodSource("ai.modelplane.generator.fixtures.Fixtures#renderedExamples")
  void writeOnlyArgumentsOnlyInRootsThatPinTheirReleases(String example) {
    Map<String, String> files = render(example);
    Map<String, StringBuilder> roots = new TreeMap<>();
    files.forEach(
        (path, text) -> {
          if (path.endsWith(".tf") && !path.startsWith("modules/")) {
            roots
                .computeIfAbsent(
                    path.substring(0, path.lastIndexOf('/') + 1), r -> new StringBuilder())
                .append(text);
          }
        });
    roots.forEach(
        (root, text) -> {
          String pins = files.get(root + "terraform.tf");
          boolean writeOnly =
              text.toString().contains("sensitive_body")
                  || text.toString().contains("ephemeral   = true");
          String terraform =
              writeOnly ? ProviderVersions.TERRAFORM_WRITE_ONLY : ProviderVersions.TERRAFORM;
          String azapi = writeOnly ? ProviderVersions.AZAPI_SENSITIVE_BODY : ProviderVersions.AZAPI;
          assertTrue(pins.contains("required_version = \"" + terraform + "\""), root + pins);
          assertTrue(pins.contains("version = \"" + azapi + "\""), root + pins);
        });
  }

  private static Map<String, String> render(String example) {
    Map<String, String> files = new TreeMap<>();
    for (GeneratedFile file : TemplateRenderer.terraform().render(Fixtures.example(example))) {
      files.put(file.relativePath(), file.content());
    }
    return files;
  }
}
