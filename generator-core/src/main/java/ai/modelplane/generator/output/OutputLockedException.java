package ai.modelplane.generator.output;

import java.io.IOException;
import java.nio.file.Path;

/** Another run holds the output tree's lock; this one changed nothing. */
public final class OutputLockedException extends IOException {
  OutputLockedException(Path root, String holder) {
    super(
        root
            + " is being written by another modelplane run ("
            + holder
            + " in "
            + root.resolve(TreeLock.PATH)
            + "); nothing was written: wait for it to finish and run again");
  }
}
