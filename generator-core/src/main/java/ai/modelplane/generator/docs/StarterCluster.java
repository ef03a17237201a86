package ai.modelplane.generator.docs;

import ai.modelplane.generator.catalog.KubernetesVersions;
import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.time.LocalDate;
import java.util.List;

/**
 * The starter AKSCluster {@code modelplane init} writes: a System pool and, unless left out, a GPU
 * pool, each field under a comment holding its description from the CRD, so the file explains
 * itself.
 *
 * @param name metadata.name
 * @param namespace metadata.namespace
 * @param location spec.location
 * @param gpu whether to add a GPU pool
 * @param schemaLocation where editors find the editor JSON Schema (the yaml-language-server
 *     modeline)
 */
public record StarterCluster(
    String name, String namespace, String location, boolean gpu, String schemaLocation) {
  /** A general-purpose size for the System pool. */
  static final String SYSTEM_VM_SIZE = "Standard_D4s_v5";

  /** The smallest single-GPU size of the bundled catalog, so a first cluster costs little. */
  static final String GPU_VM_SIZE = "Standard_NC24ads_A100_v4";

  static final String GPU_ACCELERATOR = "nvidia-a100";
  private static final int WIDTH = 100;

  /**
   * The YAML text. The Kubernetes version is the newest minor in AKS standard support on {@code
   * day} (the CRD's default when the calendar has none), so that a new file does not start with a
   * warning.
   */
  public String render(FieldReference crd, KubernetesVersions versions, LocalDate day) {
    List<String> supported = versions.supportedOn(day);
    String crdDefault =
        crd.find("spec.kubernetesVersion")
            .flatMap(FieldDoc::defaultValue)
            .orElse("")
            .replace("\"", "");
    String version = supported.isEmpty() ? crdDefault : supported.get(supported.size() - 1);
    // The CRD's description explains the default; say which one this file chose, and why.
    String versionChoice =
        version.equals(crdDefault)
            ? "This file sets the default, " + crdDefault + "."
            : "This file sets "
                + version
                + ", the newest minor in AKS standard support when it was written; without the"
                + " field, the default "
                + crdDefault
                + " applies.";
    StringBuilder yaml = new StringBuilder();
    yaml.append("# yaml-language-server: $schema=").append(schemaLocation).append('\n');
    yaml.append(
        "# A starter AKSCluster from `modelplane init`. The line above gives editors the schema for\n");
    yaml.append(
        "# completion and checks; init wrote it there when missing (refresh: modelplane schema --json).\n");
    yaml.append(
        "# Every field, with its default and limits: modelplane explain spec (or spec.nodePools, ...).\n");
    yaml.append("apiVersion: ").append(CrdSchema.API_VERSION).append('\n');
    yaml.append("kind: ").append(CrdSchema.KIND).append('\n');
    yaml.append("metadata:\n");
    yaml.append("  # Part of every Azure name derived for the cluster (a DNS-1123 subdomain).\n");
    yaml.append("  name: ").append(quoted(name)).append('\n');
    yaml.append("  # Also part of the resource group's name (a DNS-1123 label).\n");
    yaml.append("  namespace: ").append(quoted(namespace)).append('\n');
    yaml.append("spec:\n");
    field(yaml, crd, "spec.location", "  ", "location: " + quoted(location));
    field(
        yaml,
        crd,
        "spec.kubernetesVersion",
        versionChoice,
        "  ",
        "kubernetesVersion: " + quoted(version));
    field(yaml, crd, "spec.nodePools", "  ", "nodePools:");
    yaml.append("    - name: system\n");
    field(yaml, crd, "spec.nodePools.role", "      ", "role: System");
    field(yaml, crd, "spec.nodePools.vmSize", "      ", "vmSize: " + SYSTEM_VM_SIZE);
    if (gpu) {
      yaml.append("    - name: gpu\n");
      yaml.append("      role: GPU\n");
      yaml.append("      vmSize: ").append(GPU_VM_SIZE).append('\n');
      field(yaml, crd, "spec.nodePools.minNodeCount", "      ", "minNodeCount: 1");
      field(yaml, crd, "spec.nodePools.maxNodeCount", "      ", "maxNodeCount: 4");
      field(yaml, crd, "spec.nodePools.gpu.acceleratorType", "      ", "gpu:");
      yaml.append("        acceleratorType: ").append(GPU_ACCELERATOR).append('\n');
    }
    return yaml.toString();
  }

  /** {@code line} under its field's CRD description, wrapped to comment lines. */
  private static void field(
      StringBuilder yaml, FieldReference crd, String path, String indent, String line) {
    field(yaml, crd, path, "", indent, line);
  }

  /** {@code line} under its field's CRD description and {@code more}, wrapped to comment lines. */
  private static void field(
      StringBuilder yaml,
      FieldReference crd,
      String path,
      String more,
      String indent,
      String line) {
    String description = crd.find(path).map(FieldDoc::description).orElse("") + " " + more;
    StringBuilder comment = new StringBuilder(indent).append('#');
    for (String word : description.split("\\s+")) {
      if (word.isEmpty()) {
        continue;
      }
      if (comment.length() + 1 + word.length() > WIDTH && comment.length() > indent.length() + 1) {
        yaml.append(comment).append('\n');
        comment = new StringBuilder(indent).append('#');
      }
      comment.append(' ').append(word);
    }
    if (comment.length() > indent.length() + 1) {
      yaml.append(comment).append('\n');
    }
    yaml.append(indent).append(line).append('\n');
  }

  /**
   * A YAML double-quoted scalar: JSON's escapes are YAML's, so no value can end the line or the
   * string.
   */
  private static String quoted(String value) {
    return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(value)) + "\"";
  }
}
