package ai.modelplane.generator.docs;

import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.databind.JsonNode;

/** {@code docs/akscluster.md}: the field reference, generated from the CRD. */
public final class ReferenceMarkdown {
  /** Where the generated reference is committed, relative to the repository root. */
  public static final String FILE = "docs/akscluster.md";

  private ReferenceMarkdown() {}

  public static String render(FieldReference reference) {
    JsonNode names = reference.crd().crd().path("spec").path("names");
    FieldDoc root = reference.root();
    StringBuilder out = new StringBuilder();
    out.append("<!-- Generated from schema/akscluster-crd.yaml; do not edit. Regenerate with:\n");
    out.append(
        "     ./mvnw -q -B -pl generator-core -am test -Dtest=ReferenceDocsTest -Dsurefire.failIfNoSpecifiedTests=false -Dmodelplane.regenerateDocs=true -->\n");
    out.append("# AKSCluster reference\n\n");
    out.append("`apiVersion: ")
        .append(CrdSchema.API_VERSION)
        .append("`, `kind: ")
        .append(CrdSchema.KIND)
        .append('`');
    out.append(", ")
        .append(
            reference
                .crd()
                .crd()
                .path("spec")
                .path("scope")
                .asText()
                .toLowerCase(java.util.Locale.ROOT));
    if (names.path("shortNames").size() > 0) {
      out.append(", short name `").append(names.path("shortNames").get(0).asText()).append('`');
    }
    out.append(".\n\n").append(root.description()).append("\n\n");
    out.append(
        "Look up one field from the command line with `modelplane explain spec.nodePools.fabric`.\n\n");
    out.append("## Fields\n\n");
    for (FieldDoc field : root.flatten()) {
      if (field == root) {
        continue;
      }
      out.append("### `").append(field.path()).append("`\n\n");
      out.append("| type | required | default | bounds |\n| --- | --- | --- | --- |\n");
      out.append("| `")
          .append(field.type())
          .append("` | ")
          .append(field.required() ? "yes" : "no")
          .append(" | ");
      out.append(field.defaultValue().map(v -> "`" + v + "`").orElse("")).append(" | ");
      out.append(cell(String.join("; ", field.bounds()))).append(" |\n\n");
      if (!field.enumValues().isEmpty()) {
        out.append("One of: ");
        out.append(String.join(", ", field.enumValues().stream().map(v -> "`" + v + "`").toList()))
            .append(".\n\n");
      }
      field.pattern().ifPresent(p -> out.append("Pattern: `").append(p).append("`\n\n"));
      if (!field.description().isEmpty()) {
        out.append(field.description()).append("\n\n");
      }
      if (!field.rules().isEmpty()) {
        out.append("Rules:\n\n");
        field.rules().forEach(rule -> out.append("- ").append(rule).append('\n'));
        out.append('\n');
      }
    }
    return out.toString().stripTrailing() + "\n";
  }

  private static String cell(String text) {
    return text.replace("|", "\\|");
  }
}
