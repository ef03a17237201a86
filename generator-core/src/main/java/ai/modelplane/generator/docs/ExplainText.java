package ai.modelplane.generator.docs;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.render.Target;
import java.util.ArrayList;
import java.util.List;

/** {@code modelplane explain}: one field in the manner of {@code kubectl explain}. */
public final class ExplainText {
  static final int WIDTH = 80;
  private static final String INDENT = "    ";
  private static final int LABEL_WIDTH = 11;

  private ExplainText() {}

  public static String render(FieldDoc field) {
    return render(field, FieldTargets.bundled());
  }

  /** The CRD's word on the field, then the property table's and the change facts'. */
  public static String render(FieldDoc field, FieldTargets targets) {
    StringBuilder out = new StringBuilder();
    out.append("KIND:     ").append(CrdSchema.KIND).append('\n');
    out.append("VERSION:  ").append(CrdSchema.API_VERSION).append("\n\n");
    if (field.path().isEmpty()) {
      out.append("RESOURCE: ").append(field.name()).append(" <").append(field.type()).append(">\n");
    } else {
      out.append("FIELD:    ").append(field.name()).append(" <").append(field.type()).append(">\n");
      out.append("PATH:     ").append(field.path()).append('\n');
      out.append("REQUIRED: ").append(field.required() ? "yes" : "no").append('\n');
    }
    field.defaultValue().ifPresent(value -> out.append("DEFAULT:  ").append(value).append('\n'));
    if (!field.enumValues().isEmpty()) {
      out.append("ENUM:     ").append(String.join(", ", field.enumValues())).append('\n');
    }
    if (!field.bounds().isEmpty()) {
      out.append("BOUNDS:   ").append(String.join("; ", field.bounds())).append('\n');
    }
    field.pattern().ifPresent(pattern -> out.append("PATTERN:  ").append(pattern).append('\n'));
    out.append("\nDESCRIPTION:\n");
    if (field.description().isEmpty()) {
      out.append(INDENT).append("<empty>\n");
    } else {
      wrap(field.description(), WIDTH - INDENT.length())
          .forEach(line -> out.append(INDENT).append(line).append('\n'));
    }
    if (!field.rules().isEmpty()) {
      out.append("\nRULES:\n");
      for (String rule : field.rules()) {
        List<String> lines = wrap(rule, WIDTH - INDENT.length() - 2);
        out.append(INDENT).append("- ").append(lines.get(0)).append('\n');
        lines
            .subList(1, lines.size())
            .forEach(line -> out.append(INDENT).append("  ").append(line).append('\n'));
      }
    }
    targets.property(field.path()).ifPresent(property -> targets(out, property, targets));
    if (!field.children().isEmpty()) {
      out.append("\nFIELDS:\n");
      int width = field.children().stream().mapToInt(c -> c.name().length()).max().orElse(0);
      for (FieldDoc child : field.children()) {
        out.append(INDENT)
            .append(child.name())
            .append(" ".repeat(width - child.name().length() + 2));
        out.append('<').append(child.type()).append('>');
        if (child.required()) {
          out.append(" -required-");
        }
        out.append('\n');
      }
    }
    return out.toString();
  }

  private static void targets(StringBuilder out, Property property, FieldTargets targets) {
    out.append("\nTARGETS:\n");
    row(out, INDENT, "Terraform", property.terraform());
    row(out, INDENT, "Bicep", property.bicep());
    row(out, INDENT, "drift", property.drift().meaning());
    row(out, INDENT, "import", property.importRule().meaning());
    if (!property.note().isEmpty()) {
      out.append("\nNOTE:\n");
      wrap(property.note(), WIDTH - INDENT.length())
          .forEach(line -> out.append(INDENT).append(line).append('\n'));
    }
    List<FieldTargets.Change> changes = targets.changes(property);
    if (changes.isEmpty()) {
      return;
    }
    out.append("\nON CHANGE:\n");
    for (FieldTargets.Change change : changes) {
      out.append(INDENT).append(change.key()).append('\n');
      for (Target target : Target.values()) {
        row(out, INDENT + "  ", target.id(), FieldTargets.consequence(change.fact(), target));
      }
    }
  }

  /** {@code label} in a column of 11, the text wrapped beside it. */
  private static void row(StringBuilder out, String indent, String label, String text) {
    String pad = " ".repeat(LABEL_WIDTH - label.length());
    List<String> lines = wrap(text, WIDTH - indent.length() - LABEL_WIDTH);
    out.append(indent).append(label).append(pad).append(lines.get(0)).append('\n');
    lines
        .subList(1, lines.size())
        .forEach(
            line -> out.append(indent).append(" ".repeat(LABEL_WIDTH)).append(line).append('\n'));
  }

  /** Greedy word wrap; words longer than the width stay whole. */
  static List<String> wrap(String text, int width) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.strip().split("\\s+")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > width) {
        lines.add(line.toString());
        line.setLength(0);
      }
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(word);
    }
    lines.add(line.toString());
    return lines;
  }
}
