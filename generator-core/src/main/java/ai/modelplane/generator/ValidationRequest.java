package ai.modelplane.generator;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One validation run, as the CLI's {@code validate} and the plugin's {@code validate} goal describe
 * it.
 *
 * @param inputs files, folders or {@code -}, as the user named them
 * @param workingDirectory what relative inputs are resolved against
 * @param asOf the day Kubernetes versions and the output's pins are judged on ({@code --as-of});
 *     empty for today, or the day {@code MODELPLANE_AS_OF} names
 */
public record ValidationRequest(
    List<String> inputs, Path workingDirectory, Optional<LocalDate> asOf) {
  public ValidationRequest {
    inputs = List.copyOf(inputs);
    Objects.requireNonNull(workingDirectory, "workingDirectory");
    Objects.requireNonNull(asOf, "asOf");
  }
}
