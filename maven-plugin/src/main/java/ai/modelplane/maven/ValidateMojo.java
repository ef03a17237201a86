package ai.modelplane.maven;

import ai.modelplane.generator.advice.LifecycleAdvisor;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.load.SupportCalendarClock;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.io.IOException;
import java.util.List;
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
    ValidationResult result;
    try {
      result =
          new Validator(CrdSchema.bundled())
              .validate(Inputs.expand(List.of(sources.input()), sources.basedir()));
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
    for (Diagnostic warning : result.diagnostics()) {
      getLog().warn(warning.format());
    }
    // Advice on the output's own pins, judged on the same day as the YAML: no YAML change fixes it,
    // so failOnWarning does not count it.
    for (Diagnostic pin :
        LifecycleAdvisor.bundled(SupportCalendarClock.fromEnvironment())
            .outputWarnings(result.clusters())) {
      getLog().warn(pin.format());
    }
    getLog()
        .info(
            "Modelplane: "
                + Messages.count(result.clusters().size(), "AKSCluster")
                + " valid in "
                + Messages.count(sources.files().size(), "file")
                + " under "
                + sources.input());
  }
}
