package ai.modelplane.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JarHashesTest {
  @TempDir Path dir;

  private Path memo() {
    return dir.resolve("target/modelplane").resolve(JarHashes.FILE_NAME);
  }

  /** Writes bytes and backdates the file, as a jar installed a while ago. */
  private Path jar(String name, String content, Instant modified) throws Exception {
    Path jar = dir.resolve(name);
    Files.writeString(jar, content);
    Files.setLastModifiedTime(jar, FileTime.from(modified));
    return jar;
  }

  @Test
  void aSettledJarIsHashedOnceAndThenKnownByItsStat() throws Exception {
    Instant installed = Instant.now().minusSeconds(60);
    Path jar = jar("core.jar", "AAAA", installed);
    JarHashes first = JarHashes.in(memo());
    assertEquals(Sha256.of("AAAA"), first.of(jar));
    first.save();

    // Same size and time, other bytes: only a remembered hash can still say AAAA.
    jar("core.jar", "BBBB", installed);
    assertEquals(Sha256.of("AAAA"), JarHashes.in(memo()).of(jar));
  }

  @Test
  void aJarWithAnotherStatIsHashedAgain() throws Exception {
    Instant installed = Instant.now().minusSeconds(60);
    Path jar = jar("core.jar", "AAAA", installed);
    JarHashes first = JarHashes.in(memo());
    first.of(jar);
    first.save();

    jar("core.jar", "BBBB", installed.plusSeconds(1));
    assertEquals(Sha256.of("BBBB"), JarHashes.in(memo()).of(jar));
    jar("core.jar", "CCCCC", installed);
    assertEquals(Sha256.of("CCCCC"), JarHashes.in(memo()).of(jar));
  }

  @Test
  void aJarModifiedJustNowIsNotRemembered() throws Exception {
    Instant now = Instant.now();
    Path jar = jar("plugin.jar", "AAAA", now);
    JarHashes first = JarHashes.in(memo());
    first.of(jar);
    first.save();
    assertFalse(Files.exists(memo()), "nothing settled, so nothing to remember");

    // Rewritten within the same tick: its stat may not change, so it must be read again.
    jar("plugin.jar", "BBBB", now);
    assertEquals(Sha256.of("BBBB"), JarHashes.in(memo()).of(jar));
  }

  @Test
  void anUnreadableMemoIsIgnored() throws Exception {
    Path jar = jar("core.jar", "AAAA", Instant.now().minusSeconds(60));
    Files.createDirectories(memo().getParent());
    Files.writeString(
        memo(), "modelplane-jar-hashes 1\ngarbage-without-a-hash-field\n" + "x".repeat(10));
    assertEquals(Sha256.of("AAAA"), JarHashes.in(memo()).of(jar));
    Files.writeString(memo(), "some other file\n");
    assertEquals(Sha256.of("AAAA"), JarHashes.in(memo()).of(jar));
  }
}
