package ai.modelplane.benchmarks;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reading and validating N cluster files (YAML with positions, defaults, CRD schema, CEL rules,
 * Azure rules, binding), warm: the validators are built once, as in one CLI or plugin run. {@code
 * setUpValidators} measures what building them costs in a warm JVM.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class LoadValidateBenchmark {
  @Param({"1", "1000"})
  public int clusters;

  private Path fleet;
  private List<InputSource> sources;
  private Validator validator;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    fleet = Fleet.write(clusters);
    sources = Fleet.sources(fleet);
    validator = new Validator(CrdSchema.bundled());
    Fleet.clusters(fleet, clusters);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    Fleet.delete(fleet);
  }

  @Benchmark
  public ValidationResult loadAndValidate() {
    return validator.validate(sources);
  }

  @Benchmark
  public ValidationResult setUpValidatorsAndValidate() {
    return new Validator(CrdSchema.bundled()).validate(sources);
  }
}
