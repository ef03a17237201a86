package ai.modelplane.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the last successful {@code generate} left behind, kept under {@code target/modelplane/}: its
 * fingerprint and the hash of every file it generated. The next run is a no-op when the fingerprint
 * is the same and those files are still intact.
 *
 * @param fingerprint see {@link Fingerprint}
 * @param outputs generated file (relative to the output directory, {@code /}-separated) to its
 *     SHA-256
 */
record GenerationState(String fingerprint, Map<String, String> outputs) {
  private static final String HEADER = "modelplane-generation-state 1";

  GenerationState {
    outputs = Map.copyOf(outputs);
  }

  /** Hashes the generated files as they are on disk now. */
  static GenerationState capture(String fingerprint, Path outputDirectory, List<String> generated)
      throws IOException {
    Map<String, String> outputs = new TreeMap<>();
    for (String file : generated) {
      outputs.put(file, Sha256.of(outputDirectory.resolve(file)));
    }
    return new GenerationState(fingerprint, outputs);
  }

  /** The state saved in {@code file}, or empty when there is none or it is unreadable. */
  static Optional<GenerationState> read(Path file) throws IOException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
    if (lines.size() < 2
        || !lines.get(0).equals(HEADER)
        || !lines.get(1).startsWith("fingerprint ")) {
      return Optional.empty();
    }
    Map<String, String> outputs = new TreeMap<>();
    for (String line : lines.subList(2, lines.size())) {
      String[] parts = line.split(" ", 3);
      if (parts.length != 3 || !parts[0].equals("output")) {
        return Optional.empty();
      }
      outputs.put(parts[2], parts[1]);
    }
    return Optional.of(
        new GenerationState(lines.get(1).substring("fingerprint ".length()), outputs));
  }

  /** Writes through a temporary file, so that a killed build never leaves half a state behind. */
  void write(Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add(HEADER);
    lines.add("fingerprint " + fingerprint);
    new TreeMap<>(outputs).forEach((path, hash) -> lines.add("output " + hash + " " + path));
    Files.createDirectories(file.getParent());
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    Files.write(temporary, lines, StandardCharsets.UTF_8);
    Files.move(
        temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** True when every generated file still exists with the bytes this run left. */
  boolean outputsIntact(Path outputDirectory) throws IOException {
    for (Map.Entry<String, String> output : outputs.entrySet()) {
      Path file = outputDirectory.resolve(output.getKey());
      if (!Files.isRegularFile(file) || !Sha256.of(file).equals(output.getValue())) {
        return false;
      }
    }
    return true;
  }
}
