package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the user and contributor documentation points at a file that exists, and a
 * link with {@code #anchor} into a Markdown file at one of its headings (GitHub's heading ids).
 */
class DocumentationLinksTest {
  private static final Path ROOT = Path.of("..");

  /**
   * {@code [text](target)} or {@code [text](target "title")}; and a reference definition {@code
   * [id]: target}.
   */
  private static final Pattern INLINE =
      Pattern.compile("\\]\\(<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\)");

  private static final Pattern REFERENCE =
      Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s+<?(\\S+?)>?(?:\\s.*)?$");
  private static final Pattern CODE_SPAN = Pattern.compile("(`+).*?\\1");

  static List<Path> documents() throws IOException {
    List<Path> documents =
        new ArrayList<>(
            List.of(
                ROOT.resolve("README.md"),
                ROOT.resolve("CONTRIBUTING.md"),
                ROOT.resolve("CHANGELOG.md")));
    for (String folder : List.of("docs", "examples")) {
      try (Stream<Path> files = Files.walk(ROOT.resolve(folder))) {
        files.filter(file -> file.toString().endsWith(".md")).sorted().forEach(documents::add);
      }
    }
    return documents;
  }

  /** Relative link targets of one Markdown text, outside fenced code blocks and code spans. */
  static List<String> relativeLinks(String markdown) {
    List<String> links = new ArrayList<>();
    boolean fenced = false;
    for (String line : markdown.split("\n", -1)) {
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        continue;
      }
      String text = CODE_SPAN.matcher(line).replaceAll("");
      Matcher inline = INLINE.matcher(text);
      while (inline.find()) {
        links.add(inline.group(1));
      }
      Matcher reference = REFERENCE.matcher(text);
      if (reference.matches()) {
        links.add(reference.group(1));
      }
    }
    return links.stream().filter(link -> !link.matches("(?i)[a-z][a-z0-9+.-]*:.*")).toList();
  }

  /**
   * The ids GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces as
   * '-', repeats numbered.
   */
  static Set<String> anchors(String markdown) {
    Set<String> ids = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    boolean fenced = false;
    for (String line : markdown.split("\n", -1)) {
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
      } else if (!fenced && line.matches("#{1,6} .*")) {
        String heading = line.replaceFirst("^#+ ", "").replaceAll("\\s+#+\\s*$", "").strip();
        String id =
            heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
        int count = seen.merge(id, 1, Integer::sum);
        ids.add(count == 1 ? id : id + "-" + (count - 1));
      }
    }
    return ids;
  }

  @Test
  void everyRelativeLinkResolves() throws IOException {
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path document : documents()) {
      String markdown = Files.readString(document);
      for (String link : relativeLinks(markdown)) {
        checked++;
        int hash = link.indexOf('#');
        String file = hash < 0 ? link : link.substring(0, hash);
        String anchor = hash < 0 ? "" : link.substring(hash + 1);
        Path target = file.isEmpty() ? document : document.getParent().resolve(file).normalize();
        String fromRoot =
            ROOT.toAbsolutePath()
                .normalize()
                .relativize(target.toAbsolutePath().normalize())
                .toString()
                .replace('\\', '/');
        if (!Files.exists(target)) {
          broken.add(ROOT.relativize(document) + ": " + link + " (no such file)");
        } else if (!anchor.isEmpty()
            && target.toString().endsWith(".md")
            && !anchors(Files.readString(target)).contains(anchor)) {
          broken.add(
              ROOT.relativize(document) + ": " + link + " (no such heading in " + fromRoot + ")");
        }
      }
    }
    assertEquals(List.of(), broken);
    assertTrue(checked > 50, "found only " + checked + " links: is the pattern still right?");
  }

  @Test
  void theCheckFindsABrokenLinkAndAMissingHeading() {
    assertEquals(
        List.of("a.md", "docs/b.md#x-y", "c/", "#local"),
        relativeLinks(
            "[a](a.md) [b](docs/b.md#x-y \"title\") `[no](code.md)` [web](https://example.com/x)\n"
                + "```\n[fenced](f.md)\n```\n[c]: c/\n[d](#local) [mail](mailto:a@b.c)\n"));
    assertEquals(
        Set.of(
            "exit-codes", "quick-start-needs-only-a-jdk-17", "exit-codes-1", "modelplanefoo-bar"),
        anchors(
            "## Exit codes\n# Quick start (needs only a JDK 17+)\n### Exit codes\n```\n# not a heading\n```\n## `modelplane.foo` bar\n"));
  }
}
