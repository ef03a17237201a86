package ai.modelplane.generator.output;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The files a write is about to create, at {@code .modelplane/creating}: new files are created in
 * place (a file that did not exist needs no atomic replacement), so until the manifest lists them
 * this journal is what says they are the generator's. A run that fails removes the files it
 * created; after a crash, the next run treats the files listed here as its own (rewrites them or
 * removes them) and deletes the journal once its manifest is in place.
 *
 * <p>Format: UTF-8, one {@code /}-separated path relative to the output directory per line.
 */
record CreationJournal(SortedSet<String> paths) {
  static final String PATH = Manifest.FOLDER + "/creating";

  CreationJournal {
    paths = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(paths));
  }

  static CreationJournal empty() {
    return new CreationJournal(new TreeSet<>());
  }

  boolean lists(String path) {
    return paths.contains(path);
  }

  CreationJournal with(Collection<String> more) {
    SortedSet<String> all = new TreeSet<>(paths);
    all.addAll(more);
    return new CreationJournal(all);
  }

  byte[] toBytes() {
    StringBuilder text = new StringBuilder(paths.size() * 48);
    paths.forEach(path -> text.append(path).append('\n'));
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * @throws InvalidManifestException when a line is not a safe relative path, so that a damaged
   *     journal can never make the generator remove files outside its tree
   */
  static CreationJournal parse(byte[] bytes, String where) throws InvalidManifestException {
    String text = Manifest.bookkeepingText(bytes, where);
    Set<String> paths = new TreeSet<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.isEmpty() && i == lines.length - 1) {
        break;
      }
      if (!RelativePaths.isSafe(line) || RelativePaths.isReserved(line)) {
        String shown = line.length() <= 80 ? line : line.substring(0, 77) + "...";
        throw new InvalidManifestException(where + ":" + (i + 1) + ": expected a relative path, found '" + shown + "'");
      }
      paths.add(line);
    }
    return new CreationJournal(new TreeSet<>(paths));
  }
}
