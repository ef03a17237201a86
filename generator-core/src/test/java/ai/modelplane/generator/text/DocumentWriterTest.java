package ai.modelplane.generator.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DocumentWriterTest {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ObjectMapper YAML_READER = new ObjectMapper(new YAMLFactory());

  /** Strings a YAML 1.1 or 1.2 reader would take for a number, a boolean or null. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "1", "-1", "+1", "1.0", "1e3", "0x1F", "0o17", "017", "1_000", ".5", ".inf", "-.Inf",
        ".nan", "true", "False", "yes", "No", "on", "OFF", "y", "n", "null", "Null", "~", ""
      })
  void quotesStringsThatLookLikeOtherScalars(String text) {
    String yaml = DocumentWriter.yaml(object().put("value", text));

    assertEquals("value: \"" + text + "\"\n", yaml);
    assertEquals(text, read(yaml).get("value").textValue());
  }

  @Test
  void leavesPlainStringsUnquoted() {
    ObjectNode tree =
        object()
            .put("image", "nvcr.io/nvidia/mellanox")
            .put("version", "doca3.4.0-26.04-0.8.6.0-0")
            .put("path", "/host/etc/modprobe.d/blacklist-ofed-modules.conf")
            .put("taint", "nvidia.com/gpu=true:NoSchedule")
            .put("mode", "dir_mode=0777");

    assertEquals(
        """
        image: nvcr.io/nvidia/mellanox
        version: doca3.4.0-26.04-0.8.6.0-0
        path: /host/etc/modprobe.d/blacklist-ofed-modules.conf
        taint: nvidia.com/gpu=true:NoSchedule
        mode: dir_mode=0777
        """,
        DocumentWriter.yaml(tree));
  }

  @Test
  void quotesStringsHoldingIndicators() {
    ObjectNode tree =
        object()
            .put("json", "{\"a\":[1]}")
            .put("colon", "a: b")
            .put("comment", "a #b")
            .put("dash", "- a")
            .put("star", "*anchor");

    String yaml = DocumentWriter.yaml(tree);

    assertEquals(tree, read(yaml));
    for (String line : yaml.split("\n")) {
      char first = line.charAt(line.indexOf(": ") + 2);
      assertTrue(first == '"' || first == '\'', line);
    }
  }

  @Test
  void writesMultiLineStringsAsLiteralBlocks() {
    ObjectNode tree = object().put("script", "set -e\necho 'hi'\n");

    String yaml = DocumentWriter.yaml(tree);

    assertEquals("script: |\n  set -e\n  echo 'hi'\n", yaml);
    assertEquals(tree, read(yaml));
  }

  @Test
  void quotesKeysThatNeedIt() {
    ObjectNode tree = object();
    tree.put("true", "a");
    tree.put("1", "b");
    tree.put("a: b", "c");
    tree.put("pod-security.kubernetes.io/enforce", "privileged");

    String yaml = DocumentWriter.yaml(tree);

    assertEquals(tree, read(yaml));
    assertEquals(
        """
        "true": a
        "1": b
        'a: b': c
        pod-security.kubernetes.io/enforce: privileged
        """,
        yaml);
  }

  @Test
  void writesNestedMapsAndListsInBlockStyleInInsertionOrder() {
    ObjectNode tree = object();
    tree.put("kind", "NicClusterPolicy");
    ObjectNode term = tree.putObject("spec").putArray("nodeSelectorTerms").addObject();
    ObjectNode expression = term.putArray("matchExpressions").addObject();
    expression.put("key", "modelplane.ai/fabric").put("operator", "In");
    expression.putArray("values").add("infiniband");
    tree.with("spec").put("maxParallelUpgrades", 1).put("enable", true);
    tree.with("spec").putArray("empty");
    tree.with("spec").putObject("none");

    String yaml = DocumentWriter.yaml(tree);

    assertEquals(
        """
        kind: NicClusterPolicy
        spec:
          nodeSelectorTerms:
            - matchExpressions:
                - key: modelplane.ai/fabric
                  operator: In
                  values:
                    - infiniband
          maxParallelUpgrades: 1
          enable: true
          empty: []
          none: {}
        """,
        yaml);
    assertEquals(tree, read(yaml));
  }

  @Test
  void keepsLongStringsOnOneLineWithLineFeedsOnly() {
    String long_ = "x".repeat(200) + " " + "y".repeat(200);

    String yaml = DocumentWriter.yaml(object().put("long", long_));

    assertEquals("long: " + long_ + "\n", yaml);
    assertFalse(DocumentWriter.yaml(object().put("a", "b\nc")).contains("\r"));
  }

  @Test
  void writesCompactJsonInInsertionOrder() {
    ObjectNode tree = object().put("z", "1").put("a", 1).put("q", "say \"hi\"\n");
    tree.putArray("l").add(true).addNull();

    assertEquals(
        "{\"z\":\"1\",\"a\":1,\"q\":\"say \\\"hi\\\"\\n\",\"l\":[true,null]}",
        DocumentWriter.json(tree));
  }

  @Test
  void isDeterministic() {
    ObjectNode tree = object().put("a", "1");
    tree.putArray("b").add(object().put("c", List.of("d").get(0)));

    assertEquals(DocumentWriter.yaml(tree), DocumentWriter.yaml(tree.deepCopy()));
  }

  private static ObjectNode object() {
    return NODES.objectNode();
  }

  private static JsonNode read(String yaml) {
    try {
      return YAML_READER.readTree(yaml);
    } catch (Exception e) {
      throw new AssertionError(yaml, e);
    }
  }
}
