package ai.modelplane.generator.output;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files the generator owns below an output directory, stored at {@code .modelplane/manifest}.
 *
 * <p>Format: UTF-8 text, one line per generated file, sorted by path (Java's {@code String} order),
 * each line {@code <sha256 of the file's bytes, lower-case hex><two spaces><path relative to the
 * output directory, / separated>} and a final newline. That is exactly what {@code sha256sum}
 * prints, so {@code cd OUT && sha256sum -c .modelplane/manifest} tells which generated files were
 * edited by hand. No header, no timestamp, no version: the same files always give the same bytes.
 *
 * @param hashes path to SHA-256 hex, sorted by path
 */
public record Manifest(SortedMap<String, String> hashes) {
  /** Where the manifest lives, relative to the output directory. */
  public static final String PATH = ".modelplane/manifest";

  /** The folder reserved for the generator's own bookkeeping; renderers may not write into it. */
  static final String FOLDER = ".modelplane";

  private static final Pattern LINE = Pattern.compile("([0-9a-f]{64})  (.+)");

  public Manifest {
    hashes = Collections.unmodifiableSortedMap(new TreeMap<>(hashes));
  }

  public static Manifest empty() {
    return new Manifest(new TreeMap<>());
  }

  public Optional<String> hash(String path) {
    return Optional.ofNullable(hashes.get(path));
  }

  public boolean owns(String path) {
    return hashes.containsKey(path);
  }

  public byte[] toBytes() {
    StringBuilder text = new StringBuilder(hashes.size() * 120);
    for (Map.Entry<String, String> entry : hashes.entrySet()) {
      text.append(entry.getValue()).append("  ").append(entry.getKey()).append('\n');
    }
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Reads a manifest back.
   *
   * @param where how error messages name the manifest file
   * @throws InvalidManifestException when a line is not {@code <sha256>  <safe relative path>}, so a
   *     damaged or tampered manifest can never make the generator delete files outside its tree
   */
  public static Manifest parse(byte[] bytes, String where) throws InvalidManifestException {
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(java.nio.ByteBuffer.wrap(bytes))
              .toString();
    } catch (CharacterCodingException e) {
      throw new InvalidManifestException(where + ": not UTF-8 text; delete it only if nothing else wrote into this folder");
    }
    SortedMap<String, String> hashes = new TreeMap<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.isEmpty() && i == lines.length - 1) {
        break;
      }
      Matcher matcher = LINE.matcher(line);
      if (!matcher.matches() || !RelativePaths.isSafe(matcher.group(2)) || RelativePaths.isReserved(matcher.group(2))) {
        throw new InvalidManifestException(
            where + ":" + (i + 1) + ": expected '<sha256>  <relative path>', found '" + abbreviate(line) + "'");
      }
      if (hashes.put(matcher.group(2), matcher.group(1)) != null) {
        throw new InvalidManifestException(where + ":" + (i + 1) + ": " + matcher.group(2) + " is listed twice");
      }
    }
    return new Manifest(hashes);
  }

  /** Lower-case hex SHA-256 of {@code bytes}, as {@code sha256sum} prints it. */
  public static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime provides SHA-256", e);
    }
  }

  private static String abbreviate(String line) {
    return line.length() <= 80 ? line : line.substring(0, 77) + "...";
  }
}
