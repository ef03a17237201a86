package ai.modelplane.generator;

import ai.modelplane.generator.render.Target;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One generation run, as both the CLI and the Maven plugin describe it. Option names match the CLI
 * flags and the plugin's {@code modelplane.*} properties.
 *
 * @param inputs files, folders or {@code -}, as the user named them
 * @param workingDirectory what relative inputs and the output directory are resolved against
 * @param outputDirectory root of the generated tree ({@code --output-directory}, {@code
 *     <outputDirectory>})
 * @param targets which languages to write ({@code --targets}, {@code <targets>}); empty only under
 *     {@code check}, for the targets the output folder's manifest records (see {@link
 *     #checkRecordedTargets})
 * @param check compare instead of writing ({@code --check}, the plugin's {@code check} goal)
 * @param strict treat warnings as errors ({@code --fail-on-warning}, {@code <failOnWarning>})
 * @param force overwrite or remove generated files that were edited by hand since they were
 *     generated ({@code --force}, {@code modelplane.force}); files the generator never wrote are
 *     never touched, forced or not
 * @param allowEmpty accept inputs without any AKSCluster, and so remove every generated file
 *     ({@code --allow-empty}, {@code modelplane.allowEmpty}); without it such a run fails and
 *     changes nothing, as a mistyped or emptied input folder is far likelier than the intent
 * @param adopt add Terraform {@code import} blocks for every Azure resource of each infrastructure
 *     root ({@code --adopt}, {@code modelplane.adopt}), so that the first plan takes live clusters
 *     over; none for objects inside the cluster, whose import fails the plan when the object does
 *     not exist
 * @param adoptInCluster also import the in-cluster objects that a cluster Modelplane built already
 *     holds, the model-cache StorageClass and the network operator's namespace ({@code
 *     --adopt-in-cluster}, {@code modelplane.adoptInCluster}); implies {@code adopt}. Helm releases
 *     are never imported: {@code upgrade_install} takes a release of the same name over
 */
public record GenerationRequest(
    List<String> inputs,
    Path workingDirectory,
    Path outputDirectory,
    Set<Target> targets,
    boolean check,
    boolean strict,
    boolean force,
    boolean allowEmpty,
    boolean adopt,
    boolean adoptInCluster) {
  public GenerationRequest {
    inputs = List.copyOf(inputs);
    Objects.requireNonNull(workingDirectory, "workingDirectory");
    Objects.requireNonNull(outputDirectory, "outputDirectory");
    if (targets.isEmpty() && !check) {
      throw new IllegalArgumentException(
          "at least one target is required (only a check can take them from the manifest)");
    }
    targets = targets.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(targets));
  }

  /**
   * A run that writes {@code targets} and takes every safe default: it writes rather than checks,
   * lets warnings pass, refuses to overwrite hand edits and an input without clusters, and adopts
   * nothing. The {@code with} methods change one of those.
   */
  public static GenerationRequest of(
      List<String> inputs, Path workingDirectory, Path outputDirectory, Set<Target> targets) {
    return new GenerationRequest(
        inputs,
        workingDirectory,
        outputDirectory,
        targets,
        false,
        false,
        false,
        false,
        false,
        false);
  }

  /**
   * A check of the targets the output folder's manifest records: the ones the last write there
   * generated. The run says which it checks, and fails when the folder has no manifest ({@link
   * NoRecordedTargetsException}). Otherwise like {@link #of} under {@code withCheck(true)}.
   */
  public static GenerationRequest checkRecordedTargets(
      List<String> inputs, Path workingDirectory, Path outputDirectory) {
    return new GenerationRequest(
        inputs,
        workingDirectory,
        outputDirectory,
        Set.of(),
        true,
        false,
        false,
        false,
        false,
        false);
  }

  /** True when the targets are to be read from the output folder's manifest. */
  public boolean targetsAsRecorded() {
    return targets.isEmpty();
  }

  /** The same run for {@code targets}. */
  public GenerationRequest withTargets(Set<Target> targets) {
    return with(targets, check, strict, force, allowEmpty, adopt, adoptInCluster);
  }

  public GenerationRequest withCheck(boolean check) {
    return with(targets, check, strict, force, allowEmpty, adopt, adoptInCluster);
  }

  public GenerationRequest withStrict(boolean strict) {
    return with(targets, check, strict, force, allowEmpty, adopt, adoptInCluster);
  }

  public GenerationRequest withForce(boolean force) {
    return with(targets, check, strict, force, allowEmpty, adopt, adoptInCluster);
  }

  public GenerationRequest withAllowEmpty(boolean allowEmpty) {
    return with(targets, check, strict, force, allowEmpty, adopt, adoptInCluster);
  }

  public GenerationRequest withAdopt(boolean adopt) {
    return with(targets, check, strict, force, allowEmpty, adopt, adoptInCluster);
  }

  /** Also import the in-cluster objects a cluster Modelplane built holds; implies adopt. */
  public GenerationRequest withAdoptInCluster(boolean adoptInCluster) {
    return with(targets, check, strict, force, allowEmpty, adopt, adoptInCluster);
  }

  /**
   * True when the run writes {@code imports.tf} files ({@code adopt} or {@code adoptInCluster}).
   */
  public boolean writesImports() {
    return adopt || adoptInCluster;
  }

  private GenerationRequest with(
      Set<Target> targets,
      boolean check,
      boolean strict,
      boolean force,
      boolean allowEmpty,
      boolean adopt,
      boolean adoptInCluster) {
    return new GenerationRequest(
        inputs,
        workingDirectory,
        outputDirectory,
        targets,
        check,
        strict,
        force,
        allowEmpty,
        adopt,
        adoptInCluster);
  }

  /** The output directory resolved against the working directory. */
  public Path resolvedOutputDirectory() {
    return workingDirectory.resolve(outputDirectory);
  }
}
