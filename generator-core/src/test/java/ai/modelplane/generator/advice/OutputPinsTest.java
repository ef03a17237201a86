package ai.modelplane.generator.advice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.emit.TemplateRenderer;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.render.GeneratedFile;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What the advisor judges is what the output carries: every provider constraint and ARM API version
 * in the rendered InfiniBand example is one of {@link OutputPins#current()}, and every pin names a
 * file the output has.
 */
class OutputPinsTest {
  private static final String CLUSTER = "platform/inference-westeurope/";

  private static Map<String, String> render() {
    // The seed (InfiniBand, DRA) and the fleet, whose first cluster runs the device plugin.
    List<AksCluster> clusters = new java.util.ArrayList<>(Fixtures.example("inference-westeurope"));
    clusters.addAll(Fixtures.example("fleet"));
    Map<String, String> files = new TreeMap<>();
    for (GeneratedFile file : TemplateRenderer.terraform().render(clusters)) {
      files.put(file.relativePath(), file.content());
    }
    for (GeneratedFile file : TemplateRenderer.bicep().render(clusters)) {
      files.put(file.relativePath(), file.content());
    }
    return files;
  }

  @Test
  void thePinsAreTheOnesTheOutputCarries() {
    Map<String, String> files = render();
    OutputPins pins = OutputPins.current();

    TreeSet<String> providers = new TreeSet<>();
    Pattern provider =
        Pattern.compile("source\\s*=\\s*\"([^\"]+)\"\\s*\\n\\s*version\\s*=\\s*\"([^\"]+)\"");
    TreeSet<String> apis = new TreeSet<>();
    Pattern api =
        Pattern.compile("'(Microsoft\\.[A-Za-z]+/[A-Za-z]+)(?:/[A-Za-z/]+)?@([0-9a-z-]+)'");
    files.forEach(
        (path, content) -> {
          if (path.endsWith("terraform.tf")) {
            for (Matcher m = provider.matcher(content); m.find(); ) {
              providers.add(m.group(1) + " " + m.group(2));
            }
          }
          if (path.endsWith(".bicep")) {
            for (Matcher m = api.matcher(content); m.find(); ) {
              apis.add(m.group(1) + "@" + m.group(2));
            }
          }
        });
    assertEquals(
        new TreeSet<>(
            pins.providers().stream().map(pin -> pin.subject() + " " + pin.version()).toList()),
        providers);
    // Child types (agentPools, subnets, featureProviders/...) share their parent's version.
    TreeSet<String> pinned =
        new TreeSet<>(
            pins.armApiVersions().stream()
                .map(
                    pin ->
                        pin.subject().split("/")[0]
                            + "/"
                            + pin.subject().split("/")[1]
                            + "@"
                            + pin.version())
                .toList());
    assertEquals(pinned, apis);

    for (OutputPins.Pin pin : concat(pins)) {
      String path = pin.file().outputPath().replace("NAMESPACE/NAME/", CLUSTER);
      assertTrue(files.containsKey(path), pin + ": no generated " + path);
      assertTrue(
          files.get(path).contains(pin.version()),
          pin + ": " + path + " does not hold " + pin.version());
    }
  }

  private static List<OutputPins.Pin> concat(OutputPins pins) {
    return java.util.stream.Stream.of(
            pins.providers(), pins.inCluster(), pins.gpuStack(), pins.armApiVersions())
        .flatMap(List::stream)
        .toList();
  }
}
