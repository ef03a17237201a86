package ai.modelplane.generator.output;

import ai.modelplane.generator.render.GeneratedFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A file this run produces, encoded and fingerprinted once.
 *
 * @param path relative to the output directory, {@code /}-separated
 * @param bytes its UTF-8 bytes
 * @param crc32 of {@code bytes}
 * @param fingerprint as the manifest records it ({@link Manifest#fingerprint})
 */
record WantedFile(String path, byte[] bytes, int crc32, String fingerprint) {
  static WantedFile of(String path, String content) {
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    int crc32 = Manifest.crc32(bytes);
    return new WantedFile(path, bytes, crc32, Manifest.fingerprint(crc32, bytes.length));
  }

  /**
   * The files to produce, sorted by path, after checking the renderers kept to the rules; encoded
   * on every core for big runs.
   */
  static List<WantedFile> allOf(List<GeneratedFile> files) {
    Set<String> paths = new HashSet<>(files.size() * 2);
    for (GeneratedFile file : files) {
      String path = file.relativePath();
      if (!RelativePaths.isSafe(path) || RelativePaths.isReserved(path)) {
        throw new IllegalArgumentException(
            "a renderer produced a path the output tree does not accept: " + path);
      }
      if (!paths.add(path)) {
        throw new IllegalArgumentException("a renderer produced " + path + " twice");
      }
    }
    List<GeneratedFile> sorted = new ArrayList<>(files);
    if (!isSortedByPath(sorted)) {
      // Renderers and the generator hand over sorted files; sorting again would cost more than
      // looking.
      sorted.sort(Comparator.comparing(GeneratedFile::relativePath));
    }
    for (GeneratedFile file : sorted) {
      String path = file.relativePath();
      for (String folder : RelativePaths.foldersOf(path)) {
        if (paths.contains(folder)) {
          throw new IllegalArgumentException(
              "a renderer produced both the file " + folder + " and " + path);
        }
      }
    }
    WantedFile[] wanted = new WantedFile[sorted.size()];
    Parallel.forEachIndex(
        wanted.length, i -> wanted[i] = of(sorted.get(i).relativePath(), sorted.get(i).content()));
    return List.of(wanted);
  }

  private static boolean isSortedByPath(List<GeneratedFile> files) {
    for (int i = 1; i < files.size(); i++) {
      if (files.get(i - 1).relativePath().compareTo(files.get(i).relativePath()) > 0) {
        return false;
      }
    }
    return true;
  }
}
