package ai.modelplane.generator.output;

/**
 * Size caps on the generator's own bookkeeping, checked before a file is read: a damaged or forged
 * file must not make a run use gigabytes of memory.
 *
 * <p>Chosen from the largest tree the generator is meant for: 10,000 clusters with both targets.
 * {@code bench/make-fleet.sh 1000} generates a manifest of 1.1 MB (about 15,000 lines of 75 bytes);
 * ten times that is 11 MB, so the manifest cap is 32 MiB, three times the need. A journal line is a
 * few bytes longer than a manifest line, and a run that replaces one fleet by another records both,
 * so the journal cap is twice the manifest's. A staged backup is a generated file, far smaller than
 * the manifest.
 */
final class Caps {
  static final long MANIFEST = 32L * 1024 * 1024;
  static final long JOURNAL = 2 * MANIFEST;
  static final long STAGED_FILE = MANIFEST;

  private Caps() {}
}
