package ai.modelplane.benchmarks;

import ai.modelplane.generator.emit.Renderers;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.output.OutputTree;
import ai.modelplane.generator.output.TreeReport;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
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
 * Writing the files of N clusters (both targets) with {@link OutputTree}: into a tree that already
 * holds them (compare only, nothing is written: the common CI case), with and without the stat
 * cache a previous run in the same checkout leaves, and into a fresh folder.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class OutputTreeBenchmark {
  @Param({"1", "1000"})
  public int clusters;

  private List<GeneratedFile> files;
  private Path unchangedTree;
  private Path scratch;
  private Path freshTree;
  private int fresh;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    Path fleet = Fleet.write(clusters);
    List<AksCluster> model;
    try {
      model = Fleet.clusters(fleet, clusters);
    } finally {
      Fleet.delete(fleet);
    }
    List<GeneratedFile> all = new ArrayList<>();
    for (Target target : Target.values()) {
      all.addAll(Renderers.forTarget(target).orElseThrow().render(model));
    }
    all.sort(Comparator.comparing(GeneratedFile::relativePath));
    files = List.copyOf(all);
    unchangedTree = Files.createTempDirectory("modelplane-tree-");
    new OutputTree(unchangedTree).write(files, false);
    scratch = Files.createTempDirectory("modelplane-fresh-");
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    Fleet.delete(unchangedTree);
    Fleet.delete(scratch);
  }

  @Setup(Level.Invocation)
  public void newFolder() {
    freshTree = scratch.resolve("out-" + fresh++);
  }

  @TearDown(Level.Invocation)
  public void removeFolder() {
    Fleet.delete(freshTree);
  }

  @Benchmark
  public TreeReport compareUnchanged() throws IOException {
    TreeReport report = new OutputTree(unchangedTree).write(files, false);
    if (!report.written().isEmpty()) {
      throw new IllegalStateException(
          "the unchanged tree was rewritten: " + report.written().size() + " file(s)");
    }
    return report;
  }

  /**
   * The unchanged tree as CI sees it after a fresh clone: no {@code .modelplane/stat-cache}, so
   * every file is read and compared (the run leaves an empty cache, removed again before the next).
   */
  @Benchmark
  public TreeReport compareUnchangedWithoutStatCache(WithoutStatCache state) throws IOException {
    TreeReport report = new OutputTree(unchangedTree).write(files, false);
    if (!report.written().isEmpty()) {
      throw new IllegalStateException(
          "the unchanged tree was rewritten: " + report.written().size() + " file(s)");
    }
    return report;
  }

  /** Removes the unchanged tree's stat cache before every invocation that asks for it. */
  @State(Scope.Thread)
  public static class WithoutStatCache {
    @Setup(Level.Invocation)
    public void removeStatCache(OutputTreeBenchmark benchmark) throws IOException {
      Files.deleteIfExists(benchmark.unchangedTree.resolve(".modelplane/stat-cache"));
    }
  }

  @Benchmark
  public TreeReport writeFresh() throws IOException {
    return new OutputTree(freshTree).write(files, false);
  }
}
