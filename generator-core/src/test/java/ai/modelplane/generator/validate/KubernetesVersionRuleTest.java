package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.load.SupportCalendarClock;
import java.time.LocalDate;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The Kubernetes-version rule's judgements against the bundled calendar, each on a fixed day. */
class KubernetesVersionRuleTest {
  private static KubernetesVersionRule on(String day) {
    return KubernetesVersionRule.bundled(SupportCalendarClock.on(LocalDate.parse(day)));
  }

  @Test
  void aVersionPastEndOfLifeSaysNewClustersCannotBeCreatedAndWhatToUse() {
    AzureRules.Finding advice = on("2026-12-01").check("1.34").orElseThrow();

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
    AzureRules.Finding advice = on("2026-11-29").check("1.34").orElseThrow();

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
    assertEquals(Optional.empty(), on("2026-09-30").check("1.34"));
    assertEquals(DiagnosticCode.MP501, on("2026-10-01").check("1.34").orElseThrow().code());
    assertEquals(Optional.empty(), on("2026-12-01").check("1.35.2"));
  }

  @Test
  void theRecommendationSkipsAVersionThatIsAboutToGoToo() {
    // On 2027-02-15 1.35 ends within 60 days (2027-03-31): a 1.34 cluster is pointed past it.
    assertEquals(
        "use \"1.36\" (supported until 2027-06-30); an existing cluster upgrades one minor at a time",
        on("2027-02-15").check("1.34").orElseThrow().hint());
  }

  @Test
  void unknownAndNotYetAvailableVersionsKeepTheirMessages() {
    AzureRules.Finding unknown = on("2026-11-29").check("1.40").orElseThrow();
    assertEquals(
        "Kubernetes 1.40 is not in AKS's version calendar (as of 2026-11-29)", unknown.message());
    assertEquals("supported now: 1.34, 1.35, 1.36, 1.37", unknown.hint());
    assertEquals(
        "Kubernetes 1.37 is not generally available on AKS before 2026-10 (as of 2026-09-01)",
        on("2026-09-01").check("1.37").orElseThrow().message());
  }
}
