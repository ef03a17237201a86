package ai.modelplane.generator;

import ai.modelplane.generator.render.TargetSelection;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code diff}, with the revisions as the user gave them.
 *
 * @param base a git commit to compare the working tree with ({@code --base}); empty to compare two
 *     paths
 * @param paths without {@code base}, OLD and NEW; with it, the files or folders to compare (default
 *     {@code .})
 * @param workingDirectory what paths and git resolve against ({@code -C})
 * @param targets which targets the changes are judged for ({@code --targets}); {@link
 *     TargetSelection#NONE} when none was named: then those {@code generated}'s manifest records,
 *     or without {@code generated} every target
 * @param generated the folder of the generated code ({@code --generated}), resolved against {@code
 *     workingDirectory}; read only when no target is named
 */
public record DiffRequest(
    Optional<String> base,
    List<String> paths,
    Path workingDirectory,
    TargetSelection targets,
    Optional<Path> generated) {
  public DiffRequest {
    Objects.requireNonNull(base, "base");
    paths = List.copyOf(paths);
    Objects.requireNonNull(workingDirectory, "workingDirectory");
    Objects.requireNonNull(targets, "targets");
    Objects.requireNonNull(generated, "generated");
  }
}
