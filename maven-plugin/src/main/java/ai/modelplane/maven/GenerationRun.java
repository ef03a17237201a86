package ai.modelplane.maven;

import ai.modelplane.generator.GenerationRequest;
import ai.modelplane.generator.GenerationResult;
import ai.modelplane.generator.Modelplane;
import ai.modelplane.generator.NoClustersFoundException;
import ai.modelplane.generator.NoRecordedTargetsException;
import ai.modelplane.generator.OutputRefusedException;
import ai.modelplane.generator.diagnostic.ShownDiagnostics;
import ai.modelplane.generator.render.TargetSelection;
import ai.modelplane.generator.startup.Warmup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;

/**
 * The one place where {@code generate} and {@code check} call the generator. Kept out of the Mojos
 * so that an up-to-date {@code generate} never loads it (nor YAML, schema or template classes).
 */
final class GenerationRun {
  private final String goal;
  private final Log log;
  private final String runDescription;

  GenerationRun(String goal, Log log) {
    this(goal, log, "");
  }

  /**
   * @param runDescription this run, for a run that finds the output folder locked ({@code
   *     modelplane:generate (default) of module g:a of the Maven build in /repo})
   */
  GenerationRun(String goal, Log log, String runDescription) {
    this.goal = goal;
    this.log = log;
    this.runDescription = runDescription;
  }

  /**
   * The request for {@code sources} into {@code outputDirectory}, with every option at its default;
   * the goal sets the ones it has.
   */
  static GenerationRequest request(
      SourceFiles sources, Path outputDirectory, TargetSelection targets) {
    return GenerationRequest.of(
        List.of(sources.input()), sources.basedir(), outputDirectory, targets.targets());
  }

  /**
   * The check of {@code sources} against {@code outputDirectory} for the targets its manifest
   * records, with every other option at its default.
   */
  static GenerationRequest checkRecordedTargets(SourceFiles sources, Path outputDirectory) {
    // Relative to the project, as the goals' other messages show it: the run names the manifest.
    return GenerationRequest.checkRecordedTargets(
        List.of(sources.input()),
        sources.basedir(),
        Path.of(SourceFiles.displayPath(sources.basedir(), outputDirectory)));
  }

  GenerationResult run(SourceFiles sources, GenerationRequest request)
      throws MojoExecutionException, MojoFailureException {
    GenerationResult result;
    try {
      // The CEL rules and templates build on other threads while this one reads the YAML.
      Warmup.generation(new TargetSelection(request.targets()));
      result =
          new Modelplane()
              .generate(request, message -> log.info("Modelplane: " + message), runDescription);
    } catch (NoClustersFoundException e) {
      throw new MojoFailureException(
          e.getMessage()
              + "; to remove every generated file on purpose, set <allowEmpty>true</allowEmpty> (-Dmodelplane.allowEmpty)");
    } catch (NoRecordedTargetsException e) {
      throw new MojoFailureException(Messages.noRecordedTargets(e.getMessage()));
    } catch (OutputRefusedException e) {
      // Another run holds the folder, or a file is in the way or edited by hand: the user decides,
      // so this fails the build rather than erroring.
      throw new MojoFailureException(Messages.refused(e.getMessage(), e.conflicts()), e);
    } catch (IOException e) {
      throw new MojoExecutionException(
          "modelplane:" + goal + " could not read or write files: " + e, e);
    } catch (RuntimeException e) {
      throw new MojoExecutionException(Messages.internalError(goal, e), e);
    }
    String invalid = Messages.invalidInput(result.diagnostics(), request.strict(), sources.input());
    if (!invalid.isEmpty()) {
      throw new MojoFailureException(invalid);
    }
    for (String line : ShownDiagnostics.of(result.diagnostics()).lines()) {
      log.warn(line);
    }
    return result;
  }
}
