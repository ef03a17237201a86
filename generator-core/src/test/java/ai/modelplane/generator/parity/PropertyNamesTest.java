package ai.modelplane.generator.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Terraform and Bicep names the property table gives each field are names the generated code
 * sets: every one appears as an argument ({@code name =}) or a property ({@code name:}) in the
 * approved trees of the examples, so a table entry cannot drift from the templates.
 */
class PropertyNamesTest {
  /** The approved output of every example, one file per example and target. */
  private static final Path APPROVED = Path.of("src/test/java/ai/modelplane/generator/render");

  @Test
  void everyTargetNameOfTheTableIsSetInTheExamplesOutput() throws IOException {
    String terraform = approved("terraform");
    String bicep = approved("bicep");
    List<String> problems = new ArrayList<>();
    for (Property property : PropertyTable.bundled().all()) {
      if (!property.terraform().equals(Property.NONE)
          && !sets(terraform, property.terraform(), "\\s*=")) {
        problems.add(
            property.field() + ": no Terraform output sets " + property.terraform() + " =");
      }
      if (!property.bicep().equals(Property.NONE)) {
        // A nested property (apiServerAccessProfile.enablePrivateCluster) is each key in turn.
        for (String key : property.bicep().split("\\.")) {
          if (!sets(bicep, key, ":")) {
            problems.add(property.field() + ": no Bicep output sets " + key + ":");
          }
        }
      }
    }
    assertEquals(List.of(), problems);
  }

  private static boolean sets(String output, String name, String assignment) {
    return Pattern.compile("(?m)^\\s*" + Pattern.quote(name) + assignment).matcher(output).find();
  }

  private static String approved(String target) throws IOException {
    String prefix = "TargetContractTest.everyExampleIsApproved." + target + ".";
    StringBuilder all = new StringBuilder();
    try (Stream<Path> files = Files.list(APPROVED)) {
      for (Path file :
          files
              .filter(f -> f.getFileName().toString().startsWith(prefix))
              .filter(f -> f.getFileName().toString().endsWith(".approved.txt"))
              .sorted()
              .toList()) {
        all.append(Files.readString(file, StandardCharsets.UTF_8)).append('\n');
      }
    }
    assertFalse(all.isEmpty(), "no approved " + target + " trees under " + APPROVED);
    return all.toString();
  }
}
