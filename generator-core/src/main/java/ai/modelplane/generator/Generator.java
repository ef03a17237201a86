package ai.modelplane.generator;

import ai.modelplane.generator.load.ClusterLoader;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.Renderers;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.render.TargetRenderer;
import ai.modelplane.generator.validate.ValidationResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** The generation pipeline: load, validate, plan, render, write (or compare). */
public final class Generator {
  private Generator() {}

  /**
   * Runs one generation.
   *
   * @throws IOException when inputs cannot be listed or the output cannot be written
   */
  public static GenerationResult generate(GenerationRequest request, ProgressListener progress) throws IOException {
    ValidationResult validation =
        new ClusterLoader(CrdSchema.bundled()).load(Inputs.expand(request.inputs(), request.workingDirectory()));
    if (!validation.isValid(request.strict())) {
      return new GenerationResult(validation.diagnostics(), List.of(), List.of(), List.of(), List.of(), "");
    }
    List<GeneratedFile> files = new ArrayList<>();
    for (Target target : new TreeSet<>(request.targets())) {
      TargetRenderer renderer =
          Renderers.forTarget(target)
              .orElseThrow(() -> new IllegalStateException(target.id() + " output is not part of this build"));
      files.addAll(renderer.render(validation.clusters()));
    }
    progress.info("rendered " + files.size() + " file(s) for " + validation.clusters().size() + " cluster(s)");
    Path out = request.workingDirectory().resolve(request.outputDirectory());
    List<String> written = new ArrayList<>();
    List<String> unchanged = new ArrayList<>();
    List<String> stale = new ArrayList<>();
    for (GeneratedFile file : files) {
      Path path = out.resolve(file.relativePath());
      byte[] bytes = file.content().getBytes(StandardCharsets.UTF_8);
      boolean same = Files.exists(path) && java.util.Arrays.equals(Files.readAllBytes(path), bytes);
      if (same) {
        unchanged.add(file.relativePath());
      } else if (request.check()) {
        stale.add(file.relativePath());
      } else {
        Files.createDirectories(path.getParent());
        Files.write(path, bytes);
        written.add(file.relativePath());
      }
    }
    return new GenerationResult(validation.diagnostics(), written, unchanged, List.of(), stale, "");
  }
}
