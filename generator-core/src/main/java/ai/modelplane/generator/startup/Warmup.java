package ai.modelplane.generator.startup;

import ai.modelplane.generator.emit.Renderers;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.property.PropertyTable;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.render.TargetSelection;
import ai.modelplane.generator.validate.CelRules;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Starts the one-time set-up a run will need (the CEL runtime and the CRD's rules, the property
 * table, the templates of each requested target) on background threads, so that it overlaps with
 * work the calling thread does first: parsing the command line, reading the YAML, schema
 * validation. In a cold process that set-up costs more than the work itself, and machines running
 * the CLI have at least two cores.
 *
 * <p>Each piece is started at most once per process and is idempotent; whoever needs a result first
 * either finds it ready, waits for the background thread computing it, or builds it itself when no
 * background thread has reached it yet. A failure on a background thread is not reported there: the
 * caller meets the same failure when it builds or asks for the piece itself. The threads are
 * daemons, so they never keep a finished process alive.
 *
 * <p>The only place the generator starts threads of its own accord, and only when an adapter asks:
 * core's pipeline ({@code Generator}, the facade) never calls it, so a library user or a test gets
 * no background work it did not ask for. The CLI calls it before parsing its command line and again
 * just before generating; the Maven plugin just before generating.
 */
public final class Warmup {
  /**
   * Two threads: the CEL runtime and the CRD's checked rules are independent halves of the longest
   * piece, and the calling thread spends its first part in single-threaded parsing. Idle threads
   * end after a second, so a long-lived host (a Maven daemon) keeps no thread, nor this class
   * loader.
   */
  private static final ThreadPoolExecutor BACKGROUND = background();

  private static boolean validationStarted;
  private static final Set<Target> renderingStarted = EnumSet.noneOf(Target.class);

  private Warmup() {}

  private static ThreadPoolExecutor background() {
    ThreadPoolExecutor executor =
        new ThreadPoolExecutor(
            2,
            2,
            1,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            task -> {
              Thread thread = new Thread(task, "modelplane-warmup");
              thread.setDaemon(true);
              return thread;
            });
    executor.allowCoreThreadTimeOut(true);
    return executor;
  }

  /**
   * Starts compiling the bundled CRD's CEL rules, which every validation needs, and reading the
   * property table, whose settings binding reads.
   */
  public static synchronized void validation() {
    if (!validationStarted) {
      validationStarted = true;
      BACKGROUND.execute(quietly(CelRules::prepareRuntime));
      BACKGROUND.execute(quietly(() -> CelRules.of(CrdSchema.bundled())));
      BACKGROUND.execute(quietly(PropertyTable::bundled));
    }
  }

  /** Starts {@link #validation}, then loading the templates of {@code targets}. */
  public static synchronized void generation(TargetSelection targets) {
    validation();
    for (Target target : targets.targets()) {
      if (renderingStarted.add(target)) {
        BACKGROUND.execute(
            quietly(() -> Renderers.forTarget(target).ifPresent(renderer -> renderer.prepare())));
      }
    }
  }

  private static Runnable quietly(Runnable task) {
    return () -> {
      try {
        task.run();
      } catch (RuntimeException | LinkageError e) {
        // The caller builds the piece itself and reports the failure where it belongs.
      }
    };
  }
}
