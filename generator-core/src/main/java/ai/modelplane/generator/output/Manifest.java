package ai.modelplane.generator.output;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * The files the generator owns below an output directory, stored at {@code .modelplane/manifest}.
 *
 * <p>Format: UTF-8 text, one line per generated file, sorted by path (Java's {@code String} order),
 * each line {@code <crc32><two spaces><size><two spaces><path>} and a final newline, where {@code
 * crc32} is the CRC-32 (zlib's, as {@code java.util.zip.CRC32} and the {@code crc32} command
 * compute it) of the file's bytes as 8 lower-case hex digits, {@code size} its length in bytes, and
 * {@code path} relative to the output directory, {@code /}-separated. No header, no timestamp, no
 * version: the same files always give the same bytes.
 *
 * <p>Why not SHA-256: the fingerprint only has to notice hand edits (an edit that keeps both length
 * and CRC-32 is a 1 in 4 billion accident), not resist forgery; and every run fingerprints every
 * generated file, where SHA-256 costs about a second per 30 MB on a cold or C1-only JVM and zlib's
 * CRC-32 (native code) a few milliseconds.
 *
 * <p>A run over 1,000 clusters reads and writes about 7,000 paths that share long folder prefixes,
 * already in order, and looks up few of them (only files the stat cache does not vouch for), so the
 * manifest keeps sorted arrays: building a search tree would compare each path with a dozen others.
 */
public final class Manifest {
  /** Where the manifest lives, relative to the output directory. */
  public static final String PATH = ".modelplane/manifest";

  /** The folder reserved for the generator's own bookkeeping; renderers may not write into it. */
  static final String FOLDER = ".modelplane";

  private static final String EXPECTED = "expected '<crc32>  <size>  <relative path>'";
  private static final Manifest EMPTY = new Manifest(new String[0], new String[0]);

  /** Sorted by path (Java's {@code String} order), each path once. */
  private final String[] paths;

  /** The fingerprint ({@code <crc32> <size>}) of each of {@link #paths}. */
  private final String[] fingerprints;

  /**
   * @param fingerprints path to fingerprint ({@code <crc32> <size>})
   */
  public Manifest(Map<String, String> fingerprints) {
    this(new TreeMap<>(fingerprints));
  }

  private Manifest(TreeMap<String, String> byPath) {
    this(byPath.keySet().toArray(new String[0]), byPath.values().toArray(new String[0]));
  }

  private Manifest(String[] paths, String[] fingerprints) {
    this.paths = paths;
    this.fingerprints = fingerprints;
  }

  /**
   * The manifest of {@code paths} with {@code fingerprints}, one for each.
   *
   * @throws IllegalArgumentException when the paths are not sorted or one is there twice
   */
  static Manifest ofSorted(List<String> paths, List<String> fingerprints) {
    for (int i = 1; i < paths.size(); i++) {
      if (paths.get(i - 1).compareTo(paths.get(i)) >= 0) {
        throw new IllegalArgumentException(
            "manifest paths out of order: " + paths.get(i - 1) + ", " + paths.get(i));
      }
    }
    return new Manifest(paths.toArray(new String[0]), fingerprints.toArray(new String[0]));
  }

  public static Manifest empty() {
    return EMPTY;
  }

  /** Path to fingerprint ({@code <crc32> <size>}), sorted by path; a copy. */
  public SortedMap<String, String> fingerprints() {
    SortedMap<String, String> sorted = new TreeMap<>();
    for (int i = 0; i < paths.length; i++) {
      sorted.put(paths[i], fingerprints[i]);
    }
    return Collections.unmodifiableSortedMap(sorted);
  }

  /** The paths, sorted. */
  List<String> paths() {
    return Collections.unmodifiableList(Arrays.asList(paths));
  }

  public Optional<String> recorded(String path) {
    int at = Arrays.binarySearch(paths, path);
    return at >= 0 ? Optional.of(fingerprints[at]) : Optional.empty();
  }

  public boolean owns(String path) {
    return Arrays.binarySearch(paths, path) >= 0;
  }

  public byte[] toBytes() {
    StringBuilder text = new StringBuilder(paths.length * 120);
    for (int i = 0; i < paths.length; i++) {
      text.append(fingerprints[i]).append("  ").append(paths[i]).append('\n');
    }
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Manifest that
        && Arrays.equals(paths, that.paths)
        && Arrays.equals(fingerprints, that.fingerprints);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(paths) + Arrays.hashCode(fingerprints);
  }

  @Override
  public String toString() {
    return "Manifest" + fingerprints();
  }

  /**
   * The text of a file in {@link #FOLDER}: strict UTF-8, since the generator reads paths to change
   * from it.
   */
  static String bookkeepingText(byte[] bytes, String where) throws InvalidManifestException {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new InvalidManifestException(
          where + ": not UTF-8 text; delete it only if nothing else wrote into this folder");
    }
  }

  /**
   * Reads a manifest back.
   *
   * @param where how error messages name the manifest file
   * @throws InvalidManifestException when a line is not {@code <crc32> <size> <safe relative
   *     path>}, so a damaged or tampered manifest can never make the generator delete files outside
   *     its tree
   */
  public static Manifest parse(byte[] bytes, String where) throws InvalidManifestException {
    String text = bookkeepingText(bytes, where);
    List<String> paths = new ArrayList<>();
    List<String> fingerprints = new ArrayList<>();
    boolean sorted = true;
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.isEmpty() && i == lines.length - 1) {
        break;
      }
      int pathStart = pathStart(line);
      String path = pathStart < 0 ? null : line.substring(pathStart);
      if (path == null || !RelativePaths.isSafe(path) || RelativePaths.isReserved(path)) {
        throw new InvalidManifestException(
            where + ":" + (i + 1) + ": " + EXPECTED + ", found '" + abbreviate(line) + "'");
      }
      if (sorted && !paths.isEmpty()) {
        int order = paths.get(paths.size() - 1).compareTo(path);
        if (order == 0) {
          throw listedTwice(where, i + 1, path);
        }
        sorted = order < 0;
      }
      paths.add(path);
      fingerprints.add(line.substring(0, pathStart - 2));
    }
    if (sorted) {
      return new Manifest(paths.toArray(new String[0]), fingerprints.toArray(new String[0]));
    }
    // Not in the order the generator writes (edited by hand?), but still a list of owned files.
    TreeMap<String, String> byPath = new TreeMap<>();
    for (int i = 0; i < paths.size(); i++) {
      if (byPath.put(paths.get(i), fingerprints.get(i)) != null) {
        throw listedTwice(where, i + 1, paths.get(i));
      }
    }
    return new Manifest(byPath);
  }

  private static InvalidManifestException listedTwice(String where, int line, String path) {
    return new InvalidManifestException(where + ":" + line + ": " + path + " is listed twice");
  }

  /**
   * Where the path starts in a line {@code <crc32> <size> <path>}: 8 lower-case hex digits, two
   * spaces, a size without leading zeros of at most 10 digits, two spaces, and at least one
   * character that does not end a line; -1 when the line is not like that.
   */
  private static int pathStart(String line) {
    int at = 0;
    for (; at < 8; at++) {
      char c = at < line.length() ? line.charAt(at) : ' ';
      if (!(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'f')) {
        return -1;
      }
    }
    if (!line.startsWith("  ", at)) {
      return -1;
    }
    int digits = at + 2;
    at = digits;
    while (at < line.length() && line.charAt(at) >= '0' && line.charAt(at) <= '9') {
      at++;
    }
    int length = at - digits;
    if (length == 0
        || length > 10
        || (length > 1 && line.charAt(digits) == '0')
        || !line.startsWith("  ", at)
        || at + 2 == line.length()) {
      return -1;
    }
    for (int i = at + 2; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
        return -1;
      }
    }
    return at + 2;
  }

  /** {@code <crc32> <size>} of {@code bytes}: what the manifest records for a file. */
  public static String fingerprint(byte[] bytes) {
    return fingerprint(crc32(bytes), bytes.length);
  }

  static String fingerprint(int crc32, int size) {
    return HexFormat.of().toHexDigits(crc32) + "  " + size;
  }

  static int crc32(byte[] bytes) {
    CRC32 crc = new CRC32();
    crc.update(bytes);
    return (int) crc.getValue();
  }

  private static String abbreviate(String line) {
    return line.length() <= 80 ? line : line.substring(0, 77) + "...";
  }
}
