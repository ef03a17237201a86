package ai.modelplane.generator;

import java.util.List;

/**
 * The inputs hold no AKSCluster, and the request does not allow that: writing would remove every
 * generated file. Thrown before anything is written or removed; each adapter adds how to allow it.
 */
public final class NoClustersFoundException extends IllegalStateException {
  public NoClustersFoundException(List<String> inputs, int filesRead) {
    super(
        "no AKSCluster found in "
            + String.join(", ", inputs)
            + " ("
            + filesRead
            + " file(s) read); nothing was written or removed");
  }
}
