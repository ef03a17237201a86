package ai.modelplane.generator.property;

/**
 * A pool field that goes to both targets as written, with no decision on the way: the binding reads
 * it by its YAML name, and the templates declare and pass it from this entry, so adding one takes a
 * table entry, the CRD and the change facts.
 *
 * @param type its value's type: {@code string} (quoted in both targets) or {@code integer}
 * @param description what the pool module's input (Terraform variable, Bicep parameter) says
 * @param defaultPoolDescription what the cluster module's input for the default pool says
 * @param aksDefault the value AKS chooses when the YAML leaves the field out, which the output then
 *     does; import writes a live value only where it differs from it; {@code null} when the table
 *     names none
 */
public record Setting(
    String type, String description, String defaultPoolDescription, String aksDefault) {
  /** The types a setting may have. */
  public static final java.util.List<String> TYPES = java.util.List.of("string", "integer");

  /** True when both targets quote the value. */
  public boolean quoted() {
    return type.equals("string");
  }
}
