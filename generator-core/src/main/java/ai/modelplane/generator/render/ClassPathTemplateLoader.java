package ai.modelplane.generator.render;

import freemarker.cache.TemplateLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;

/**
 * Reads templates through the class loader's own resource streams. FreeMarker's {@code
 * ClassTemplateLoader} opens a URL connection per template without caching, so in a jar every
 * template opens the jar anew (its manifest check included), which showed in samples of a cold run.
 * The class loader reuses the jar it already has open (and a Maven class realm closes what it
 * opened when it is disposed). Templates in a jar never change, so there is no modification time.
 */
final class ClassPathTemplateLoader implements TemplateLoader {
  private final ClassLoader classLoader;
  private final String folder;

  /**
   * @param folder resource folder of the templates, without a trailing slash
   */
  ClassPathTemplateLoader(ClassLoader classLoader, String folder) {
    this.classLoader = classLoader;
    this.folder = folder;
  }

  @Override
  public Object findTemplateSource(String name) {
    String resource = folder + "/" + name;
    return classLoader.getResource(resource) == null ? null : resource;
  }

  @Override
  public long getLastModified(Object templateSource) {
    return -1;
  }

  @Override
  public Reader getReader(Object templateSource, String encoding) throws IOException {
    InputStream in = classLoader.getResourceAsStream((String) templateSource);
    if (in == null) {
      throw new IOException(templateSource + " disappeared from the class path");
    }
    return new InputStreamReader(in, encoding);
  }

  @Override
  public void closeTemplateSource(Object templateSource) {
    // Nothing is held between findTemplateSource and getReader.
  }
}
