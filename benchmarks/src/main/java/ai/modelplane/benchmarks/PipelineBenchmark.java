package ai.modelplane.benchmarks;

import ai.modelplane.generator.GenerationRequest;
import ai.modelplane.generator.GenerationResult;
import ai.modelplane.generator.Generator;
import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.render.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The whole {@code generate --target all} of 1,000 clusters (load, validate, render both targets in
 * parallel, compare with an output tree where nothing changed), warm; the score is clusters per
 * second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class PipelineBenchmark {
  private static final int CLUSTERS = 1000;

  private Path fleet;
  private Path out;
  private GenerationRequest request;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    fleet = Fleet.write(CLUSTERS);
    out = Files.createTempDirectory("modelplane-out-");
    request =
        GenerationRequest.of(List.of(fleet.toString()), fleet, out, EnumSet.allOf(Target.class));
    GenerationResult first = Generator.generate(request, ProgressListener.SILENT);
    if (first.clusterCount() != CLUSTERS) {
      throw new IllegalStateException(
          "expected "
              + CLUSTERS
              + " clusters, generated "
              + first.clusterCount()
              + ": "
              + first.diagnostics());
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    Fleet.delete(fleet);
    Fleet.delete(out);
  }

  @Benchmark
  @OperationsPerInvocation(CLUSTERS)
  public GenerationResult generateUnchangedTree() throws IOException {
    GenerationResult result = Generator.generate(request, ProgressListener.SILENT);
    if (!result.written().isEmpty()) {
      throw new IllegalStateException(
          "files were rewritten in an unchanged tree: " + result.written().size());
    }
    return result;
  }
}
