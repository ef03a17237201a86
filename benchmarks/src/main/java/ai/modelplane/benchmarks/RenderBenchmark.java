package ai.modelplane.benchmarks;

import ai.modelplane.generator.emit.Renderers;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.Target;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Rendering N validated clusters into files, one target at a time, on one thread. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RenderBenchmark {
  @Param({"TERRAFORM", "BICEP"})
  public Target target;

  @Param({"1", "1000"})
  public int clusters;

  private List<AksCluster> model;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    Path fleet = Fleet.write(clusters);
    try {
      model = Fleet.clusters(fleet, clusters);
    } finally {
      Fleet.delete(fleet);
    }
  }

  @Benchmark
  public List<GeneratedFile> render() {
    return Renderers.forTarget(target).orElseThrow().render(model);
  }
}
