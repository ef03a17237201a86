package ai.modelplane.maven;

import ai.modelplane.generator.GenerationResult;
import ai.modelplane.generator.render.TargetSelection;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Renders every AKSCluster under {@code <sources>} into {@code <outputDirectory>}; the CLI's {@code
 * modelplane generate}. Writes nothing when the sources, the configuration and the plugin are the
 * same as at the last successful run and the files it generated are intact.
 */
@Mojo(name = "generate", defaultPhase = LifecyclePhase.GENERATE_RESOURCES, threadSafe = true)
public final class GenerateMojo extends AbstractGenerationMojo {
  /**
   * Overwrite (or remove) generated files that were edited by hand (the CLI's {@code --force});
   * files the generator never wrote are never touched, forced or not.
   */
  @Parameter(property = "modelplane.force", defaultValue = "false")
  boolean force;

  /**
   * Languages to write: {@code terraform}, {@code bicep}, or {@code all} (the CLI's {@code
   * --targets}).
   */
  @Parameter(property = "modelplane.targets", defaultValue = "terraform", required = true)
  List<String> targets;

  @Parameter(defaultValue = "${project.build.directory}", readonly = true, required = true)
  File buildDirectory;

  @Override
  List<String> targetEntries() {
    return targets;
  }

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    SourceFiles sources = sourceFiles();
    TargetSelection chosen = targets();
    Path out = outputDirectory();
    String shownOut = SourceFiles.displayPath(basedir(), out);
    requireOwnOutputDirectory(out);
    // One state file per execution, so that two executions of one project never share it.
    Path stateFile =
        buildDirectory
            .toPath()
            .resolve("modelplane")
            .resolve(mojoExecution.getExecutionId() + ".state");
    try {
      String version = mojoExecution.getMojoDescriptor().getPluginDescriptor().getVersion();
      JarHashes jarHashes = JarHashes.in(stateFile.resolveSibling(JarHashes.FILE_NAME));
      String fingerprint =
          Fingerprint.of(
              CodeIdentity.of(version, getClass().getClassLoader(), jarHashes),
              configuration(sources, chosen),
              sources);
      Optional<GenerationState> previous = GenerationState.read(stateFile);
      if (previous.isPresent()
          && previous.get().fingerprint().equals(fingerprint)
          && previous.get().outputsIntact(out)) {
        getLog()
            .info(
                "Modelplane: "
                    + shownOut
                    + " is up to date with "
                    + sources.input()
                    + ", nothing written ("
                    + Messages.count(previous.get().outputs().size(), "generated file")
                    + " intact)");
        return;
      }
      Files.deleteIfExists(stateFile);
      GenerationResult result =
          new GenerationRun("generate", getLog(), runDescription())
              .run(
                  sources,
                  GenerationRun.request(sources, out, chosen)
                      .withStrict(failOnWarning)
                      .withForce(force)
                      .withAllowEmpty(allowEmpty)
                      .withAdopt(adopt)
                      .withAdoptInCluster(adoptInCluster));
      getLog()
          .info(
              "Modelplane: "
                  + Messages.count(result.written().size(), "file")
                  + " written, "
                  + result.unchanged().size()
                  + " unchanged, "
                  + result.removed().size()
                  + " removed under "
                  + shownOut);
      List<String> generated = new ArrayList<>(result.written());
      generated.addAll(result.unchanged());
      GenerationState.capture(fingerprint, out, generated).write(stateFile);
    } catch (IOException e) {
      throw new MojoExecutionException(
          "modelplane:generate could not read or write " + e.getMessage() + ": " + e, e);
    }
  }
}
