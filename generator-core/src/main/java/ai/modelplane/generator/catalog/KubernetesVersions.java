package ai.modelplane.generator.catalog;

import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** AKS's dated Kubernetes support calendar ({@code catalog/kubernetes-versions.tsv}). */
public final class KubernetesVersions {
  public static final String RESOURCE = "catalog/kubernetes-versions.tsv";

  /**
   * One minor version, its standard-support window (whole months, inclusive) and until when AKS
   * gives the platform support that follows it (such as {@code 1.38 GA}).
   */
  public record Entry(
      String minor, YearMonth ga, YearMonth endOfStandardSupport, String platformSupportUntil) {
    /** The last day of standard support: AKS's end of life for the version. */
    public LocalDate endOfLife() {
      return endOfStandardSupport.atEndOfMonth();
    }

    public boolean supportedOn(LocalDate day) {
      YearMonth month = YearMonth.from(day);
      return !month.isBefore(ga) && !month.isAfter(endOfStandardSupport);
    }
  }

  private final List<Entry> entries;

  private KubernetesVersions(List<Entry> entries) {
    this.entries = List.copyOf(entries);
  }

  public static KubernetesVersions bundled() {
    List<Entry> entries = new ArrayList<>();
    // The fifth column is the row's source, for readers of the file.
    for (String[] row : VmSizeCatalog.Tsv.read(RESOURCE, 5)) {
      entries.add(new Entry(row[0], YearMonth.parse(row[1]), YearMonth.parse(row[2]), row[3]));
    }
    return new KubernetesVersions(entries);
  }

  /** The entry for a {@code major.minor} or {@code major.minor.patch} version. */
  public Optional<Entry> find(String version) {
    String[] parts = version.split("\\.");
    if (parts.length < 2) {
      return Optional.empty();
    }
    String minor = parts[0] + "." + parts[1];
    return entries.stream().filter(entry -> entry.minor().equals(minor)).findFirst();
  }

  /** Every minor in the calendar, oldest first. */
  public List<Entry> entries() {
    return entries;
  }

  /** The minors in standard support on {@code day}, oldest first. */
  public List<String> supportedOn(LocalDate day) {
    return entries.stream().filter(entry -> entry.supportedOn(day)).map(Entry::minor).toList();
  }
}
