package ai.modelplane.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.GenerationRequest;
import ai.modelplane.generator.drift.DriftRequest;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Reads the descriptor maven-plugin-plugin generated (what Maven itself reads), so that a request
 * option without a Mojo parameter, or a parameter without its {@code modelplane.*} property, fails
 * the build.
 */
class PluginDescriptorTest {
  static Map<String, Element> mojos = new TreeMap<>();

  @BeforeAll
  static void readDescriptor() throws Exception {
    try (InputStream in =
        PluginDescriptorTest.class.getResourceAsStream("/META-INF/maven/plugin.xml")) {
      Element plugin =
          DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in).getDocumentElement();
      assertEquals("modelplane", text(plugin, "goalPrefix"));
      for (Element mojo : children(child(plugin, "mojos"), "mojo")) {
        mojos.put(text(mojo, "goal"), mojo);
      }
    }
  }

  @Test
  void goals_threadSafeWithTheirPhases() {
    assertEquals(
        List.of("check", "drift", "generate", "help", "import", "validate"),
        new ArrayList<>(mojos.keySet()));
    Map<String, String> phases = new TreeMap<>();
    mojos.forEach(
        (goal, mojo) -> {
          assertEquals("true", text(mojo, "threadSafe"), goal);
          phases.put(goal, text(mojo, "phase"));
        });
    assertEquals(
        Map.of(
            "check",
            "verify",
            "drift",
            "",
            "generate",
            "generate-resources",
            "help",
            "",
            "import",
            "",
            "validate",
            "validate"),
        phases);
  }

  @Test
  void everyUserParameter_hasItsModelplaneProperty() {
    int checked = 0;
    for (String goal : List.of("check", "drift", "generate", "import", "validate")) {
      Element configuration = child(mojos.get(goal), "configuration");
      for (Element parameter : children(child(mojos.get(goal), "parameters"), "parameter")) {
        String name = text(parameter, "name");
        if (text(parameter, "editable").equals("false")) {
          continue;
        }
        assertEquals("${modelplane." + name + "}", text(configuration, name), goal + " " + name);
        checked++;
      }
    }
    assertEquals(8 + 9 + 9 + 10 + 3, checked); // check, drift, generate, import, validate
  }

  @Test
  void generationRequest_everyComponentComesFromTheGenerateGoal() {
    // Request component -> generate's parameter; "check" is chosen by the goal, not a parameter.
    Map<String, String> parameterOf =
        Map.of(
            "inputs",
            "sources",
            "workingDirectory",
            "basedir",
            "outputDirectory",
            "outputDirectory",
            "targets",
            "targets",
            "strict",
            "failOnWarning",
            "force",
            "force",
            "allowEmpty",
            "allowEmpty",
            "check",
            "(goal)",
            "adopt",
            "adopt",
            "adoptInCluster",
            "adoptInCluster");
    List<String> parameters = parameterNames("generate");
    for (RecordComponent component : GenerationRequest.class.getRecordComponents()) {
      String parameter = parameterOf.get(component.getName());
      assertTrue(
          parameter != null, "GenerationRequest." + component.getName() + " has no Mojo parameter");
      assertTrue(parameter.equals("(goal)") || parameters.contains(parameter), parameter);
    }
  }

  @Test
  void driftRequest_everyComponentIsADriftParameterOfTheSameName() {
    List<String> parameters = parameterNames("drift");
    for (RecordComponent component : DriftRequest.class.getRecordComponents()) {
      String parameter =
          switch (component.getName()) {
            case "inputs" -> "sources";
            case "workingDirectory" -> "basedir";
            default -> component.getName();
          };
      assertTrue(
          parameters.contains(parameter),
          "DriftRequest." + component.getName() + " has no drift parameter");
    }
  }

  @Test
  void importRequest_everyComponentIsAnImportParameter() {
    List<String> parameters = parameterNames("import");
    for (RecordComponent component :
        ai.modelplane.generator.adopt.ImportRequest.class.getRecordComponents()) {
      String parameter =
          switch (component.getName()) {
            case "outputDirectory" -> "sources";
            case "workingDirectory" -> "basedir";
            default -> component.getName();
          };
      assertTrue(
          parameters.contains(parameter),
          "ImportRequest." + component.getName() + " has no import parameter");
    }
  }

  private static List<String> parameterNames(String goal) {
    return children(child(mojos.get(goal), "parameters"), "parameter").stream()
        .map(p -> text(p, "name"))
        .toList();
  }

  static Element child(Element parent, String name) {
    List<Element> found = children(parent, name);
    assertEquals(1, found.size(), name);
    return found.get(0);
  }

  static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE
          && nodes.item(i).getNodeName().equals(name)) {
        found.add((Element) nodes.item(i));
      }
    }
    return found;
  }

  static String text(Element parent, String name) {
    List<Element> found = children(parent, name);
    return found.isEmpty() ? "" : found.get(0).getTextContent().trim();
  }
}
