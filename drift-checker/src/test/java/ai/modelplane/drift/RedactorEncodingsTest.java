package ai.modelplane.drift;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.azure.core.credential.TokenRequestContext;
import com.azure.core.util.ConfigurationBuilder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import reactor.core.publisher.Mono;

/**
 * The run's client secret and access token, echoed by a server in the encodings servers and proxies
 * use: URL-encoded, JSON-escaped and Base64 (alone, inside a longer Base64 text at each byte
 * alignment, and Base64 escaped once more). Nothing of the secret may be left but a character or
 * two at the edges of a Base64 run, which also carry the neighbours' bits.
 */
class RedactorEncodingsTest {
  /** A client secret with the characters Azure's generated secrets use, and a space and quotes. */
  static final String CLIENT_SECRET = "Ab8Q~x/y+z.w_v-Secret value \"q\" \\ é";

  /** Shaped like an Entra access token (a JWT), long enough to span many Base64 groups. */
  static final String TOKEN =
      "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJhdWQiOiJodHRwczovL21hbmFnZW1lbnQuYXp1cmUuY29tLyJ9"
          + ".c2lnbmF0dXJlLW9mLXRoZS10b2tlbi0xMjM0NTY3ODkw_-";

  private static final String BEFORE = "echo<";
  private static final String AFTER = ">end";

  static Redactor redactor() {
    Map<String, String> env = Map.of("AZURE_CLIENT_SECRET", CLIENT_SECRET);
    Redactor redactor =
        new Redactor(
            new ConfigurationBuilder(source -> Map.of(), source -> Map.of(), source -> env)
                .build());
    TokenCredential credential =
        new TokenCredential() {
          @Override
          public Mono<AccessToken> getToken(TokenRequestContext request) {
            return Mono.just(new AccessToken(TOKEN, OffsetDateTime.now().plusHours(1)));
          }
        };
    redactor
        .remembering(credential)
        .getTokenSync(new TokenRequestContext().addScopes("https://management.azure.com/.default"));
    return redactor;
  }

  private static String percentAll(String text, boolean lower) {
    StringBuilder out = new StringBuilder();
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      out.append(String.format(Locale.ROOT, lower ? "%%%02x" : "%%%02X", b & 0xFF));
    }
    return out.toString();
  }

  /** RFC 3986: everything but unreserved characters, a space as %20. */
  private static String percentRfc3986(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8)
        .replace("+", "%20")
        .replace("*", "%2A")
        .replace("%7E", "~");
  }

  private static String json(String text, boolean escapeSlash, boolean asciiOnly) {
    StringBuilder out = new StringBuilder();
    text.chars()
        .forEach(
            c -> {
              if (c == '"' || c == '\\') {
                out.append('\\').append((char) c);
              } else if (c == '/' && escapeSlash) {
                out.append("\\/");
              } else if (asciiOnly && (c > 0x7e || "+<>&'=".indexOf(c) >= 0)) {
                // System.Text.Json's default encoder escapes these
                out.append(String.format(Locale.ROOT, "\\u%04X", c));
              } else {
                out.append((char) c);
              }
            });
    return out.toString();
  }

  private static String everyCharJson(String text) {
    StringBuilder out = new StringBuilder();
    text.chars().forEach(c -> out.append(String.format(Locale.ROOT, "\\u%04x", c)));
    return out.toString();
  }

  private static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  private static String base64Url(String text) {
    return Base64.getUrlEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  static Stream<Arguments> echoes() {
    Map<String, UnaryOperator<String>> encodings = new java.util.LinkedHashMap<>();
    encodings.put("as is", s -> s);
    encodings.put("URL form encoding", s -> URLEncoder.encode(s, StandardCharsets.UTF_8));
    encodings.put("URL RFC 3986", RedactorEncodingsTest::percentRfc3986);
    encodings.put(
        "URL lower-case hex",
        s ->
            java.util.regex.Pattern.compile("%[0-9A-F]{2}")
                .matcher(URLEncoder.encode(s, StandardCharsets.UTF_8))
                .replaceAll(m -> m.group().toLowerCase(Locale.ROOT)));
    encodings.put("URL every byte", s -> percentAll(s, false));
    encodings.put("JSON string", s -> json(s, false, false));
    encodings.put("JSON with \\/", s -> json(s, true, false));
    encodings.put("JSON ASCII-only (System.Text.Json)", s -> json(s, false, true));
    encodings.put("JSON every character \\uXXXX", RedactorEncodingsTest::everyCharJson);
    encodings.put("Base64", RedactorEncodingsTest::base64);
    encodings.put("Base64 without padding", s -> base64(s).replace("=", ""));
    encodings.put("Base64 URL-safe", RedactorEncodingsTest::base64Url);
    encodings.put("Base64 URL-safe without padding", s -> base64Url(s).replace("=", ""));
    encodings.put("Base64 of a Basic header id:secret", s -> base64("client-id:" + s));
    encodings.put("Base64 at offset 1 of a longer text", s -> base64("a" + s + "tail"));
    encodings.put("Base64 at offset 2 of a longer text", s -> base64("ab" + s + "tail"));
    encodings.put("Base64 at offset 3 of a longer text", s -> base64("abc" + s + "tail"));
    encodings.put("Base64 URL-safe at offset 1", s -> base64Url("a" + s + "xy"));
    encodings.put("Base64 URL-safe at offset 2", s -> base64Url("ab" + s + "x"));
    encodings.put("Base64, JSON-escaped", s -> json(base64("ab" + s), true, false));
    encodings.put(
        "Base64, URL-encoded", s -> URLEncoder.encode(base64("a" + s), StandardCharsets.UTF_8));
    encodings.put(
        "Base64 of a form body",
        s ->
            base64(
                "client_id=x&client_secret="
                    + URLEncoder.encode(s, StandardCharsets.UTF_8)
                    + "&grant_type=client_credentials"));
    encodings.put("Base64 of \"Bearer <token>\"", s -> base64("Bearer " + s));
    List<Arguments> cases = new ArrayList<>();
    for (Map.Entry<String, String> secret :
        Map.of("client secret", CLIENT_SECRET, "access token", TOKEN).entrySet()) {
      encodings.forEach(
          (name, encoding) ->
              cases.add(Arguments.of(secret.getKey(), name, secret.getValue(), encoding)));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("echoes")
  void echoedSecretIsMasked(
      String secret, String encoding, String value, UnaryOperator<String> encode) {
    String echoed = encode.apply(value);
    // The same echo of a decoy of the same UTF-8 length: what both share is the echo's framing.
    String decoy = encode.apply(decoy(value));
    String text = BEFORE + echoed + AFTER;

    String out = redactor().redact(text);

    assertTrue(out.startsWith(BEFORE) && out.endsWith(AFTER), out);
    String left = out.substring(BEFORE.length(), out.length() - AFTER.length());
    assertTrue(left.contains(Redactor.MASK), left);
    // Beside a mask, Base64 keeps the character or two that carry the neighbours' bits too (left
    // out of the check); what the echo added around the secret (a key, "Bearer ", a form) stays.
    String[] segments = left.split(java.util.regex.Pattern.quote(Redactor.MASK), -1);
    StringBuilder rest = new StringBuilder();
    for (int i = 0; i < segments.length; i++) {
      String segment = segments[i];
      int from = i > 0 ? Math.min(2, segment.length()) : 0;
      int to = i < segments.length - 1 ? Math.max(from, segment.length() - 2) : segment.length();
      rest.append(segment, from, to).append('|');
    }
    assertFalse(
        containsRunOf(rest.toString(), echoed, decoy, 5),
        "a part of the " + secret + " (" + encoding + ") is left: " + left);
  }

  /**
   * Another value whose every encoding here has the same length: letters, digits and {@code .-_*}
   * stay one character, a space stays one in a form, others become %XX or two UTF-8 bytes alike.
   */
  private static String decoy(String value) {
    StringBuilder out = new StringBuilder();
    value
        .chars()
        .forEach(
            c -> {
              if (Character.isLetterOrDigit(c) && c < 0x80 || ".-_*".indexOf(c) >= 0) {
                out.append('Z');
              } else if (c == ' ') {
                out.append('*');
              } else if (c < 0x80) {
                out.append('!');
              } else {
                out.append('ü');
              }
            });
    return out.toString();
  }

  /**
   * Whether {@code rest} holds {@code length} consecutive characters of {@code echoed} that the
   * secret decided (not also in the decoy's echo: key names, "Bearer ", the form around it).
   */
  private static boolean containsRunOf(String rest, String echoed, String decoy, int length) {
    for (int i = 0; i + length <= rest.length(); i++) {
      String run = rest.substring(i, i + length);
      if (echoed.contains(run) && !decoy.contains(run)) {
        return true;
      }
    }
    return false;
  }
}
