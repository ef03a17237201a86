package ai.modelplane.maven;

import ai.modelplane.generator.Modelplane;
import ai.modelplane.generator.ValidationReport;
import ai.modelplane.generator.ValidationRequest;
import ai.modelplane.generator.diagnostic.ShownDiagnostics;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Checks the AKSCluster YAML under {@code <sources>} against the CRD, its rules and Azure's rules,
 * without generating; the CLI's {@code modelplane validate}.
 */
@Mojo(name = "validate", defaultPhase = LifecyclePhase.VALIDATE, threadSafe = true)
public final class ValidateMojo extends AbstractModelplaneMojo {
  /** Treat validation warnings as errors (the CLI's {@code --strict}). */
  @Parameter(property = "modelplane.failOnWarning", defaultValue = "false")
  boolean failOnWarning;

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    SourceFiles sources = sourceFiles();
    ValidationReport result;
    try {
      result =
          new Modelplane()
              .validate(
                  new ValidationRequest(
                      List.of(sources.input()), sources.basedir(), Optional.empty()));
    } catch (IOException e) {
      throw new MojoExecutionException(
          "modelplane:validate could not read " + sources.input() + ": " + e, e);
    } catch (RuntimeException e) {
      throw new MojoExecutionException(Messages.internalError("validate", e), e);
    }
    String invalid = Messages.invalidInput(result.diagnostics(), failOnWarning, sources.input());
    if (!invalid.isEmpty()) {
      throw new MojoFailureException(invalid);
    }
    // The warnings, then advice on the output's own pins, judged on the same day as the YAML (no
    // YAML change fixes it, so failOnWarning does not count it); at most MAX_SHOWN lines.
    for (String line : ShownDiagnostics.of(result.all()).lines()) {
      getLog().warn(line);
    }
    getLog()
        .info(
            "Modelplane: "
                + Messages.count(result.clusterCount(), "AKSCluster")
                + " valid in "
                + Messages.count(sources.files().size(), "file")
                + " under "
                + sources.input());
  }
}
