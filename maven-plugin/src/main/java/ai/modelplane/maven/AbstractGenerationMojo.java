package ai.modelplane.maven;

import ai.modelplane.generator.render.TargetSelection;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/** The options of {@code generate} and {@code check}: the CLI's {@code generate} options. */
abstract class AbstractGenerationMojo extends AbstractModelplaneMojo {
  /**
   * Root of the generated tree (the CLI's {@code --out}). Generated code is meant to be committed
   * and reviewed, so it lives beside the sources, not under {@code target/}.
   */
  @Parameter(
      property = "modelplane.outputDirectory",
      defaultValue = "${project.basedir}/infra",
      required = true)
  File outputDirectory;

  /** Treat validation warnings as errors (the CLI's {@code --strict}). */
  @Parameter(property = "modelplane.failOnWarning", defaultValue = "false")
  boolean failOnWarning;

  /**
   * Accept sources without any AKSCluster, removing every generated file (the CLI's {@code
   * --allow-empty}); without it such a run fails and changes nothing.
   */
  @Parameter(property = "modelplane.allowEmpty", defaultValue = "false")
  boolean allowEmpty;

  /**
   * Add Terraform {@code import} blocks for every Azure resource of each cluster, so that the first
   * plan takes existing clusters over (the CLI's {@code generate --adopt}; documents from {@code
   * modelplane:import}).
   */
  @Parameter(property = "modelplane.adopt", defaultValue = "false")
  boolean adopt;

  /**
   * As {@code adopt}, and also import the StorageClass and network operator namespace a cluster
   * Modelplane built holds; the plan fails where they do not exist (the CLI's {@code generate
   * --adopt-in-cluster}).
   */
  @Parameter(property = "modelplane.adoptInCluster", defaultValue = "false")
  boolean adoptInCluster;

  /** The build, whose other modules must not use the same output folder. */
  @Parameter(defaultValue = "${session}", readonly = true, required = true)
  MavenSession session;

  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  MavenProject project;

  @Parameter(defaultValue = "${mojoExecution}", readonly = true, required = true)
  MojoExecution mojoExecution;

  /**
   * Fails, before anything is read or written, when another module of this build generates into or
   * checks {@code out}: a folder holds one manifest, so two modules sharing it would remove each
   * other's clusters on every build, and {@code check} could never pass.
   */
  void requireOwnOutputDirectory(Path out) throws MojoFailureException {
    if (session == null || project == null || mojoExecution == null) {
      return; // not run by Maven (a unit test): there is no build to share the folder with
    }
    List<SharedOutputDirectories.Use> others =
        SharedOutputDirectories.sharing(
            out,
            project,
            session.getProjects(),
            mojoExecution.getGroupId() + ":" + mojoExecution.getArtifactId(),
            mojoExecution.getSource() == MojoExecution.Source.CLI
                ? Optional.of(mojoExecution.getGoal())
                : Optional.empty(),
            session.getUserProperties(),
            session.getSystemProperties());
    if (!others.isEmpty()) {
      throw new MojoFailureException(
          Messages.sharedOutputDirectory(
              SharedOutputDirectories.name(project),
              SourceFiles.displayPath(basedir(), out),
              out,
              others));
    }
  }

  /**
   * This run, for the message of another run that finds the output folder locked: the modules of
   * one build share its pid, so the pid alone names no module.
   */
  String runDescription() {
    if (project == null || mojoExecution == null) {
      return "";
    }
    String build =
        session == null || session.getExecutionRootDirectory() == null
            ? "a Maven build"
            : "the Maven build in " + session.getExecutionRootDirectory();
    return "modelplane:"
        + mojoExecution.getGoal()
        + " ("
        + mojoExecution.getExecutionId()
        + ") of module "
        + SharedOutputDirectories.name(project)
        + " of "
        + build;
  }

  Path outputDirectory() {
    return basedir().resolve(outputDirectory.toPath()).normalize();
  }

  /**
   * The {@code <targets>} parameter's entries; each goal declares it, as {@code generate} defaults
   * to {@code terraform} and {@code check} to what the output folder's manifest records.
   */
  abstract List<String> targetEntries();

  /** True when no target is named: every entry is blank, or there is none. */
  boolean noTargetsNamed() {
    List<String> entries = targetEntries();
    return entries == null || entries.stream().allMatch(entry -> entry.replace(",", "").isBlank());
  }

  TargetSelection targets() throws MojoFailureException {
    TargetSelection chosen = TargetSelection.NONE;
    List<String> entries = targetEntries() == null ? List.of() : targetEntries();
    for (String entry : entries) {
      for (String id : entry.split(",")) {
        if (id.isBlank()) {
          continue;
        }
        try {
          chosen = chosen.plus(TargetSelection.parse(id));
        } catch (IllegalArgumentException e) {
          throw new MojoFailureException(
              "Set <targets> (-Dmodelplane.targets) to terraform, bicep or all: '"
                  + id.trim()
                  + "' is not a target");
        }
      }
    }
    if (chosen.isEmpty()) {
      throw new MojoFailureException(
          "Set <targets> (-Dmodelplane.targets) to terraform, bicep or all: it is empty");
    }
    return chosen;
  }

  /** The configuration as the fingerprint sees it: everything that changes what is written. */
  List<String> configuration(SourceFiles sources, TargetSelection chosen) {
    List<String> configuration =
        new java.util.ArrayList<>(
            List.of(
                "sources=" + sources.input(),
                "outputDirectory=" + SourceFiles.displayPath(basedir(), outputDirectory()),
                "targets=" + chosen.ids(),
                "failOnWarning=" + failOnWarning,
                "allowEmpty=" + allowEmpty));
    // Only when set, so that every fingerprint written before the option existed still matches.
    if (adopt) {
      configuration.add("adopt=true");
    }
    if (adoptInCluster) {
      configuration.add("adoptInCluster=true");
    }
    return List.copyOf(configuration);
  }
}
