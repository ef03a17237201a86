package ai.modelplane.generator.load;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The checks an input's bytes pass before a parser sees them: a cap on how many are read, and
 * strict UTF-8 that rejects UTF-16, bad bytes and NUL characters with their line and column.
 */
final class InputText {
  private InputText() {}

  /**
   * Up to {@code limit} bytes of {@code in}. Unlike {@link InputStream#readNBytes(int)}, which
   * reads through 8 KiB buffers, it starts small: a cluster file is well under a kilobyte, and a
   * fleet reads thousands of them.
   */
  static byte[] readAtMost(InputStream in, int limit) throws IOException {
    byte[] buffer = new byte[Math.min(limit, 2048)];
    int length = 0;
    while (true) {
      if (length == buffer.length) {
        if (length == limit) {
          break;
        }
        buffer = Arrays.copyOf(buffer, (int) Math.min(limit, buffer.length * 2L));
      }
      int read = in.read(buffer, length, buffer.length - length);
      if (read < 0) {
        break;
      }
      length += read;
    }
    return length == buffer.length ? buffer : Arrays.copyOf(buffer, length);
  }

  /**
   * Strict UTF-8: the first bad byte is reported with its line and column; a BOM is dropped.
   *
   * @return the text, or {@code null} after adding the reason to {@code diagnostics}
   */
  static String decode(String file, byte[] bytes, List<Diagnostic> diagnostics) {
    if (bytes.length >= 2
        && ((bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF)
            || (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE))) {
      diagnostics.add(
          LoadDiagnostics.fileError(
              file, DiagnosticCode.MP003, "input is UTF-16 text; save it as UTF-8"));
      return null;
    }
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length + 1);
    CoderResult result = decoder.decode(in, out, true);
    if (!result.isError()) {
      result = decoder.flush(out);
    }
    if (result.isError()) {
      int offset = in.position();
      int line = 1;
      int lineStart = 0;
      for (int i = 0; i < offset; i++) {
        if (bytes[i] == '\n') {
          line++;
          lineStart = i + 1;
        }
      }
      String hex = String.format("0x%02X", bytes[offset] & 0xFF);
      diagnostics.add(
          LoadDiagnostics.error(
              file,
              new SourcePosition(line, offset - lineStart + 1),
              DiagnosticCode.MP003,
              "input is not UTF-8: byte "
                  + hex
                  + " cannot start or continue a UTF-8 character; save the file as UTF-8"));
      return null;
    }
    out.flip();
    String text = out.toString();
    if (text.indexOf('\u0000') >= 0) {
      int at = text.indexOf('\u0000');
      int line = 1 + (int) text.substring(0, at).chars().filter(c -> c == '\n').count();
      int column = at - text.lastIndexOf('\n', at - 1);
      diagnostics.add(
          LoadDiagnostics.error(
              file,
              new SourcePosition(line, column),
              DiagnosticCode.MP003,
              "input holds a NUL character; is it UTF-16 or binary? Save it as UTF-8 text"));
      return null;
    }
    return text.startsWith("\uFEFF") ? text.substring(1) : text;
  }
}
