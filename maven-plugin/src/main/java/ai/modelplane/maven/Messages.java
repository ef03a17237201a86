package ai.modelplane.maven;

import ai.modelplane.generator.OutputRefusedException;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.ShownDiagnostics;
import java.nio.file.Path;
import java.util.List;

/**
 * The sentences the goals fail with, in Maven's words. Each first line says what to do; the lines
 * after it carry every detail, so nobody has to "see above".
 */
final class Messages {
  private Messages() {}

  /**
   * Why the YAML cannot be used: every diagnostic as {@code file:line:column: …} (at most {@link
   * ShownDiagnostics#MAX_SHOWN}, then a line counting the rest), or empty when there is nothing to
   * fail on.
   */
  static String invalidInput(List<Diagnostic> diagnostics, boolean failOnWarning, String sources) {
    long errors = diagnostics.stream().filter(Diagnostic::isError).count();
    long warnings = diagnostics.size() - errors;
    if (errors == 0 && (warnings == 0 || !failOnWarning)) {
      return "";
    }
    StringBuilder text = new StringBuilder();
    if (errors > 0) {
      text.append("Fix the AKSCluster YAML under ").append(sources).append(": ");
    } else {
      text.append("Fix the warnings in the AKSCluster YAML under ")
          .append(sources)
          .append(", or set <failOnWarning>false</failOnWarning>: ");
    }
    text.append(count(errors, "error")).append(", ").append(count(warnings, "warning"));
    text.append(" (file:line:column: problem (fix); `modelplane validate ")
        .append(sources)
        .append("` reports the same)");
    for (String line : ShownDiagnostics.of(diagnostics).lines()) {
      text.append("\n  ").append(line);
    }
    return text.toString();
  }

  /**
   * Why {@code check} fails: the files {@code generate} would change, and the command that changes
   * them. Files edited by hand are marked; {@code generate} overwrites those only when forced.
   */
  static String stale(
      List<String> staleFiles, List<String> editedByHand, String outputDirectory, String sources) {
    StringBuilder text = new StringBuilder();
    if (editedByHand.isEmpty()) {
      text.append("Run `mvn modelplane:generate` and commit the result: ");
    } else {
      text.append("Move the hand edits into the AKSCluster YAML, or overwrite them with ")
          .append("`mvn modelplane:generate -Dmodelplane.force=true`, and commit the result: ");
    }
    text.append(count(staleFiles.size(), "generated file"))
        .append(" under ")
        .append(outputDirectory)
        .append(staleFiles.size() == 1 ? " is" : " are")
        .append(" out of date with ")
        .append(sources);
    if (!editedByHand.isEmpty()) {
      text.append(" (").append(editedByHand.size()).append(" edited by hand)");
    }
    for (String file : staleFiles) {
      text.append("\n  ").append(outputDirectory).append('/').append(file);
      if (editedByHand.contains(file)) {
        text.append(" (edited by hand)");
      }
    }
    return text.toString();
  }

  /**
   * Why generate wrote nothing ({@code message}, the core's), naming the parameter that forces the
   * overwrite when the first of {@code conflicts} is a hand edit.
   */
  static String refused(String message, List<OutputRefusedException.Conflict> conflicts) {
    if (conflicts.isEmpty() || !conflicts.get(0).handEdit()) {
      return message;
    }
    return conflicts.get(0).description()
        + " with <force>true</force> (-Dmodelplane.force=true)"
        + (conflicts.size() == 1 ? "" : " (and " + (conflicts.size() - 1) + " more conflict(s))");
  }

  /** {@code check} was to take its targets from the manifest, and there is none. */
  /**
   * Why two modules of one build cannot share an output folder, first naming the fix: each run
   * makes the folder hold exactly its own clusters, and its manifest owns the shared modules too.
   */
  static String sharedOutputDirectory(
      String module, String shownOut, Path out, List<SharedOutputDirectories.Use> others) {
    StringBuilder text =
        new StringBuilder("Give each module its own <outputDirectory>: ")
            .append(shownOut)
            .append(" of module ")
            .append(module)
            .append(" is also the output directory of ");
    for (int i = 0; i < others.size(); i++) {
      SharedOutputDirectories.Use other = others.get(i);
      text.append(i == 0 ? "" : i == others.size() - 1 ? " and " : ", ")
          .append("module ")
          .append(other.module())
          .append(" (modelplane:")
          .append(other.goal())
          .append(")");
    }
    return text.append(
            " in this build; one manifest owns the folder, so each module's run would remove the"
                + " clusters the other generated and modelplane:check could never pass (or"
                + " generate every cluster from one module); nothing was written")
        .append("\n  ")
        .append(out)
        .toString();
  }

  static String noRecordedTargets(String why) {
    return "Set <targets> (-Dmodelplane.targets) to terraform, bicep or all, or run modelplane:generate first: "
        + why;
  }

  static String missingDriftChecker(String pluginVersion) {
    return missingDriftChecker(pluginVersion, "drift");
  }

  /** The same for {@code goal}, which reads Azure through the drift checker too. */
  static String missingDriftChecker(String pluginVersion, String goal) {
    return String.join(
        "\n",
        "Add the drift checker to the plugin's dependencies: the "
            + goal
            + " goal needs ai.modelplane:modelplane-drift-checker"
            + " (it brings the Azure SDK, which generate, validate and check never download). In pom.xml:",
        "  <plugin>",
        "    <groupId>ai.modelplane</groupId>",
        "    <artifactId>modelplane-maven-plugin</artifactId>",
        "    <version>" + pluginVersion + "</version>",
        "    <dependencies>",
        "      <dependency>",
        "        <groupId>ai.modelplane</groupId>",
        "        <artifactId>modelplane-drift-checker</artifactId>",
        "        <version>" + pluginVersion + "</version>",
        "      </dependency>",
        "    </dependencies>",
        "  </plugin>");
  }

  /** A bug or an environment problem: say so, with the exception's own words. */
  static String internalError(String goal, Exception e) {
    String detail =
        e.getMessage() == null
            ? e.getClass().getName()
            : e.getClass().getSimpleName() + ": " + e.getMessage();
    return "modelplane:"
        + goal
        + " failed unexpectedly: "
        + detail
        + " (run Maven with -e for the stack trace, and please report it)";
  }

  static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
