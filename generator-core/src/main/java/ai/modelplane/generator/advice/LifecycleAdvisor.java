package ai.modelplane.generator.advice;

import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Severity;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.Fabric;
import ai.modelplane.generator.text.VersionOrder;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Dated advice about the pins the generated code carries, against dated upstream facts ({@code
 * advice/pins.tsv}). Every judgement is made as of the clock's day, so {@code --as-of} (or {@code
 * MODELPLANE_AS_OF}) reproduces a run. The facts are read once, when first needed. (The Kubernetes
 * version a cluster asks for is judged during validation: {@code validate.KubernetesVersionRule}.)
 */
public final class LifecycleAdvisor {
  public static final String PINS_RESOURCE = "advice/pins.tsv";

  /** One row of {@code advice/pins.tsv}. */
  public record Fact(String kind, String subject, String version, LocalDate date, String source) {}

  private static final String VERSIONS_PAGE = "docs/versions.md";

  private final Clock clock;
  private List<Fact> facts;

  /** {@code facts} null: read the bundled file when first needed. */
  LifecycleAdvisor(List<Fact> facts, Clock clock) {
    this.facts = facts == null ? null : List.copyOf(facts);
    this.clock = clock;
  }

  /** The bundled facts, judged as of {@code clock}'s day. */
  public static LifecycleAdvisor bundled(Clock clock) {
    return new LifecycleAdvisor(null, clock);
  }

  /**
   * Advice on the pins the generated code for {@code clusters} carries, once per run (none when
   * there is no cluster to generate): provider majors a newer major has replaced (MP502),
   * in-cluster pins older than the version validated with the chart (MP503, the network operator's
   * only when a pool sets InfiniBand, the GPU stack's only when a cluster installs it: otherwise
   * the output installs none of them), and preview ARM API versions (MP504).
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
    boolean gpuStack = clusters.stream().anyMatch(cluster -> cluster.spec().installsGpuStack());
    return output(OutputPins.current(), infiniband, gpuStack);
  }

  /**
   * {@link #output(List)} as warnings for adapters to show beside the input's diagnostics; they are
   * about the generated file and the pin ({@link Diagnostic#aboutOutput}), not a line of the input.
   */
  public List<Diagnostic> outputWarnings(List<AksCluster> clusters) {
    return output(clusters).stream()
        .map(
            advice ->
                Diagnostic.aboutOutput(
                    advice.code(),
                    Severity.WARNING,
                    advice.output(),
                    advice.field(),
                    advice.message(),
                    advice.hint()))
        .toList();
  }

  /** The same for given pins; {@code infiniband}: some cluster has an InfiniBand pool. */
  public List<Advice> output(OutputPins pins, boolean infiniband) {
    return output(pins, infiniband, false);
  }

  /**
   * The same, also judging the GPU stack's pins when {@code gpuStack}: some cluster installs it.
   */
  public List<Advice> output(OutputPins pins, boolean infiniband, boolean gpuStack) {
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
                          "no YAML change fixes this: the output moves to a new provider major only in a Modelplane release"
                              + " that has checked that major's changes for every resource it writes ("
                              + VERSIONS_PAGE
                              + " names the pins and what the last move, azurerm 4 to 5 and kubernetes 2 to 3, changed);"
                              + " until then keep .terraform.lock.hcl so applies stay on the version you tested")));
    }
    List<OutputPins.Pin> inCluster = new ArrayList<>();
    if (infiniband) {
      inCluster.addAll(pins.inCluster());
    }
    if (gpuStack) {
      inCluster.addAll(pins.gpuStack());
    }
    {
      for (OutputPins.Pin pin : inCluster) {
        newest("validated", pin.subject(), today)
            .filter(fact -> VersionOrder.compare(pin.version(), fact.version()) < 0)
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
}
