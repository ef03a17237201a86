package ai.modelplane.generator.catalog;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The VM sizes in {@code catalog/vm-sizes.tsv}; names compare case-insensitively, as Azure does.
 */
public final class VmSizeCatalog {
  public static final String RESOURCE = "catalog/vm-sizes.tsv";

  private final Map<String, VmSize> sizes;

  private VmSizeCatalog(Map<String, VmSize> sizes) {
    this.sizes = Map.copyOf(sizes);
  }

  public static VmSizeCatalog bundled() {
    Map<String, VmSize> sizes = new LinkedHashMap<>();
    for (String[] row : Tsv.read(RESOURCE, 7)) {
      VmSize size =
          new VmSize(
              row[0],
              row[1],
              row[2],
              Integer.parseInt(row[3]),
              Boolean.parseBoolean(row[4]),
              row[5],
              Integer.parseInt(row[6]));
      sizes.put(size.name().toLowerCase(Locale.ROOT), size);
    }
    return new VmSizeCatalog(sizes);
  }

  public Optional<VmSize> find(String vmSize) {
    return Optional.ofNullable(sizes.get(vmSize.toLowerCase(Locale.ROOT)));
  }

  /** Reads the small tab-separated data files of this package and of the lifecycle advisor. */
  public static final class Tsv {
    private Tsv() {}

    public static java.util.List<String[]> read(String resource, int columns) {
      java.util.List<String[]> rows = new java.util.ArrayList<>();
      try (InputStream in = VmSizeCatalog.class.getClassLoader().getResourceAsStream(resource)) {
        if (in == null) {
          throw new IllegalStateException(resource + " is missing from the classpath");
        }
        BufferedReader reader =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String line;
        while ((line = reader.readLine()) != null) {
          if (line.isBlank() || line.startsWith("#")) {
            continue;
          }
          String[] row = line.split("\t");
          if (row.length != columns) {
            throw new IllegalStateException(
                resource + ": expected " + columns + " columns: " + line);
          }
          rows.add(row);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return rows;
    }
  }
}
