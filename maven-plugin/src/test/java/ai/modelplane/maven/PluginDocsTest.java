package ai.modelplane.maven;

import static ai.modelplane.maven.PluginDescriptorTest.child;
import static ai.modelplane.maven.PluginDescriptorTest.children;
import static ai.modelplane.maven.PluginDescriptorTest.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * docs/maven-plugin.md lists exactly the goals and parameters of the plugin descriptor Maven reads,
 * with their phases, properties and defaults, so the page cannot go stale when a Mojo changes.
 */
class PluginDocsTest {
  private static final Path PAGE = Path.of("../docs/maven-plugin.md");
  private static final List<String> WORKING_GOALS =
      List.of("validate", "generate", "check", "drift", "import");
  private static List<String> lines;

  @BeforeAll
  static void read() throws Exception {
    PluginDescriptorTest.readDescriptor();
    lines = Files.readAllLines(PAGE);
  }

  /**
   * The cells of every table row whose first cell starts with {@code firstCellPrefix}, by their
   * first cell.
   */
  private static Map<String, List<String>> rows(String firstCellPrefix) {
    Map<String, List<String>> rows = new TreeMap<>();
    for (String line : lines) {
      if (line.startsWith("| " + firstCellPrefix)) {
        List<String> cells = new ArrayList<>();
        for (String cell : line.substring(1).split("(?<!\\\\)\\|")) {
          cells.add(cell.strip());
        }
        rows.put(cells.get(0).replace("`", ""), cells);
      }
    }
    return rows;
  }

  @Test
  void goalTableHasEveryGoalWithItsPhase() {
    Map<String, List<String>> goals = rows("`modelplane:");
    assertEquals(
        PluginDescriptorTest.mojos.keySet().stream()
            .map(goal -> "modelplane:" + goal)
            .sorted()
            .toList(),
        new ArrayList<>(goals.keySet()));
    PluginDescriptorTest.mojos.forEach(
        (goal, mojo) -> {
          String phase = text(mojo, "phase");
          assertEquals(
              phase.isEmpty() ? "—" : "`" + phase + "`",
              goals.get("modelplane:" + goal).get(1),
              goal);
        });
  }

  @Test
  void parameterTableHasEveryParameterWithItsPropertyDefaultAndGoals() {
    Map<String, String> goalsOf = new TreeMap<>();
    Map<String, String> propertyOf = new TreeMap<>();
    Map<String, String> defaultOf = new TreeMap<>();
    for (String goal : WORKING_GOALS) {
      Element mojo = PluginDescriptorTest.mojos.get(goal);
      for (Element parameter : children(child(mojo, "parameters"), "parameter")) {
        if (text(parameter, "editable").equals("false")) {
          continue;
        }
        String name = text(parameter, "name");
        goalsOf.merge(name, goal, (a, b) -> a + ", " + b);
        Element configured = children(child(mojo, "configuration"), name).get(0);
        propertyOf.put(name, configured.getTextContent().trim().replaceAll("^\\$\\{(.*)}$", "$1"));
        defaultOf.put(
            name, configured.getAttribute("default-value").replace("${project.basedir}/", ""));
      }
    }
    Map<String, List<String>> documented = rows("`");
    documented.keySet().removeIf(key -> key.startsWith("modelplane:"));
    assertEquals(goalsOf.keySet(), documented.keySet());
    for (String name : goalsOf.keySet()) {
      List<String> row = documented.get(name);
      assertEquals("`" + propertyOf.get(name) + "`", row.get(1), name);
      if (!defaultOf.get(name).isEmpty()) {
        assertTrue(
            row.get(2).startsWith("`" + defaultOf.get(name) + "`"),
            name + ": default " + defaultOf.get(name) + ", documented " + row.get(2));
      }
      assertEquals(goalsOf.get(name), row.get(3), name);
    }
  }

  @Test
  void helpGoalRowNamesEachOfItsParameters() {
    String help = rows("`modelplane:help").get("modelplane:help").get(2);
    for (Element parameter :
        children(child(PluginDescriptorTest.mojos.get("help"), "parameters"), "parameter")) {
      assertTrue(help.contains("-D" + text(parameter, "name")), text(parameter, "name"));
    }
  }

  @Test
  void pageIsTheOneTheReadmeLinksTo() throws IOException {
    assertTrue(Files.readString(Path.of("../README.md")).contains("(docs/maven-plugin.md)"));
  }
}
