package ai.modelplane.generator.validate;

import ai.modelplane.generator.catalog.KubernetesVersions;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.text.VersionOrder;
import java.time.Clock;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * Stage 6's dated check of {@code spec.kubernetesVersion} against AKS's calendar ({@code
 * catalog/kubernetes-versions.tsv}), judged as of the clock's day, so {@code --as-of} (or {@code
 * MODELPLANE_AS_OF}) reproduces a run. The calendar is read once, when first needed. (The advice on
 * the output's own pins is {@code advice.LifecycleAdvisor}'s.)
 */
public final class KubernetesVersionRule {
  /** How far ahead the rule warns that AKS drops a Kubernetes version. */
  public static final int HORIZON_DAYS = 60;

  /**
   * How a run tells that a cluster already exists, which only then keeps an end-of-life version a
   * warning.
   */
  static final String EXISTING_HINT =
      "diff and drift judge it as existing, and so does generate --adopt or a cluster that import"
          + " wrote name annotations for";

  /**
   * The cluster's automatic upgrade channel in both targets: AKS applies new patches of the minor
   * the YAML names, so the YAML names a minor, never a patch (MP417).
   */
  public static final String UPGRADE_CHANNEL = "patch";

  /** The input field the rule is about. */
  public static final String POINTER = "/spec/kubernetesVersion";

  private final Clock clock;
  private KubernetesVersions calendar;

  private KubernetesVersionRule(Clock clock) {
    this.clock = clock;
  }

  /** The bundled calendar, judged as of {@code clock}'s day. */
  public static KubernetesVersionRule bundled(Clock clock) {
    return new KubernetesVersionRule(clock);
  }

  /**
   * Advice on a cluster's {@code spec.kubernetesVersion}: MP408 when the version is outside AKS's
   * window (past end of life, not yet GA, or unknown), MP501 when AKS ends it within {@value
   * #HORIZON_DAYS} days. Past end of life is an error (MP416) unless {@code existing}: AKS creates
   * no cluster at such a version, while one that runs at it can still be read, compared and
   * upgraded.
   */
  void check(String version, boolean existing, Findings findings) {
    LocalDate today = LocalDate.now(clock);
    String[] parts = version.split("\\.");
    if (parts.length > 2) {
      // The generated cluster runs the patch upgrade channel (UPGRADE_CHANNEL): AKS moves
      // it past any patch it pins, and every later plan or redeploy would ask for a downgrade.
      String minor = parts[0] + "." + parts[1];
      findings.error(
          POINTER,
          DiagnosticCode.MP417,
          "Kubernetes "
              + version
              + " pins a patch version, but the generated cluster's automatic upgrade channel is "
              + UPGRADE_CHANNEL
              + ": AKS moves it to newer "
              + minor
              + " patches, after which every apply would ask AKS for a downgrade it refuses",
          "write kubernetesVersion: \""
              + minor
              + "\" (AKS picks the newest "
              + minor
              + " patch and keeps the cluster on it)");
      return;
    }
    Optional<KubernetesVersions.Entry> found = calendar().find(version);
    if (found.isEmpty()) {
      findings.warning(
          POINTER,
          DiagnosticCode.MP408,
          "Kubernetes " + version + " is not in AKS's version calendar (as of " + today + ")",
          supportedNow(today));
      return;
    }
    KubernetesVersions.Entry entry = found.get();
    if (today.isBefore(entry.ga().atDay(1))) {
      findings.warning(
          POINTER,
          DiagnosticCode.MP408,
          "Kubernetes "
              + version
              + " is not generally available on AKS before "
              + entry.ga()
              + " (as of "
              + today
              + ")",
          supportedNow(today));
      return;
    }
    LocalDate endOfLife = entry.endOfLife();
    String consequence =
        "AKS creates no new cluster at "
            + entry.minor()
            + ", so a new cluster's first apply fails; an existing "
            + entry.minor()
            + " cluster is in platform support until "
            + entry.platformSupportUntil()
            + " (no security patches or bug fixes)";
    String ended =
        "Kubernetes "
            + version
            + " reached AKS end of life on "
            + endOfLife
            + " (as of "
            + today
            + "): ";
    if (today.isAfter(endOfLife) && !existing) {
      findings.error(
          POINTER,
          DiagnosticCode.MP416,
          ended
              + "AKS creates no new cluster at "
              + entry.minor()
              + ", so this cluster's first apply would fail",
          recommendation(entry, today, "write kubernetesVersion: ")
              + " for a new cluster; for a cluster that already runs "
              + entry.minor()
              + ", upgrade it one minor at a time ("
              + EXISTING_HINT
              + ")");
      return;
    }
    if (today.isAfter(endOfLife)) {
      findings.warning(
          POINTER,
          DiagnosticCode.MP408,
          ended + consequence,
          recommendation(entry, today, "use ")
              + "; an existing cluster upgrades one minor at a time");
      return;
    }
    long days = ChronoUnit.DAYS.between(today, endOfLife);
    if (days <= HORIZON_DAYS) {
      findings.warning(
          POINTER,
          DiagnosticCode.MP501,
          "AKS ends support for Kubernetes "
              + version
              + " on "
              + endOfLife
              + ", in "
              + (days == 0 ? "less than a day" : days + " day(s)")
              + " (as of "
              + today
              + "); after that "
              + consequence,
          recommendation(entry, today, "move to ") + " before then");
    }
  }

  private String supportedNow(LocalDate today) {
    String supported = String.join(", ", calendar().supportedOn(today));
    return supported.isEmpty() ? "" : "supported now: " + supported;
  }

  /**
   * The version to move to: the oldest minor newer than {@code from} that AKS supports today and
   * does not drop within the horizon (the next step of a one-minor-at-a-time upgrade), else the
   * newest supported one.
   */
  private String recommendation(KubernetesVersions.Entry from, LocalDate today, String verb) {
    KubernetesVersions.Entry best = null;
    KubernetesVersions.Entry newest = null;
    for (KubernetesVersions.Entry entry : calendar().entries()) {
      if (!entry.supportedOn(today) || VersionOrder.compare(entry.minor(), from.minor()) <= 0) {
        continue;
      }
      newest = entry;
      if (best == null && ChronoUnit.DAYS.between(today, entry.endOfLife()) > HORIZON_DAYS) {
        best = entry;
      }
    }
    KubernetesVersions.Entry chosen = best != null ? best : newest;
    if (chosen == null) {
      return supportedNow(today).isEmpty()
          ? "check az aks get-versions for a supported version"
          : supportedNow(today);
    }
    return verb + "\"" + chosen.minor() + "\" (supported until " + chosen.endOfLife() + ")";
  }

  private synchronized KubernetesVersions calendar() {
    if (calendar == null) {
      calendar = KubernetesVersions.bundled();
    }
    return calendar;
  }
}
