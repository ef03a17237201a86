package ai.modelplane.generator.docs;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.render.Target;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** {@code docs/akscluster.md}: the field reference, generated from the CRD. */
public final class ReferenceMarkdown {
  /** Where the generated reference is committed, relative to the repository root. */
  public static final String FILE = "docs/akscluster.md";

  private ReferenceMarkdown() {}

  public static String render(FieldReference reference) {
    return render(reference, FieldTargets.bundled());
  }

  /** Each field as the CRD describes it, with what the property table and the facts say of it. */
  public static String render(FieldReference reference, FieldTargets targets) {
    JsonNode names = reference.crd().crd().path("spec").path("names");
    FieldDoc root = reference.root();
    StringBuilder out = new StringBuilder();
    out.append(
        "<!-- Generated from schema/akscluster-crd.yaml, the property table and the change facts;"
            + " do not edit. Regenerate with:\n");
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
      targets.property(field.path()).ifPresent(property -> targets(out, property, targets));
      if (field.path().equals("metadata")) {
        // The CRD leaves metadata open; the table lists what the generator reads of it.
        for (Property property : targets.metadata()) {
          out.append("### `").append(property.field()).append("`\n\n");
          targets(out, property, targets);
        }
      }
    }
    return out.toString().stripTrailing() + "\n";
  }

  private static void targets(StringBuilder out, Property property, FieldTargets targets) {
    out.append("| Terraform | Bicep | drift | import |\n| --- | --- | --- | --- |\n");
    out.append("| ")
        .append(name(property.terraform()))
        .append(" | ")
        .append(name(property.bicep()))
        .append(" | ")
        .append(cell(property.drift().meaning()))
        .append(" | ")
        .append(cell(property.importRule().meaning()))
        .append(" |\n\n");
    if (!property.note().isEmpty()) {
      out.append(html(property.note())).append("\n\n");
    }
    List<FieldTargets.Change> changes = targets.changes(property);
    if (changes.isEmpty()) {
      return;
    }
    out.append("| change | Terraform | Bicep |\n| --- | --- | --- |\n");
    for (FieldTargets.Change change : changes) {
      out.append("| `").append(change.key()).append('`');
      for (Target target : Target.values()) {
        out.append(" | ").append(cell(FieldTargets.consequence(change.fact(), target)));
      }
      out.append(" |\n");
    }
    out.append('\n');
  }

  private static String name(String name) {
    return name.equals(Property.NONE) ? "none" : "`" + name + "`";
  }

  private static String cell(String text) {
    return html(text).replace("|", "\\|");
  }

  /** A placeholder such as {@code <namespace>} would read as an HTML tag. */
  private static String html(String text) {
    return text.replace("<", "&lt;");
  }
}
