package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.SupportCalendarClock;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every example describes a cluster AKS creates on the day 1.34 had just left support: no example
 * may use a version past AKS's end of life (MP416) or announce one (MP408/MP501) then.
 */
class ExamplesAreCreatableTest {
  @Test
  void everyExampleValidatesWithoutVersionFindingsTheDayAfter134Ended() {
    Validator validator =
        new Validator(CrdSchema.bundled(), SupportCalendarClock.on(LocalDate.parse("2026-12-02")));
    List<String> files =
        java.util.stream.Stream.concat(
                Fixtures.exampleFiles().stream().map(name -> "examples/" + name),
                java.util.stream.Stream.of(
                    "examples/maven-project/src/main/modelplane/inference-swedencentral.yaml"))
            .toList();
    for (String file : files) {
      List<String> found =
          validator
              .validate(List.of(InputSource.file(Fixtures.REPOSITORY.resolve(file), file)))
              .diagnostics()
              .stream()
              .filter(d -> d.isError() || d.fieldPath().equals("spec.kubernetesVersion"))
              .map(Diagnostic::format)
              .toList();
      assertEquals(List.of(), found, file);
    }
  }
}
