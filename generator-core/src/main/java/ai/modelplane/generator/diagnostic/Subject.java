package ai.modelplane.generator.diagnostic;

import java.util.Objects;

/**
 * What a {@link Diagnostic} is about: a place in an input file, or a file the generator itself
 * writes. Only the first has a file, line and column a reader (an editor, code scanning) can open;
 * the second is named in words, since no run has written it where the reader looks.
 */
public sealed interface Subject {
  /** A place in an input: the diagnostic's file, line and column. */
  Subject INPUT = new Input();

  /**
   * A place in an input file, named by the diagnostic's {@code file}, {@code line}, {@code column}.
   */
  record Input() implements Subject {}

  /**
   * A file of the generated output, the same in every run (such as the provider pins of {@code
   * terraform.tf}).
   *
   * @param target the output language as users read it: {@code Terraform} or {@code Bicep}
   * @param everyCluster true when each cluster's tree holds the file ({@code path} is below {@code
   *     NAMESPACE/NAME/}), false for a shared module written once
   * @param path the file below the cluster's folder ({@code terraform/terraform.tf}) or, for a
   *     shared module, below the output folder ({@code modules/bicep/cluster.bicep})
   */
  record GeneratedOutput(String target, boolean everyCluster, String path) implements Subject {
    public GeneratedOutput {
      Objects.requireNonNull(target, "target");
      Objects.requireNonNull(path, "path");
    }

    /** In each cluster's tree, {@code path} below {@code OUT/NAMESPACE/NAME/}. */
    public static GeneratedOutput ofEveryCluster(String target, String path) {
      return new GeneratedOutput(target, true, path);
    }

    /** A shared module's file, {@code path} below {@code OUT/}. */
    public static GeneratedOutput shared(String target, String path) {
      return new GeneratedOutput(target, false, path);
    }

    /**
     * The file below the output folder, with {@code NAMESPACE/NAME} standing for any cluster: what
     * the JSON report names.
     */
    public String outputPath() {
      return everyCluster ? "NAMESPACE/NAME/" + path : path;
    }

    /**
     * What the diagnostic is about, in words: {@code generated Terraform, every cluster's
     * terraform/terraform.tf} or {@code generated Bicep, modules/bicep/cluster.bicep}.
     */
    public String describe() {
      return "generated " + target + ", " + (everyCluster ? "every cluster's " : "") + path;
    }
  }
}
