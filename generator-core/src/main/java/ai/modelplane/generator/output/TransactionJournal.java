package ai.modelplane.generator.output;

import ai.modelplane.generator.output.Transaction.Kind;
import ai.modelplane.generator.output.Transaction.Step;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The file format of a {@link Transaction}'s journal, {@code .modelplane/transaction}.
 *
 * <p>Format: UTF-8 lines; first {@code modelplane-transaction 1}, then one line per step in the
 * order they are applied: {@code <step> <old> <new> <path>}, where {@code step} is {@code folder},
 * {@code create}, {@code replace} or {@code remove}, {@code old} and {@code new} are the
 * fingerprints of the bytes replaced and put ({@code <crc32>:<size>}, as in the manifest) or {@code
 * -} where the step has none, and {@code path} is relative to the output directory. The second
 * line, {@code token <16 hex digits>}, is random per transaction: step {@code n} (counting from 0)
 * stages its bytes at {@code .modelplane/staged/<token>-<n>.new} and its backup at {@code
 * .modelplane/staged/<token>-<n>.old}.
 */
final class TransactionJournal {
  static final String HEADER = "modelplane-transaction 1";

  /**
   * The second line: {@code token <hex>}, the random part of this transaction's staged file names
   * ({@code .modelplane/staged/<token>-<n>.new}). Journals of versions before it have none, and
   * their staged files are {@code <n>.new}.
   */
  static final String TOKEN = "token ";

  /** A journal read back: the token of its staged files ({@code ""} for none) and its steps. */
  record Journal(String token, List<Step> steps) {}

  private TransactionJournal() {}

  /** Puts the journal of {@code steps} at {@code journal} atomically. */
  static void write(Path journal, String token, List<Step> steps, Transaction.Moves moves)
      throws IOException {
    StringBuilder text = new StringBuilder(64 + steps.size() * 100).append(HEADER).append('\n');
    text.append(TOKEN).append(token).append('\n');
    for (Step step : steps) {
      text.append(step.kind().word)
          .append(' ')
          .append(encode(step.oldFingerprint()))
          .append(' ')
          .append(encode(step.newFingerprint()))
          .append(' ')
          .append(step.path())
          .append('\n');
    }
    Path temp =
        journal.resolveSibling(
            "."
                + journal.getFileName()
                + "."
                + ProcessHandle.current().pid()
                + Transaction.TEMP_SUFFIX);
    try {
      Files.write(
          temp,
          text.toString().getBytes(StandardCharsets.UTF_8),
          StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE);
      moves.move(temp, journal);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** {@code <crc32> <size>} as one word, {@code <crc32>:<size>}; {@code -} for none. */
  private static String encode(String fingerprint) {
    return fingerprint == null ? "-" : fingerprint.replace("  ", ":");
  }

  private static String decode(String word, String where) throws InvalidManifestException {
    if (word.equals("-")) {
      return null;
    }
    int colon = word.indexOf(':');
    if (colon != 8
        || !word.substring(0, 8)
            .chars()
            .allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))
        || colon + 1 == word.length()
        || !word.substring(colon + 1).chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new InvalidManifestException(
          where
              + ": expected a fingerprint '<crc32>:<size>' or '-', found '"
              + abbreviate(word)
              + "'");
    }
    return word.substring(0, 8) + "  " + word.substring(colon + 1);
  }

  /**
   * Reads a journal back.
   *
   * @throws InvalidManifestException when a line is not a step this class writes, so that a damaged
   *     journal can never make the generator act outside its tree
   */
  static Journal parse(byte[] bytes, String where) throws InvalidManifestException {
    String text = Manifest.bookkeepingText(bytes, where);
    String[] lines = text.split("\n", -1);
    if (!lines[0].equals(HEADER)) {
      throw new InvalidManifestException(where + ":1: expected '" + HEADER + "'");
    }
    List<Step> steps = new ArrayList<>();
    String token = "";
    int first = 1;
    if (lines.length > 1 && lines[1].startsWith(TOKEN)) {
      token = lines[1].substring(TOKEN.length());
      if (token.length() != 16
          || !token.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
        throw new InvalidManifestException(where + ":2: expected 'token <16 hex digits>'");
      }
      first = 2;
    }
    for (int i = first; i < lines.length; i++) {
      String line = lines[i];
      if (line.isEmpty() && i == lines.length - 1) {
        break;
      }
      String at = where + ":" + (i + 1);
      String[] words = line.split(" ", 4);
      Kind kind = null;
      for (Kind candidate : Kind.values()) {
        if (words.length == 4 && candidate.word.equals(words[0])) {
          kind = candidate;
        }
      }
      if (kind == null) {
        throw new InvalidManifestException(
            at + ": expected '<step> <old> <new> <path>', found '" + abbreviate(line) + "'");
      }
      String path = words[3];
      boolean safe =
          RelativePaths.isSafe(path)
              && (!RelativePaths.isReserved(path)
                  || (path.equals(Manifest.PATH) && kind != Kind.FOLDER));
      if (!safe) {
        throw new InvalidManifestException(
            at + ": expected a relative path, found '" + abbreviate(path) + "'");
      }
      String oldFingerprint = decode(words[1], at);
      String newFingerprint = decode(words[2], at);
      boolean wantsOld = kind == Kind.REPLACE || kind == Kind.REMOVE;
      boolean wantsNew = kind == Kind.REPLACE || kind == Kind.CREATE;
      if ((oldFingerprint != null) != wantsOld || (newFingerprint != null) != wantsNew) {
        throw new InvalidManifestException(
            at + ": the fingerprints do not fit a " + kind.word + " step");
      }
      steps.add(new Step(kind, path, oldFingerprint, newFingerprint));
    }
    return new Journal(token, steps);
  }

  private static String abbreviate(String text) {
    return text.length() <= 80 ? text : text.substring(0, 77) + "...";
  }
}
