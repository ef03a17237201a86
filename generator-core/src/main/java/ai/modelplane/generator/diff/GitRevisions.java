package ai.modelplane.generator.diff;

import ai.modelplane.generator.load.InputSource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Reads the YAML files of a git commit by running the {@code git} program (it must be on PATH):
 * {@code git ls-tree} lists them, {@code git show REF:./path} reads each into a scratch folder.
 */
public final class GitRevisions {
  /**
   * The files of one commit.
   *
   * @param sources one per YAML file, displayed as {@code REF:path}
   * @param fileKeys per display path, the path relative to the working directory
   */
  public record Listing(List<InputSource> sources, Map<String, String> fileKeys) {}

  /** git failed or is missing; the message is meant for users. */
  public static final class GitException extends Exception {
    public GitException(String message) {
      super(message);
    }
  }

  private GitRevisions() {}

  /**
   * Reads every {@code *.yaml}/{@code *.yml} under {@code paths} (relative to {@code
   * workingDirectory}) at {@code ref}.
   */
  public static Listing read(String ref, List<String> paths, Path workingDirectory, Path scratch)
      throws IOException, GitException {
    List<String> listCommand =
        new ArrayList<>(List.of("git", "ls-tree", "-r", "--name-only", "-z", ref, "--"));
    listCommand.addAll(paths);
    String listing = new String(run(listCommand, workingDirectory), StandardCharsets.UTF_8);
    List<InputSource> sources = new ArrayList<>();
    Map<String, String> keys = new LinkedHashMap<>();
    for (String path : listing.split("\0")) {
      if (!(path.endsWith(".yaml") || path.endsWith(".yml"))) {
        continue;
      }
      byte[] content = run(List.of("git", "show", ref + ":./" + path), workingDirectory);
      Path copy = scratch.resolve(path).normalize();
      if (!copy.startsWith(scratch)) {
        throw new GitException("git listed a path outside the working directory: " + path);
      }
      Files.createDirectories(copy.getParent());
      Files.write(copy, content);
      String display = ref + ":" + path;
      sources.add(InputSource.file(copy, display));
      keys.put(display, path);
    }
    return new Listing(sources, keys);
  }

  private static byte[] run(List<String> command, Path workingDirectory)
      throws IOException, GitException {
    Process process;
    try {
      process =
          new ProcessBuilder(command).directory(workingDirectory.toAbsolutePath().toFile()).start();
    } catch (IOException e) {
      throw new GitException("cannot run git (it must be on PATH for --base): " + e.getMessage());
    }
    process.getOutputStream().close();
    CompletableFuture<byte[]> errors =
        CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
    byte[] output = readAll(process.getInputStream());
    try {
      int exit = process.waitFor();
      if (exit != 0) {
        String message = new String(errors.join(), StandardCharsets.UTF_8).strip();
        String firstLine =
            message.isEmpty() ? "exit code " + exit : message.lines().findFirst().orElse(message);
        throw new GitException(String.join(" ", command.subList(0, 2)) + " failed: " + firstLine);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroy();
      throw new GitException("interrupted while running git");
    }
    return output;
  }

  private static byte[] readAll(InputStream in) {
    try (in;
        ByteArrayOutputStream out = new ByteArrayOutputStream()) {
      in.transferTo(out);
      return out.toByteArray();
    } catch (IOException e) {
      return new byte[0];
    }
  }
}
