package ai.modelplane.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tags as drift compares them: the YAML's entries, names as Azure compares them. */
class ExtensionComparatorTest {
  @Test
  void namesMatchInAnyCaseValuesExactlyAndExtraLiveTagsAreLow() {
    Map<String, String> desired = new LinkedHashMap<>();
    desired.put("Environment", "prod");
    desired.put("owner", "gpu-team");
    desired.put("cost-center", "4711");
    Map<String, String> live = new LinkedHashMap<>();
    live.put("environment", "prod");
    live.put("owner", "GPU-team");
    live.put("createdBy", "policy");
    List<Finding> findings = new ArrayList<>();

    ExtensionComparator.compareTags("spec.tags", "tags", desired, live, findings);

    assertEquals(
        List.of(
            "MEDIUM CHANGED tags[owner]: gpu-team -> GPU-team",
            "MEDIUM MISSING tags[cost-center]: 4711 -> (absent)",
            "LOW UNEXPECTED tags[createdBy]: (absent) -> policy"),
        findings.stream()
            .map(
                f ->
                    f.severity()
                        + " "
                        + f.kind()
                        + " "
                        + f.azureProperty()
                        + ": "
                        + f.desired()
                        + " -> "
                        + f.live())
            .toList());
  }

  @Test
  void noLiveTagsAtAllIsEveryTagMissing() {
    List<Finding> findings = new ArrayList<>();
    ExtensionComparator.compareTags("spec.tags", "tags", Map.of("a", "1"), null, findings);
    assertEquals(1, findings.size());
    assertEquals(FindingKind.MISSING, findings.get(0).kind());
  }
}
