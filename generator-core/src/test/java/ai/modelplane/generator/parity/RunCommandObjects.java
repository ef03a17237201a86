package ai.modelplane.generator.parity;

import static ai.modelplane.generator.parity.Trees.map;
import static ai.modelplane.generator.parity.Trees.string;
import static ai.modelplane.generator.parity.Trees.strings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The in-cluster objects a run command installs, read back from the command as a shell would run
 * it: the Bicep deployment script's (objects in attached files) and a private cluster's Terraform
 * one (objects piped in with {@code printf '%s' '…' |}). Only what the command really passes
 * counts: a manifest is what {@code kubectl apply -f} reads, a release's values what {@code helm
 * upgrade --install --values} reads.
 */
public final class RunCommandObjects {
  /** A Helm release the command installs or upgrades. */
  public record Release(
      String name,
      String chart,
      String repository,
      String version,
      String namespace,
      int timeoutSeconds,
      Map<String, Object> values) {}

  /** What the command does, in order: an applied manifest or an installed release. */
  private final List<Object> installed = new ArrayList<>();

  private RunCommandObjects() {}

  /**
   * Reads {@code command}; {@code attached} gives the content of a file the command names (Bicep's
   * attached files), and is never asked for standard input.
   */
  public static RunCommandObjects read(String command, Function<String, Object> attached) {
    RunCommandObjects objects = new RunCommandObjects();
    for (List<List<String>> pipeline : ShellWords.pipelines(command)) {
      List<String> last = pipeline.get(pipeline.size() - 1);
      Optional<Object> stdin = Optional.empty();
      if (pipeline.size() == 2
          && pipeline.get(0).size() == 3
          && pipeline.get(0).get(0).equals("printf")) {
        if (!pipeline.get(0).get(1).equals("%s")) {
          throw new IllegalStateException("unexpected printf: " + pipeline.get(0));
        }
        stdin = Optional.of(Trees.yaml(pipeline.get(0).get(2)));
      }
      boolean generated =
          pipeline.size() == 2
              && pipeline.get(0).subList(0, 2).equals(List.of("kubectl", "create"))
              && pipeline.get(0).contains("--dry-run=client");
      if (generated) {
        continue; // an object kubectl writes itself (the cluster marker), not one of the model's
      }
      if (last.size() == 4 && last.subList(0, 3).equals(List.of("kubectl", "apply", "-f"))) {
        objects.installed.add(input(last.get(3), stdin, attached));
      } else if (last.size() > 3
          && last.subList(0, 3).equals(List.of("helm", "upgrade", "--install"))) {
        objects.installed.add(release(last, stdin, attached));
      }
    }
    return objects;
  }

  private static Object input(
      String source, Optional<Object> stdin, Function<String, Object> attached) {
    if (source.equals("-")) {
      return stdin.orElseThrow(() -> new IllegalStateException("nothing piped to read from -"));
    }
    Object file = attached.apply(source);
    if (file == null) {
      throw new IllegalStateException("no attached file " + source);
    }
    return file;
  }

  private static Release release(
      List<String> words, Optional<Object> stdin, Function<String, Object> attached) {
    Map<String, String> options = new TreeMap<>();
    List<String> flags = new ArrayList<>();
    List<String> positional = new ArrayList<>();
    for (int i = 3; i < words.size(); i++) {
      String word = words.get(i);
      if (List.of("--repo", "--version", "--namespace", "--values", "--timeout").contains(word)) {
        options.put(word, words.get(++i));
      } else if (word.startsWith("--")) {
        flags.add(word);
      } else {
        positional.add(word);
      }
    }
    if (!flags.containsAll(List.of("--atomic", "--wait")) || positional.size() != 2) {
      throw new IllegalStateException("unexpected helm command: " + words);
    }
    String timeout = options.get("--timeout");
    // An OCI chart is named by its full reference: split it as Terraform names it.
    String chart = positional.get(1);
    boolean oci = chart.startsWith("oci://");
    return new Release(
        positional.get(0),
        oci ? chart.substring(chart.lastIndexOf('/') + 1) : chart,
        oci ? chart.substring(0, chart.lastIndexOf('/')) : options.get("--repo"),
        options.get("--version"),
        options.get("--namespace"),
        Integer.parseInt(timeout.substring(0, timeout.length() - 1)),
        map(input(options.get("--values"), stdin, attached)));
  }

  /** The releases the command installs, in order. */
  public List<Release> releases() {
    return installed.stream().filter(Release.class::isInstance).map(Release.class::cast).toList();
  }

  /** The one manifest of {@code kind} the command applies. */
  public Map<String, Object> manifest(String kind) {
    return applied(0, installed.size(), kind, null);
  }

  /**
   * The network operator, when the command installs its release: the chart, its namespace's labels
   * (applied before it), its values and the NicClusterPolicy (applied after it, once its CRD
   * exists).
   */
  public Optional<AzureFacts.NetworkOperator> networkOperator() {
    for (int i = 0; i < installed.size(); i++) {
      if (installed.get(i) instanceof Release release
          && release.name().equals("network-operator")) {
        Map<String, Object> namespace = applied(0, i, "Namespace", release.namespace());
        Map<String, String> labels = new TreeMap<>();
        map(map(namespace.get("metadata")).get("labels"))
            .forEach((k, v) -> labels.put(k, string(v)));
        Map<String, Object> policy = applied(i + 1, installed.size(), "NicClusterPolicy", null);
        return Optional.of(
            new AzureFacts.NetworkOperator(
                new AzureFacts.Chart(
                    release.chart(), release.version(), release.namespace(), release.repository()),
                labels,
                release.timeoutSeconds(),
                release.values(),
                policy));
      }
    }
    return Optional.empty();
  }

  /** Every release but the network operator's, in install order: the GPU stack. */
  public List<AzureFacts.GpuRelease> gpuStack() {
    return releases().stream()
        .filter(r -> !r.name().equals("network-operator"))
        .map(
            r ->
                new AzureFacts.GpuRelease(
                    new AzureFacts.Chart(r.chart(), r.version(), r.namespace(), r.repository()),
                    r.values()))
        .toList();
  }

  /** The StorageClass the command applies. */
  public AzureFacts.StorageClass storageClass() {
    Map<String, Object> storageClass = applied(0, installed.size(), "StorageClass", null);
    TreeMap<String, String> parameters = new TreeMap<>();
    map(storageClass.get("parameters")).forEach((k, v) -> parameters.put(k, string(v)));
    return new AzureFacts.StorageClass(
        string(map(storageClass.get("metadata")).get("name")),
        string(storageClass.get("provisioner")),
        parameters,
        strings(storageClass.get("mountOptions")),
        string(storageClass.get("reclaimPolicy")),
        Boolean.TRUE.equals(storageClass.get("allowVolumeExpansion")),
        string(storageClass.get("volumeBindingMode")));
  }

  /** The one manifest of {@code kind} (and {@code name}, unless null) applied in [from, to). */
  private Map<String, Object> applied(int from, int to, String kind, String name) {
    List<Map<String, Object>> found = new ArrayList<>();
    for (Object step : installed.subList(from, to)) {
      if (step instanceof Map<?, ?>
          && kind.equals(map(step).get("kind"))
          && (name == null || name.equals(map(map(step).get("metadata")).get("name")))) {
        found.add(map(step));
      }
    }
    if (found.size() != 1) {
      throw new IllegalStateException(
          found.size() + " " + kind + " manifests applied where one belongs: " + installed);
    }
    return found.get(0);
  }
}
