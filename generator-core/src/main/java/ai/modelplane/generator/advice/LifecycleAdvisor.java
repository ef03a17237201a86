package ai.modelplane.generator.advice;

import ai.modelplane.generator.catalog.KubernetesVersions;
import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Severity;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.Fabric;
import java.time.Clock;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Dated advice about versions: the Kubernetes version a cluster asks for against AKS's calendar
 * ({@code catalog/kubernetes-versions.tsv}), and the pins the generated code carries against dated
 * upstream facts ({@code advice/pins.tsv}). Every judgement is made as of the clock's day, so
 * {@code --as-of} (or {@code MODELPLANE_AS_OF}) reproduces a run. Each data file is read once, when
 * first needed.
 */
public final class LifecycleAdvisor {
  /** How far ahead the advisor warns that AKS drops a Kubernetes version. */
  public static final int HORIZON_DAYS = 60;

  public static final String PINS_RESOURCE = "advice/pins.tsv";

  /** The input field the Kubernetes advice is about. */
  public static final String KUBERNETES_VERSION_POINTER = "/spec/kubernetesVersion";

  /** One row of {@code advice/pins.tsv}. */
  public record Fact(String kind, String subject, String version, LocalDate date, String source) {}

  private static final String VERSIONS_PAGE = "docs/versions.md";

  private final Clock clock;
  private KubernetesVersions calendar;
  private List<Fact> facts;

  /** {@code calendar} or {@code facts} null: read the bundled file when first needed. */
  LifecycleAdvisor(KubernetesVersions calendar, List<Fact> facts, Clock clock) {
    this.calendar = calendar;
    this.facts = facts == null ? null : List.copyOf(facts);
    this.clock = clock;
  }

  /** The bundled calendar and facts, judged as of {@code clock}'s day. */
  public static LifecycleAdvisor bundled(Clock clock) {
    return new LifecycleAdvisor(null, null, clock);
  }

  /**
   * Advice on a cluster's {@code spec.kubernetesVersion}: MP408 when the version is outside AKS's
   * window (past end of life, not yet GA, or unknown), MP501 when AKS ends it within {@value
   * #HORIZON_DAYS} days.
   */
  public Optional<Advice> kubernetesVersion(String version) {
    LocalDate today = LocalDate.now(clock);
    Optional<KubernetesVersions.Entry> found = calendar().find(version);
    if (found.isEmpty()) {
      return Optional.of(
          kubernetes(
              DiagnosticCode.MP408,
              "Kubernetes " + version + " is not in AKS's version calendar (as of " + today + ")",
              supportedNow(today)));
    }
    KubernetesVersions.Entry entry = found.get();
    if (today.isBefore(entry.ga().atDay(1))) {
      return Optional.of(
          kubernetes(
              DiagnosticCode.MP408,
              "Kubernetes "
                  + version
                  + " is not generally available on AKS before "
                  + entry.ga()
                  + " (as of "
                  + today
                  + ")",
              supportedNow(today)));
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
    if (today.isAfter(endOfLife)) {
      return Optional.of(
          kubernetes(
              DiagnosticCode.MP408,
              "Kubernetes "
                  + version
                  + " reached AKS end of life on "
                  + endOfLife
                  + " (as of "
                  + today
                  + "): "
                  + consequence,
              recommendation(entry, today, "use ")
                  + "; an existing cluster upgrades one minor at a time"));
    }
    long days = ChronoUnit.DAYS.between(today, endOfLife);
    if (days <= HORIZON_DAYS) {
      return Optional.of(
          kubernetes(
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
              recommendation(entry, today, "move to ") + " before then"));
    }
    return Optional.empty();
  }

  /**
   * Advice on the pins the generated code for {@code clusters} carries, once per run (none when
   * there is no cluster to generate): provider majors a newer major has replaced (MP502),
   * in-cluster pins older than the version validated with the chart (MP503, only when a pool sets
   * InfiniBand: otherwise the output installs none of them), and preview ARM API versions (MP504).
   */
  public List<Advice> output(List<AksCluster> clusters) {
    if (clusters.isEmpty()) {
      return List.of();
    }
    boolean infiniband =
        clusters.stream()
            .anyMatch(
                cluster ->
                    cluster.spec().nodePools().stream()
                        .anyMatch(pool -> pool.fabric() == Fabric.INFINIBAND));
    return output(OutputPins.current(), infiniband);
  }

  /**
   * {@link #output(List)} as warnings for adapters to print beside the input's diagnostics; they
   * name the generated file and the pin, not a line of the input.
   */
  public List<Diagnostic> outputWarnings(List<AksCluster> clusters) {
    return output(clusters).stream()
        .map(
            advice ->
                new Diagnostic(
                    advice.code(),
                    Severity.WARNING,
                    advice.file(),
                    0,
                    0,
                    advice.field(),
                    advice.message(),
                    advice.hint()))
        .toList();
  }

  /** The same for given pins; {@code infiniband}: some cluster has an InfiniBand pool. */
  public List<Advice> output(OutputPins pins, boolean infiniband) {
    LocalDate today = LocalDate.now(clock);
    List<Advice> advice = new ArrayList<>();
    for (OutputPins.Pin pin : pins.providers()) {
      Optional<Integer> pinned = constrainedMajor(pin.version());
      if (pinned.isEmpty()) {
        continue;
      }
      newest("major", pin.subject(), today)
          .filter(fact -> Integer.parseInt(fact.version()) > pinned.get())
          .ifPresent(
              fact ->
                  advice.add(
                      new Advice(
                          DiagnosticCode.MP502,
                          pin.file(),
                          pin.field(),
                          "the generated Terraform pins "
                              + pin.subject()
                              + " \""
                              + pin.version()
                              + "\" (major "
                              + pinned.get()
                              + "); major "
                              + fact.version()
                              + " has been released since "
                              + fact.date()
                              + " (as of "
                              + today
                              + ")",
                          "no YAML change fixes this: the output stays on the reviewed major until a Modelplane release moves it ("
                              + VERSIONS_PAGE
                              + " says what that needs); keep .terraform.lock.hcl so applies stay on the version you tested")));
    }
    if (infiniband) {
      for (OutputPins.Pin pin : pins.inCluster()) {
        newest("validated", pin.subject(), today)
            .filter(fact -> compareVersions(pin.version(), fact.version()) < 0)
            .ifPresent(
                fact ->
                    advice.add(
                        new Advice(
                            DiagnosticCode.MP503,
                            pin.file(),
                            pin.field(),
                            "the output pins "
                                + pin.subject()
                                + " "
                                + pin.version()
                                + ", older than "
                                + fact.version()
                                + ", validated since "
                                + fact.date()
                                + " ("
                                + fact.source()
                                + "; as of "
                                + today
                                + ")",
                            "no YAML change fixes this; "
                                + VERSIONS_PAGE
                                + " says why the pin was chosen and what a move needs")));
      }
    }
    for (OutputPins.Pin pin : pins.armApiVersions()) {
      if (pin.version().endsWith("-preview")) {
        advice.add(
            new Advice(
                DiagnosticCode.MP504,
                pin.file(),
                pin.field(),
                pin.subject()
                    + "@"
                    + pin.version()
                    + " is a preview API version: Azure may change or retire it without the notice stable versions get (as of "
                    + today
                    + ")",
                "no YAML change fixes this; a Modelplane release must move it to a stable version"));
      }
    }
    return advice;
  }

  private static Advice kubernetes(DiagnosticCode code, String message, String hint) {
    return new Advice(code, "", KUBERNETES_VERSION_POINTER, message, hint);
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
      if (!entry.supportedOn(today) || compareVersions(entry.minor(), from.minor()) <= 0) {
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

  /** The newest fact of a kind about a subject in effect on {@code today}. */
  private Optional<Fact> newest(String kind, String subject, LocalDate today) {
    Fact newest = null;
    for (Fact fact : facts()) {
      if (fact.kind().equals(kind)
          && fact.subject().equals(subject)
          && !fact.date().isAfter(today)
          && (newest == null || fact.date().isAfter(newest.date()))) {
        newest = fact;
      }
    }
    return Optional.ofNullable(newest);
  }

  private synchronized KubernetesVersions calendar() {
    if (calendar == null) {
      calendar = KubernetesVersions.bundled();
    }
    return calendar;
  }

  private synchronized List<Fact> facts() {
    if (facts == null) {
      List<Fact> read = new ArrayList<>();
      for (String[] row : VmSizeCatalog.Tsv.read(PINS_RESOURCE, 5)) {
        read.add(new Fact(row[0], row[1], row[2], LocalDate.parse(row[3]), row[4]));
      }
      facts = List.copyOf(read);
    }
    return facts;
  }

  private static final Pattern PESSIMISTIC = Pattern.compile("~>\\s*(\\d+)\\.\\d+(\\.\\d+)?");

  /**
   * The major a {@code ~> X.Y} constraint holds the provider to; none for open ranges such as
   * {@code >= 1.9.0}.
   */
  static Optional<Integer> constrainedMajor(String constraint) {
    Matcher matcher = PESSIMISTIC.matcher(constraint.trim());
    return matcher.matches() ? Optional.of(Integer.parseInt(matcher.group(1))) : Optional.empty();
  }

  private static final Pattern NUMBER = Pattern.compile("\\d+");

  /**
   * Compares two version strings by their runs of digits, left to right ({@code doca3.2.0-25.10-…}
   * before {@code doca3.4.0-26.04-…}, {@code network-operator-v25.10.0} before {@code …-v26.4.0}).
   */
  static int compareVersions(String left, String right) {
    Matcher a = NUMBER.matcher(left);
    Matcher b = NUMBER.matcher(right);
    while (true) {
      boolean moreA = a.find();
      boolean moreB = b.find();
      if (!moreA || !moreB) {
        return Boolean.compare(moreA, moreB);
      }
      int order = Long.compare(Long.parseLong(a.group()), Long.parseLong(b.group()));
      if (order != 0) {
        return order;
      }
    }
  }
}
