package ai.modelplane.maven;

import java.io.File;
import java.nio.file.Path;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/** What every goal shares: {@code skip}, checked before anything else, and where the YAML lives. */
abstract class AbstractModelplaneMojo extends AbstractMojo {
  /** Skips the goal ({@code -Dmodelplane.skip}). Checked before anything else. */
  @Parameter(property = "modelplane.skip", defaultValue = "false")
  boolean skip;

  /**
   * Folder searched for AKSCluster YAML ({@code **}{@code /*.yaml}, {@code **}{@code /*.yml}); the
   * CLI's {@code PATH}.
   */
  @Parameter(
      property = "modelplane.sources",
      defaultValue = "${project.basedir}/src/main/modelplane",
      required = true)
  File sources;

  @Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
  File basedir;

  @Override
  public final void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("Modelplane: skipped (modelplane.skip is true)");
      return;
    }
    run();
  }

  abstract void run() throws MojoExecutionException, MojoFailureException;

  Path basedir() {
    return basedir.toPath().toAbsolutePath().normalize();
  }

  Path sources() {
    return basedir().resolve(sources.toPath()).normalize();
  }

  /** The sources' YAML files, failing with the fix when there are none. */
  SourceFiles sourceFiles() throws MojoExecutionException, MojoFailureException {
    return SourceFiles.find(basedir(), sources());
  }
}
