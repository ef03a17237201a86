package ai.modelplane.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Names the code that produced an output: the plugin version plus the bytes of the plugin and
 * generator-core jars, so that a rebuilt SNAPSHOT (new templates, same version) is not mistaken for
 * the old one. The jars are found by resource name, which loads none of their classes.
 */
final class CodeIdentity {
  static final String PLUGIN_CLASS = "ai/modelplane/maven/GenerateMojo.class";
  static final String CORE_CLASS = "ai/modelplane/generator/Generator.class";

  private CodeIdentity() {}

  /**
   * @param jarHashes where the jars' hashes are remembered between builds
   */
  static String of(String pluginVersion, ClassLoader loader, JarHashes jarHashes) {
    StringBuilder identity = new StringBuilder(pluginVersion);
    for (String resource : new String[] {PLUGIN_CLASS, CORE_CLASS}) {
      identity.append(' ').append(contentOf(loader.getResource(resource), jarHashes));
    }
    jarHashes.save();
    return identity.toString();
  }

  private static String contentOf(URL classFile, JarHashes jarHashes) {
    if (classFile == null) {
      return "absent";
    }
    try {
      if (classFile.getProtocol().equals("jar")) {
        URL jar = ((JarURLConnection) classFile.openConnection()).getJarFileURL();
        return jarHashes.of(Paths.get(jar.toURI()));
      }
      // Classes straight from a build folder (unit tests): hash the class file itself.
      return Sha256.of(Path.of(classFile.toURI()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (java.net.URISyntaxException | IllegalArgumentException e) {
      return classFile.toString();
    }
  }
}
