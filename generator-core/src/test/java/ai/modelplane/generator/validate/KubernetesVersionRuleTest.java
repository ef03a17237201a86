package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Severity;
import ai.modelplane.generator.load.SupportCalendarClock;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Kubernetes-version rule's judgements against the bundled calendar, each on a fixed day. */
class KubernetesVersionRuleTest {
  /** What the rule writes about an existing cluster's {@code version} on {@code day}. */
  private static List<RecordedFindings.Recorded> check(String day, String version) {
    return check(day, version, true);
  }

  private static List<RecordedFindings.Recorded> check(
      String day, String version, boolean existing) {
    RecordedFindings found = new RecordedFindings();
    KubernetesVersionRule.bundled(SupportCalendarClock.on(LocalDate.parse(day)))
        .check(version, existing, found);
    return found.list();
  }

  /** The one error the rule writes about a new cluster's {@code version} on {@code day}. */
  private static RecordedFindings.Recorded error(String day, String version, boolean existing) {
    List<RecordedFindings.Recorded> found = check(day, version, existing);
    assertEquals(1, found.size(), found::toString);
    assertEquals(Severity.ERROR, found.get(0).severity());
    return found.get(0);
  }

  /** The one warning the rule writes about {@code version} on {@code day}. */
  private static RecordedFindings.Recorded advice(String day, String version) {
    List<RecordedFindings.Recorded> found = check(day, version);
    assertEquals(1, found.size(), found::toString);
    assertEquals(Severity.WARNING, found.get(0).severity());
    return found.get(0);
  }

  @Test
  void aVersionPastEndOfLifeSaysNewClustersCannotBeCreatedAndWhatToUse() {
    RecordedFindings.Recorded advice = advice("2026-12-01", "1.34");

    assertEquals(DiagnosticCode.MP408, advice.code());
    assertEquals("/spec/kubernetesVersion", advice.pointer());
    assertEquals(
        "Kubernetes 1.34 reached AKS end of life on 2026-11-30 (as of 2026-12-01): AKS creates no new cluster at 1.34, so a new"
            + " cluster's first apply fails; an existing 1.34 cluster is in platform support until 1.38 GA (no security patches or bug fixes)",
        advice.message());
    assertEquals(
        "use \"1.35\" (supported until 2027-03-31); an existing cluster upgrades one minor at a time",
        advice.hint());
  }

  @Test
  void aVersionAksDropsWithinSixtyDaysIsAnnouncedWithItsDate() {
    RecordedFindings.Recorded advice = advice("2026-11-29", "1.34");

    assertEquals(DiagnosticCode.MP501, advice.code());
    assertEquals(
        "AKS ends support for Kubernetes 1.34 on 2026-11-30, in 1 day(s) (as of 2026-11-29); after that AKS creates no new"
            + " cluster at 1.34, so a new cluster's first apply fails; an existing 1.34 cluster is in platform support until 1.38 GA"
            + " (no security patches or bug fixes)",
        advice.message());
    assertEquals("move to \"1.35\" (supported until 2027-03-31) before then", advice.hint());
  }

  @Test
  void theHorizonIsSixtyDays() {
    // 2026-11-30 minus 60 days is 2026-10-01: a day earlier is quiet, that day warns.
    assertEquals(List.of(), check("2026-09-30", "1.34"));
    assertEquals(DiagnosticCode.MP501, advice("2026-10-01", "1.34").code());
    assertEquals(List.of(), check("2026-12-01", "1.35"));
  }

  @Test
  void theRecommendationSkipsAVersionThatIsAboutToGoToo() {
    // On 2027-02-15 1.35 ends within 60 days (2027-03-31): a 1.34 cluster is pointed past it.
    assertEquals(
        "use \"1.36\" (supported until 2027-06-30); an existing cluster upgrades one minor at a time",
        advice("2027-02-15", "1.34").hint());
  }

  @Test
  void unknownAndNotYetAvailableVersionsKeepTheirMessages() {
    RecordedFindings.Recorded unknown = advice("2026-11-29", "1.40");
    assertEquals(
        "Kubernetes 1.40 is not in AKS's version calendar (as of 2026-11-29)", unknown.message());
    assertEquals("supported now: 1.34, 1.35, 1.36, 1.37", unknown.hint());
    assertEquals(
        "Kubernetes 1.37 is not generally available on AKS before 2026-10 (as of 2026-09-01)",
        advice("2026-09-01", "1.37").message());
  }

  @Test
  void aNewClusterPastEndOfLifeIsAnErrorThatSaysWhatToWrite() {
    RecordedFindings.Recorded error = error("2026-12-02", "1.34", false);

    assertEquals(DiagnosticCode.MP416, error.code());
    assertEquals("/spec/kubernetesVersion", error.pointer());
    assertEquals(
        "Kubernetes 1.34 reached AKS end of life on 2026-11-30 (as of 2026-12-02): AKS creates no new"
            + " cluster at 1.34, so this cluster's first apply would fail",
        error.message());
    assertEquals(
        "write kubernetesVersion: \"1.35\" (supported until 2027-03-31) for a new cluster; for a"
            + " cluster that already runs 1.34, upgrade it one minor at a time (diff and drift judge"
            + " it as existing, and so does generate --adopt or a cluster that import wrote name"
            + " annotations for)",
        error.hint());
    // The day before, still supported (and announced): no error.
    assertEquals(DiagnosticCode.MP501, check("2026-11-30", "1.34", false).get(0).code());
  }

  @Test
  void aPatchPinIsAnErrorWhateverTheDayAndWhetherTheClusterExists() {
    for (boolean existing : List.of(false, true)) {
      RecordedFindings.Recorded error = error("2026-12-02", "1.35.3", existing);
      assertEquals(DiagnosticCode.MP417, error.code());
      assertEquals("/spec/kubernetesVersion", error.pointer());
      assertEquals(
          "Kubernetes 1.35.3 pins a patch version, but the generated cluster's automatic upgrade"
              + " channel is patch: AKS moves it to newer 1.35 patches, after which every apply"
              + " would ask AKS for a downgrade it refuses",
          error.message());
      assertEquals(
          "write kubernetesVersion: \"1.35\" (AKS picks the newest 1.35 patch and keeps the cluster"
              + " on it)",
          error.hint());
    }
  }
}
