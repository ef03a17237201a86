package ai.modelplane.generator.plan;

import ai.modelplane.generator.plan.view.PlatformView;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shell commands that converge the in-cluster objects through the AKS run command, written once
 * for both targets: the Bicep deployment script submits them with {@code az aks command invoke},
 * and a private cluster's Terraform in-cluster root posts them to {@code
 * managedClusters/runCommand}.
 *
 * <p>A command is text with {@code {name}} values and {@code {apply:file}} manifests. Bicep keeps
 * the values as expressions of its module and attaches the manifests as files; Terraform has
 * neither, so it gets the values written out and each manifest piped to {@code kubectl apply -f -}.
 */
final class InClusterCommands {
  /** The StorageClass, applied on every run. */
  static final String APPLY_STORAGE_CLASS = "{apply:storage-class.json}";

  /**
   * The namespace applied and labelled, the chart upgraded or installed (a failed install or
   * upgrade is rolled back and its new objects deleted, so the next run starts clean), then the
   * policy applied.
   */
  static final String INSTALL_NETWORK_OPERATOR =
      "kubectl create namespace {chartNamespace} --dry-run=client -o yaml | kubectl apply -f - && kubectl label namespace {chartNamespace}"
          + " pod-security.kubernetes.io/enforce={chartNamespaceEnforce} --overwrite && helm upgrade --install {chartName} {chartName}"
          + " --repo {chartRepository} --version {chartVersion} --namespace {chartNamespace}"
          + " --set-json 'node-feature-discovery.worker.tolerations={nodeFeatureDiscoveryTolerations}' --atomic --cleanup-on-fail --wait"
          + " --timeout {chartTimeoutSeconds}s && {apply:nic-cluster-policy.json}";

  /**
   * The policy first, while the operator still runs (the driver and device-plugin DaemonSets carry
   * it as their controller, so Kubernetes deletes them with it), then the release if there is one,
   * then the namespace.
   */
  static final String REMOVE_NETWORK_OPERATOR =
      "if kubectl get crd {nicPolicyResource} >/dev/null 2>&1; then kubectl delete {nicPolicyResource} {nicPolicyName} --ignore-not-found"
          + " --timeout={chartTimeoutSeconds}s; fi && if helm status {chartName} --namespace {chartNamespace} >/dev/null 2>&1; then helm"
          + " uninstall {chartName} --namespace {chartNamespace}; fi && kubectl delete namespace {chartNamespace} --ignore-not-found"
          + " --timeout={chartTimeoutSeconds}s";

  /**
   * Terraform's destroy-time command also deletes the StorageClass (Bicep never deletes a cluster's
   * objects).
   */
  static final String REMOVE_STORAGE_CLASS =
      "kubectl delete storageclass {storageClassName} --ignore-not-found";

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{(apply:)?([A-Za-z.-]+)}");

  /**
   * Bicep names every value after a variable of the in-cluster module, except the tolerations,
   * which it serialises.
   */
  private static final Map<String, String> BICEP_EXPRESSIONS =
      Map.of("nodeFeatureDiscoveryTolerations", "string(nodeFeatureDiscoveryTolerations)");

  private InClusterCommands() {}

  /**
   * The command as Bicep parts: text is a literal (the template's output format escapes it), a
   * value is a Bicep expression interpolated into the string.
   */
  static List<PlatformView.CommandPart> bicep(String command) {
    List<PlatformView.CommandPart> parts = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    Matcher matcher = PLACEHOLDER.matcher(command);
    int at = 0;
    while (matcher.find()) {
      text.append(command, at, matcher.start());
      if (matcher.group(1) != null) {
        text.append("kubectl apply -f ")
            .append(matcher.group(2)); // attached by the deployment script
      } else {
        parts.add(new PlatformView.CommandPart(text.toString(), false));
        text.setLength(0);
        parts.add(
            new PlatformView.CommandPart(
                BICEP_EXPRESSIONS.getOrDefault(matcher.group(2), matcher.group(2)), true));
      }
      at = matcher.end();
    }
    text.append(command, at, command.length());
    parts.add(new PlatformView.CommandPart(text.toString(), false));
    parts.removeIf(part -> !part.value() && part.text().isEmpty());
    return List.copyOf(parts);
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

  /**
   * What a private cluster's Terraform runs: the converging command, and the one its destroy runs.
   * Both expect {@link #CLUSTER_UID_VARIABLE} to be set.
   */
  record Shell(String converge, String remove) {}

  /** The two commands of one cluster, every value written out and every manifest inline. */
  static Shell shell(String storageClassName, boolean networkOperator) {
    Map<String, String> values =
        Map.ofEntries(
            Map.entry("chartNamespace", Platform.NETWORK_OPERATOR_NAMESPACE),
            Map.entry("chartNamespaceEnforce", Platform.NETWORK_OPERATOR_NAMESPACE_ENFORCE),
            Map.entry("chartName", Platform.NETWORK_OPERATOR_CHART),
            Map.entry("chartRepository", Platform.NVIDIA_HELM_REPOSITORY),
            Map.entry("chartVersion", Platform.NETWORK_OPERATOR_VERSION),
            Map.entry("nodeFeatureDiscoveryTolerations", tolerationsJson()),
            Map.entry(
                "chartTimeoutSeconds", Integer.toString(Platform.NETWORK_OPERATOR_TIMEOUT_SECONDS)),
            Map.entry("nicPolicyResource", InClusterInstaller.NIC_POLICY_RESOURCE),
            Map.entry("nicPolicyName", NicClusterPolicySpec.NAME),
            Map.entry("storageClassName", storageClassName));
    Map<String, String> manifests =
        Map.of(
            "storage-class.json", storageClassJson(storageClassName),
            "nic-cluster-policy.json", nicClusterPolicyJson());
    Function<String, String> resolve = command -> resolve(command, values, manifests);
    String converge =
        markCluster()
            + " && "
            + resolve.apply(APPLY_STORAGE_CLASS)
            + " && "
            + resolve.apply(networkOperator ? INSTALL_NETWORK_OPERATOR : REMOVE_NETWORK_OPERATOR);
    String remove =
        checkCluster()
            + " && "
            + resolve.apply(REMOVE_NETWORK_OPERATOR)
            + " && "
            + resolve.apply(REMOVE_STORAGE_CLASS)
            + " && "
            + unmarkCluster();
    return new Shell(converge, remove);
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

  private static String resolve(
      String command, Map<String, String> values, Map<String, String> manifests) {
    StringBuilder out = new StringBuilder();
    Matcher matcher = PLACEHOLDER.matcher(command);
    int at = 0;
    while (matcher.find()) {
      out.append(command, at, matcher.start());
      String name = matcher.group(2);
      if (matcher.group(1) != null) {
        // printf is a shell builtin: the manifest needs no file and no tool beyond kubectl.
        out.append("printf '%s' ")
            .append(shellQuoted(manifests.get(name)))
            .append(" | kubectl apply -f -");
      } else {
        String value = values.get(name);
        if (value == null) {
          throw new IllegalStateException("no value for {" + name + "} in an in-cluster command");
        }
        out.append(value);
      }
      at = matcher.end();
    }
    return out.append(command, at, command.length()).toString();
  }

  /** {@code text} as one single-quoted POSIX shell word. */
  static String shellQuoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }

  /**
   * The node-feature-discovery workers tolerate the GPU taint, as Bicep's {@code
   * string(nodeFeatureDiscoveryTolerations)} writes it.
   */
  private static String tolerationsJson() {
    return json(
        out -> {
          out.writeStartArray();
          toleration(out);
          out.writeEndArray();
        });
  }

  private static void toleration(JsonGenerator out) throws IOException {
    out.writeStartObject();
    out.writeStringField("key", Platform.GPU_TAINT_KEY);
    out.writeStringField("operator", "Exists");
    out.writeStringField("effect", "NoSchedule");
    out.writeEndObject();
  }

  /** The StorageClass the Bicep module writes as {@code storageClass}, from the same constants. */
  static String storageClassJson(String name) {
    return json(
        out -> {
          out.writeStartObject();
          out.writeStringField("apiVersion", "storage.k8s.io/v1");
          out.writeStringField("kind", "StorageClass");
          out.writeObjectFieldStart("metadata");
          out.writeStringField("name", name);
          out.writeEndObject();
          out.writeStringField("provisioner", ModelCacheSpec.PROVISIONER);
          out.writeObjectFieldStart("parameters");
          out.writeStringField("skuName", ModelCacheSpec.SKU_NAME);
          out.writeStringField("protocol", ModelCacheSpec.PROTOCOL);
          out.writeEndObject();
          out.writeArrayFieldStart("mountOptions");
          for (String option : ModelCacheSpec.MOUNT_OPTIONS) {
            out.writeString(option);
          }
          out.writeEndArray();
          out.writeStringField("reclaimPolicy", ModelCacheSpec.RECLAIM_POLICY);
          out.writeBooleanField("allowVolumeExpansion", ModelCacheSpec.ALLOW_VOLUME_EXPANSION);
          out.writeStringField("volumeBindingMode", ModelCacheSpec.VOLUME_BINDING_MODE);
          out.writeEndObject();
        });
  }

  /**
   * The NicClusterPolicy the Bicep module writes as {@code nicClusterPolicy}, from the same
   * constants.
   */
  static String nicClusterPolicyJson() {
    return json(
        out -> {
          out.writeStartObject();
          out.writeStringField("apiVersion", NicClusterPolicySpec.API_VERSION);
          out.writeStringField("kind", NicClusterPolicySpec.KIND);
          out.writeObjectFieldStart("metadata");
          out.writeStringField("name", NicClusterPolicySpec.NAME);
          out.writeEndObject();
          out.writeObjectFieldStart("spec");
          out.writeObjectFieldStart("nodeAffinity");
          out.writeObjectFieldStart("requiredDuringSchedulingIgnoredDuringExecution");
          out.writeArrayFieldStart("nodeSelectorTerms");
          out.writeStartObject();
          out.writeArrayFieldStart("matchExpressions");
          out.writeStartObject();
          out.writeStringField("key", Platform.FABRIC_LABEL);
          out.writeStringField("operator", "In");
          out.writeArrayFieldStart("values");
          out.writeString(Platform.FABRIC_INFINIBAND_VALUE);
          out.writeEndArray();
          out.writeEndObject();
          out.writeEndArray();
          out.writeEndObject();
          out.writeEndArray();
          out.writeEndObject();
          out.writeEndObject();
          out.writeArrayFieldStart("tolerations");
          toleration(out);
          out.writeEndArray();
          out.writeObjectFieldStart("ofedDriver");
          out.writeStringField("image", NicClusterPolicySpec.DRIVER_IMAGE);
          out.writeStringField("repository", NicClusterPolicySpec.IMAGE_REPOSITORY);
          out.writeStringField("version", NicClusterPolicySpec.DRIVER_VERSION);
          out.writeArrayFieldStart("env");
          out.writeStartObject();
          out.writeStringField("name", NicClusterPolicySpec.DRIVER_BLACKLIST_ENV);
          out.writeStringField("value", NicClusterPolicySpec.DRIVER_BLACKLIST_FILE);
          out.writeEndObject();
          out.writeEndArray();
          out.writeObjectFieldStart("upgradePolicy");
          out.writeBooleanField("autoUpgrade", true);
          out.writeNumberField(
              "maxParallelUpgrades", NicClusterPolicySpec.DRIVER_MAX_PARALLEL_UPGRADES);
          out.writeObjectFieldStart("drain");
          out.writeBooleanField("enable", true);
          out.writeBooleanField("force", true);
          out.writeBooleanField("deleteEmptyDir", true);
          out.writeNumberField("timeoutSeconds", NicClusterPolicySpec.DRIVER_DRAIN_TIMEOUT_SECONDS);
          out.writeEndObject();
          out.writeEndObject();
          out.writeEndObject();
          out.writeObjectFieldStart("rdmaSharedDevicePlugin");
          out.writeStringField("image", NicClusterPolicySpec.RDMA_PLUGIN_IMAGE);
          out.writeStringField("repository", NicClusterPolicySpec.IMAGE_REPOSITORY);
          out.writeStringField("version", NicClusterPolicySpec.RDMA_PLUGIN_VERSION);
          out.writeStringField("config", NicClusterPolicySpec.rdmaPluginConfigJson());
          out.writeEndObject();
          out.writeEndObject();
          out.writeEndObject();
        });
  }

  private interface Writer {
    void write(JsonGenerator out) throws IOException;
  }

  /** Compact JSON, Jackson's streaming writer only (no ObjectMapper on the way). */
  private static String json(Writer writer) {
    StringWriter text = new StringWriter();
    try (JsonGenerator out = JSON.createGenerator(text)) {
      writer.write(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  private static final JsonFactory JSON = new JsonFactory();
}
