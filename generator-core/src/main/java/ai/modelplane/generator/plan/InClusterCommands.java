package ai.modelplane.generator.plan;

import ai.modelplane.generator.text.DocumentWriter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The shell commands that converge a cluster's {@link InClusterObjects} through the AKS run
 * command, written once for both targets: the Bicep deployment script submits them with {@code az
 * aks command invoke} and attaches every object as a file; a private cluster's Terraform in-cluster
 * root posts them to {@code managedClusters/runCommand}, which takes no files, so each object is
 * piped in (printf is a shell builtin: nothing but kubectl and helm is needed). Helm reads values
 * from standard input for {@code --values -} (helm/helm {@code pkg/cli/values/options.go}, {@code
 * readFile}, at 09f8cc9487a8).
 */
final class InClusterCommands {
  /** How the objects reach the command. */
  enum Files {
    /** Attached next to the command, as {@code <file>.json}. */
    ATTACHED,
    /** Written into the command and piped to the tool that reads them. */
    INLINE
  }

  /**
   * The shell variable the Terraform root sets, before either command, to the ARM {@code
   * resourceUID} of the cluster it addresses. ARM gives a cluster created again under the same id a
   * new one (azure-rest-api-specs managedClusters.json, {@code resourceUID}: "uniquely identifies
   * ManagedClusters that reuse ARM ResourceIds (i.e: create, delete, create sequence)").
   */
  static final String CLUSTER_UID_VARIABLE = "cluster_uid";

  /**
   * The ConfigMap in {@code kube-system} in which the converging command records the resourceUID of
   * the cluster it ran for, and which the removal command checks before it deletes anything.
   */
  static final String CLUSTER_MARKER = "modelplane-cluster";

  static final String CLUSTER_MARKER_NAMESPACE = "kube-system";

  static final String CLUSTER_MARKER_KEY = "resourceUID";

  private static final String AND = " && ";

  /** The scheme of a chart repository that is an OCI registry. */
  static final String OCI_SCHEME = "oci://";

  /** Shell words that need no quoting. */
  private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9._/:=@%+-]+");

  private InClusterCommands() {}

  /**
   * Every component the cluster no longer needs removed (the last listed first), then every one it
   * needs installed (each command idempotent: kubectl apply, helm upgrade --install; a failed
   * install or upgrade is rolled back and its new objects deleted, so the next run starts clean).
   * Removals come first so that a component that replaces another never runs beside it: the DRA
   * driver and the device plugin would hand out the same GPUs.
   */
  static String converge(InClusterObjects objects, Files files) {
    List<String> steps = new ArrayList<>();
    for (InClusterComponent component : reversed(objects.components())) {
      if (!component.present()) {
        steps.addAll(removal(component));
      }
    }
    for (InClusterComponent component : objects.present()) {
      component.objects().forEach(object -> steps.add(install(object, files)));
    }
    return String.join(AND, steps);
  }

  /**
   * On an Entra ID cluster the run command runs as the identity that submits it, whose Kubernetes
   * rights come from an Azure role assignment made in the same deployment; AKS says such an
   * assignment takes up to five minutes to reach the cluster's authorizer (azure-aks-docs
   * entra-id-authorization.md:36). So the command first waits, up to that long, until the identity
   * may create a StorageClass (its first object), and then runs anyway: a right still missing then
   * fails the command with Kubernetes' own Forbidden message.
   */
  static final String AWAIT_KUBERNETES_RIGHTS =
      "for attempt in $(seq 1 20); do kubectl auth can-i create storageclasses.storage.k8s.io"
          + " >/dev/null 2>&1 && break; sleep 15; done";

  /** {@code command}, first waiting for the Kubernetes rights of an Entra ID cluster's identity. */
  static String afterKubernetesRights(String command) {
    return AWAIT_KUBERNETES_RIGHTS + "; " + command;
  }

  /** Every component removed, the last installed first. */
  static String removeAll(InClusterObjects objects) {
    List<String> steps = new ArrayList<>();
    for (InClusterComponent component : reversed(objects.components())) {
      steps.addAll(removal(component));
    }
    return String.join(AND, steps);
  }

  /**
   * The files {@link Files#ATTACHED} commands read, by file name: the present objects only. It
   * holds the model's own trees, to be written out, never changed.
   */
  static ObjectNode attachedFiles(InClusterObjects objects) {
    ObjectNode files = JsonNodeFactory.instance.objectNode();
    for (InClusterComponent component : objects.present()) {
      for (InClusterObject object : component.objects()) {
        files.set(fileName(object), tree(object));
      }
    }
    return files;
  }

  /**
   * What a private cluster's Terraform runs: the converging command, and the one its destroy runs.
   * Both expect {@link #CLUSTER_UID_VARIABLE} to be set.
   */
  record Shell(String converge, String remove) {}

  /** The two commands of one private cluster, every object inline. */
  static Shell shell(InClusterObjects objects) {
    return new Shell(
        markCluster() + AND + converge(objects, Files.INLINE),
        checkCluster() + AND + removeAll(objects) + AND + unmarkCluster());
  }

  private static String install(InClusterObject object, Files files) {
    String source = files == Files.ATTACHED ? fileName(object) : "-";
    String pipe = files == Files.ATTACHED ? "" : "printf '%s' " + shellQuoted(json(object)) + " | ";
    if (!(object instanceof HelmRelease release)) {
      return pipe + "kubectl apply -f " + source;
    }
    // An OCI chart is named by its full reference, as its charts' docs install it
    // (dra-driver-nvidia-gpu v0.4.1 docs/install.md:24; node-feature-discovery v0.19.0
    // docs/deployment/helm.md:41 with helm_oci_repo); --repo names an HTTP chart repository.
    List<String> chart =
        release.repository().startsWith(OCI_SCHEME)
            ? List.of(release.repository() + "/" + release.chart())
            : List.of(release.chart(), "--repo", release.repository());
    List<String> arguments = new ArrayList<>();
    arguments.add(release.name());
    arguments.addAll(chart);
    arguments.addAll(
        List.of(
            "--version",
            release.version(),
            "--namespace",
            release.namespace(),
            "--values",
            source));
    return pipe
        + "helm upgrade --install "
        + words(arguments.toArray(String[]::new))
        + " --atomic --cleanup-on-fail --wait --timeout "
        + release.timeoutSeconds()
        + "s";
  }

  /**
   * The component's objects deleted, the last installed first: a custom resource while the operator
   * that reconciles it still runs (its DaemonSets carry it as their controller, so Kubernetes
   * deletes them with it) and only while its CRD exists, a release only if it exists, then its
   * namespace. Helm keeps a chart's CRDs, as it does for every chart's crds/.
   */
  private static List<String> removal(InClusterComponent component) {
    String timeout =
        component.deleteTimeoutSeconds() > 0
            ? " --timeout=" + component.deleteTimeoutSeconds() + "s"
            : "";
    List<String> steps = new ArrayList<>();
    for (InClusterObject object : reversed(component.objects())) {
      if (object instanceof KubernetesManifest manifest) {
        String namespace = manifest.namespace();
        String delete =
            "kubectl delete "
                + words(manifest.resource(), manifest.name())
                + (namespace.isEmpty() ? "" : " --namespace " + word(namespace))
                + " --ignore-not-found"
                + timeout;
        steps.add(
            manifest.customResource()
                ? "if kubectl get crd "
                    + word(manifest.resource())
                    + " >/dev/null 2>&1; then "
                    + delete
                    + "; fi"
                : delete);
      } else {
        HelmRelease release = (HelmRelease) object;
        String named = words(release.name(), "--namespace", release.namespace());
        steps.add(
            "if helm status " + named + " >/dev/null 2>&1; then helm uninstall " + named + "; fi");
      }
    }
    return steps;
  }

  static String fileName(InClusterObject object) {
    return object.file() + ".json";
  }

  /** The document an object is serialised as: a manifest's object, a release's values. */
  private static JsonNode tree(InClusterObject object) {
    return object instanceof HelmRelease release
        ? release.document()
        : ((KubernetesManifest) object).document();
  }

  private static String json(InClusterObject object) {
    return DocumentWriter.json(tree(object));
  }

  private static <T> List<T> reversed(List<T> list) {
    List<T> copy = new ArrayList<>(list);
    Collections.reverse(copy);
    return copy;
  }

  /** Records the resourceUID of the cluster the command runs for, inside that cluster. */
  private static String markCluster() {
    return "kubectl create configmap "
        + CLUSTER_MARKER
        + " --namespace "
        + CLUSTER_MARKER_NAMESPACE
        + " --from-literal="
        + CLUSTER_MARKER_KEY
        + "=\"$"
        + CLUSTER_UID_VARIABLE
        + "\" --dry-run=client -o yaml | kubectl apply -f -";
  }

  /**
   * Stops the removal, before it deletes anything, unless this cluster holds the mark of the very
   * cluster the removal was made for: a cluster created again under the same id (a new
   * resourceUID), or one this root never converged (no mark), is left alone.
   */
  private static String checkCluster() {
    return "if [ \"$(kubectl get configmap "
        + CLUSTER_MARKER
        + " --namespace "
        + CLUSTER_MARKER_NAMESPACE
        + " -o jsonpath='{.data."
        + CLUSTER_MARKER_KEY
        + "}' 2>/dev/null)\" != \"$"
        + CLUSTER_UID_VARIABLE
        + "\" ]; then echo \"not removing anything: this cluster is not the one (resourceUID $"
        + CLUSTER_UID_VARIABLE
        + ") these components were installed on\" >&2; exit 1; fi";
  }

  private static String unmarkCluster() {
    return "kubectl delete configmap "
        + CLUSTER_MARKER
        + " --namespace "
        + CLUSTER_MARKER_NAMESPACE
        + " --ignore-not-found";
  }

  private static String words(String... words) {
    List<String> quoted = new ArrayList<>();
    for (String w : words) {
      quoted.add(word(w));
    }
    return String.join(" ", quoted);
  }

  /** {@code text} as one shell word: as it is when plain, else single-quoted. */
  private static String word(String text) {
    return PLAIN_WORD.matcher(text).matches() ? text : shellQuoted(text);
  }

  /** {@code text} as one single-quoted POSIX shell word. */
  static String shellQuoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
