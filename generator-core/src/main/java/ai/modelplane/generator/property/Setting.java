package ai.modelplane.generator.property;

import java.util.List;
import java.util.Optional;

/**
 * A pool field that goes to both targets as written, with no decision on the way: the binding reads
 * it by its YAML name and the views carry it by that name, so adding one takes a table entry, the
 * CRD and the change facts (and, for a required one, the lines of the templates that place it).
 *
 * @param type its value's type: {@code string} (quoted in both targets) or {@code integer}
 * @param required true when every pool has a value (the CRD defaults it) and every module takes it
 *     as a fixed input: the templates spell its argument at its place and read its value by name;
 *     false when the YAML may leave it out: the templates then declare and pass it from this entry
 * @param description what the pool module's input (Terraform variable, Bicep parameter) says; empty
 *     for a required setting, whose input the templates describe
 * @param defaultPoolDescription what the cluster module's input for the default pool says; empty
 *     for a required setting
 * @param aksDefault the value AKS chooses when the YAML leaves the field out, which the output then
 *     does; import writes a live value only where it differs from it; {@code null} when the table
 *     names none
 * @param azureMaximum Azure's largest value where it is below the CRD's maximum: validation refuses
 *     a larger one and the Bicep parameters state it
 */
public record Setting(
    String type,
    boolean required,
    String description,
    String defaultPoolDescription,
    String aksDefault,
    Optional<AzureLimit> azureMaximum) {
  /** The types a setting may have. */
  public static final List<String> TYPES = List.of("string", "integer");

  /** True when both targets quote the value. */
  public boolean quoted() {
    return type.equals("string");
  }

  /**
   * A limit Azure sets on a field, with where it is read.
   *
   * @param value the limit
   * @param source the repository, version, file and line (or page) that states it
   */
  public record AzureLimit(int value, String source) {}
}
