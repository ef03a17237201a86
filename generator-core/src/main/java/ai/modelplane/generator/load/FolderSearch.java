package ai.modelplane.generator.load;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One folder search. Hidden folders ({@code .git}, {@code .github}…), trees this generator wrote (a
 * folder holding {@code .modelplane/}) and the output folder are not searched: their YAML is never
 * AKSCluster input.
 *
 * <p>Symbolic links are followed when they resolve inside the searched folder, and each file is
 * read once, under its own path when the search also finds it there; a link that points outside the
 * folder, into a folder the search skips, back to a folder above itself (a loop) or nowhere is
 * reported as a warning (MP012) rather than skipped in silence. The search itself walks real
 * folders only, so a link can never make it loop, and a tree without links costs one {@code lstat}
 * per entry, as before.
 */
final class FolderSearch {
  private final Path root;
  private final String given;
  private final String displayPrefix;
  private final Optional<Path> outputReal;
  private Path rootReal;
  private final List<InputSource> found = new ArrayList<>();

  /**
   * Real paths of the folders searched and the regular YAML files found, to resolve links against.
   */
  private final Set<Path> searchedFolders = new HashSet<>();

  private final Set<Path> foundFiles = new HashSet<>();
  private final List<Path> links = new ArrayList<>();

  FolderSearch(Path root, String given, Optional<Path> outputReal) {
    this(root, given, outputReal, "");
  }

  /**
   * @param displayPrefix put before every path shown, such as {@code HEAD:} for the files of a git
   *     commit written out into {@code root}
   */
  FolderSearch(Path root, String given, Optional<Path> outputReal, String displayPrefix) {
    this.root = root;
    this.given = given;
    this.displayPrefix = displayPrefix;
    this.outputReal = outputReal;
  }

  List<InputSource> run() throws IOException {
    rootReal = root.toRealPath();
    search(root, Path.of(""));
    links.sort(null);
    for (Path link : links) {
      resolveLink(link);
    }
    found.sort((a, b) -> a.path().orElseThrow().compareTo(b.path().orElseThrow()));
    return found;
  }

  private void search(Path folder, Path relative) throws IOException {
    Path folderReal = rootReal.resolve(relative);
    if (outputReal.isPresent() && folderReal.equals(outputReal.get())) {
      return;
    }
    List<Path> entries = new ArrayList<>();
    List<BasicFileAttributes> attributes = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder)) {
      for (Path entry : stream) {
        BasicFileAttributes entryAttributes =
            Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (entryAttributes.isDirectory() && entry.getFileName().toString().equals(".modelplane")) {
          // A tree this generator wrote: nothing in it is input.
          return;
        }
        entries.add(entry);
        attributes.add(entryAttributes);
      }
    }
    searchedFolders.add(folderReal);
    for (int i = 0; i < entries.size(); i++) {
      Path entry = entries.get(i);
      BasicFileAttributes entryAttributes = attributes.get(i);
      String name = entry.getFileName().toString();
      if (entryAttributes.isDirectory()) {
        if (!name.startsWith(".")) {
          search(entry, relative.resolve(name));
        }
      } else if (entryAttributes.isSymbolicLink()) {
        links.add(entry);
      } else if (Inputs.isYaml(entry)) {
        if (entryAttributes.isRegularFile()) {
          found.add(InputSource.foundInFolder(entry, displayOf(entry)));
          foundFiles.add(folderReal.resolve(name));
        } else {
          found.add(Inputs.notARegularFile(entry, displayOf(entry), true));
        }
      }
    }
  }

  private void resolveLink(Path link) {
    boolean yaml = Inputs.isYaml(link);
    Path target;
    BasicFileAttributes attributes;
    try {
      target = link.toRealPath();
      attributes = Files.readAttributes(target, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      if (yaml) {
        report(
            link,
            "broken symbolic link (its target does not exist); not read",
            "fix or remove the link");
      }
      return;
    } catch (FileSystemException e) {
      // ELOOP, whose wording differs between platforms: a chain of links that leads back to
      // itself.
      boolean loop = e.getReason() != null && e.getReason().contains("levels of symbolic links");
      report(
          link,
          "symbolic link that cannot be resolved ("
              + (loop ? "it leads back to itself" : String.valueOf(e.getReason()))
              + "); not followed",
          "fix or remove the link");
      return;
    } catch (IOException e) {
      report(
          link,
          "symbolic link that cannot be resolved (" + e.getMessage() + "); not followed",
          "fix or remove the link");
      return;
    }
    Path linkFolderReal = rootReal.resolve(root.relativize(link.getParent()));
    boolean inside = target.startsWith(rootReal);
    if (attributes.isDirectory()) {
      if (link.getFileName().toString().startsWith(".")) {
        return;
      }
      if (!inside) {
        report(
            link,
            "symbolic link to the folder "
                + target
                + ", outside the searched folder "
                + displayPrefix
                + given
                + "; not followed",
            outsideHint());
      } else if (linkFolderReal.startsWith(target)) {
        report(
            link,
            "symbolic link to "
                + shown(target)
                + ", a folder that holds the link itself, so following it would loop; not followed",
            "remove the link");
      } else if (!searchedFolders.contains(target)) {
        report(
            link,
            "symbolic link into "
                + shown(target)
                + ", which the search skips ("
                + whySkipped(target)
                + "); not followed",
            "name the target on the command line if it is input");
      }
      // Otherwise the search already read that folder's files under their own paths.
    } else if (yaml) {
      if (!inside) {
        report(
            link,
            "symbolic link to the file "
                + target
                + ", outside the searched folder "
                + displayPrefix
                + given
                + "; not read",
            outsideHint());
      } else if (!attributes.isRegularFile()) {
        found.add(Inputs.notARegularFile(link, displayOf(link), true));
      } else if (!searchedFolders.contains(target.getParent())) {
        report(
            link,
            "symbolic link into "
                + shown(target.getParent())
                + ", which the search skips ("
                + whySkipped(target.getParent())
                + "); not read",
            "name the target on the command line if it is input");
      } else if (foundFiles.add(target)) {
        // A file the search reaches only through this link (its own name is not *.yaml, say).
        found.add(InputSource.foundInFolder(link, displayOf(link)));
      }
      // Otherwise it is read once, under its own path or an earlier link's.
    }
  }

  private String whySkipped(Path folder) {
    return outputReal.isPresent() && folder.startsWith(outputReal.get())
        ? "it is the output folder"
        : "hidden folders and generated trees are not searched";
  }

  /** A real path inside the search, as the user would write it. */
  private String shown(Path real) {
    return InputSource.display(displayPrefix + join(given, rootReal.relativize(real).toString()));
  }

  private String outsideHint() {
    return "links are followed only inside "
        + displayPrefix
        + given
        + "; name the target on the command line, or move it inside";
  }

  private void report(Path link, String why, String hint) {
    String display = displayOf(link);
    found.add(
        InputSource.problem(
            link,
            display,
            true,
            LoadDiagnostics.fileWarning(
                InputSource.display(display), DiagnosticCode.MP012, why, hint)));
  }

  private String displayOf(Path entry) {
    return displayPrefix + join(given, root.relativize(entry).toString());
  }

  private static String join(String folder, String relative) {
    if (relative.isEmpty()) {
      return folder;
    }
    String prefix = folder.endsWith("/") ? folder : folder + "/";
    if (prefix.equals("./")) {
      prefix = "";
    }
    return prefix + relative.replace('\\', '/');
  }
}
