package ai.modelplane.maven;

import ai.modelplane.generator.GenerationRequest;
import ai.modelplane.generator.GenerationResult;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Fails when the committed files under {@code <outputDirectory>} differ from what {@code generate}
 * would write; writes nothing. The CLI's {@code modelplane generate --check}; what CI runs on pull
 * requests.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class CheckMojo extends AbstractGenerationMojo {
  /**
   * Languages to compare: {@code terraform}, {@code bicep}, or {@code all} (the CLI's {@code
   * --targets}). Unset, the ones {@code <outputDirectory>/.modelplane/manifest} records, that is
   * the ones {@code generate} last wrote there.
   */
  @Parameter(property = "modelplane.targets")
  List<String> targets;

  @Override
  List<String> targetEntries() {
    return targets;
  }

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    SourceFiles sources = sourceFiles();
    Path out = outputDirectory();
    String shownOut = SourceFiles.displayPath(basedir(), out);
    requireOwnOutputDirectory(out);
    GenerationRequest request =
        noTargetsNamed()
            ? GenerationRun.checkRecordedTargets(sources, out)
            : GenerationRun.request(sources, out, targets()).withCheck(true);
    GenerationResult result =
        new GenerationRun("check", getLog())
            .run(
                sources,
                request
                    .withStrict(failOnWarning)
                    .withAllowEmpty(allowEmpty)
                    .withAdopt(adopt)
                    .withAdoptInCluster(adoptInCluster));
    if (result.isStale()) {
      if (!result.diff().isEmpty()) {
        getLog().info("Modelplane: what generate would change:");
        result.diff().lines().forEach(line -> getLog().info(line));
      }
      throw new MojoFailureException(
          Messages.stale(result.stale(), result.editedByHand(), shownOut, sources.input()));
    }
    getLog()
        .info(
            "Modelplane: "
                + shownOut
                + " matches "
                + sources.input()
                + " ("
                + Messages.count(result.unchanged().size(), "generated file")
                + ")");
  }
}
