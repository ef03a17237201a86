package ai.modelplane.drift;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.azure.core.credential.TokenRequestContext;
import com.azure.core.util.Configuration;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import reactor.core.publisher.Mono;

/**
 * Removes credentials from text a server or the SDK produced before it reaches a report, a progress
 * line or an error line. A server (or a proxy in between) may echo the request it got, headers and
 * form body included; error messages of the SDK quote such answers.
 *
 * <p>Removed: the run's own secrets wherever they appear (the client secret and certificate
 * password from the environment, every access token the credential handed out), in every encoding a
 * server is likely to echo them in: as they are, URL-encoded (any mix of {@code %XX}, either hex
 * case, {@code +} for a space), JSON-escaped (any mix of <code>&#92;uXXXX</code> and {@code \/},
 * {@code \"}, {@code \\}), and Base64, standard and URL-safe, padded or not, also inside a longer
 * Base64 text (a Basic header of {@code id:secret}, a base64 of the whole request) at each of the
 * three byte alignments, and those Base64 forms URL-encoded or JSON-escaped in turn; the value
 * after a credential-like key ({@code Authorization}, {@code client_secret}, {@code
 * client_assertion}, {@code assertion}, {@code access_token}, {@code refresh_token}, {@code
 * id_token}, {@code password}) in header, form and JSON notation, the token after {@code
 * Bearer}/{@code PoP}, and anything shaped like a JWT.
 */
final class Redactor {
  static final String MASK = "[redacted]";

  /** Secret values shorter than this are not searched for: they would mask ordinary words. */
  private static final int MIN_SECRET = 8;

  private static final List<String> SECRET_VARIABLES =
      List.of("AZURE_CLIENT_SECRET", "AZURE_CLIENT_CERTIFICATE_PASSWORD");

  private static final Pattern KEYED =
      Pattern.compile(
          "(?i)(\\b(?:authorization|client_secret|client_assertion|assertion|access_token|refresh_token|id_token|password)"
              + "\\b[\"']?\\s*[:=]\\s*[\"']?)(?:(?:bearer|basic|pop)\\s+)?[^\\s\"'&,;}]+");

  /**
   * A token after the scheme: long, and not a plain word ("Bearer authentication failed" stays).
   */
  private static final Pattern SCHEME =
      Pattern.compile(
          "(?i)\\b(bearer|pop)(\\s+)(?=[A-Za-z0-9._~+/-]*[0-9._~+/-])[A-Za-z0-9._~+/-]{16,}=*");

  private static final Pattern JWT =
      Pattern.compile("\\beyJ[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]*");

  private final Set<String> secrets = new CopyOnWriteArraySet<>();
  private final List<Pattern> patterns = new CopyOnWriteArrayList<>();

  Redactor(Configuration configuration) {
    for (String variable : SECRET_VARIABLES) {
      remember(configuration.get(variable));
    }
  }

  /** {@code text} without any credential; {@code null} stays {@code null}. */
  String redact(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out = text;
    for (Pattern secret : patterns) {
      out = secret.matcher(out).replaceAll(MASK);
    }
    out = KEYED.matcher(out).replaceAll(match -> Matcher.quoteReplacement(match.group(1) + MASK));
    out =
        SCHEME
            .matcher(out)
            .replaceAll(match -> Matcher.quoteReplacement(match.group(1) + match.group(2) + MASK));
    return JWT.matcher(out).replaceAll(MASK);
  }

  private void remember(String secret) {
    if (secret != null && secret.length() >= MIN_SECRET && secrets.add(secret)) {
      List<Pattern> forms = new ArrayList<>();
      forms.add(anyEscaping(secret));
      // Base64 of the secret, and of the secret form-encoded (a token request's body).
      Set<String> cores =
          new java.util.LinkedHashSet<>(base64Cores(secret.getBytes(StandardCharsets.UTF_8)));
      cores.addAll(
          base64Cores(
              URLEncoder.encode(secret, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8)));
      for (String base64 : cores) {
        forms.add(anyEscaping(base64));
      }
      patterns.addAll(forms);
    }
  }

  /**
   * Base64 text that only {@code bytes} decide, wherever they sit in a longer byte string: for each
   * of the three alignments and both alphabets, the characters all of whose six bits come from
   * {@code bytes} (the first and last character of such a run also carry bits of the neighbours,
   * and so are left out; padding follows from the length and is not needed).
   */
  static List<String> base64Cores(byte[] bytes) {
    List<String> cores = new ArrayList<>();
    for (int offset = 0; offset < 3; offset++) {
      byte[] shifted = new byte[offset + bytes.length];
      System.arraycopy(bytes, 0, shifted, offset, bytes.length);
      String encoded = Base64.getEncoder().withoutPadding().encodeToString(shifted);
      int first = (8 * offset + 5) / 6;
      int end = (8 * (offset + bytes.length)) / 6;
      String core = encoded.substring(first, end);
      if (core.length() >= MIN_SECRET) {
        cores.add(core);
        String urlSafe = core.replace('+', '-').replace('/', '_');
        if (!urlSafe.equals(core)) {
          cores.add(urlSafe);
        }
      }
    }
    return cores;
  }

  /**
   * {@code secret} as it is or with any of its characters URL-encoded ({@code %XX} of its UTF-8
   * bytes, either case; {@code +} for a space) or JSON-escaped (<code>&#92;uXXXX</code>; {@code
   * \/}, {@code \"}, {@code \\}).
   */
  static Pattern anyEscaping(String secret) {
    StringBuilder regex = new StringBuilder();
    secret
        .codePoints()
        .forEach(
            cp -> {
              List<String> forms = new ArrayList<>();
              String literal = new String(Character.toChars(cp));
              forms.add(Pattern.quote(literal));
              StringBuilder percent = new StringBuilder();
              for (byte b : literal.getBytes(StandardCharsets.UTF_8)) {
                percent.append(String.format(Locale.ROOT, "%%%02X", b & 0xFF));
              }
              forms.add("(?i:" + Pattern.quote(percent.toString()) + ")");
              StringBuilder unicode = new StringBuilder();
              for (char c : Character.toChars(cp)) {
                unicode.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
              }
              forms.add("(?i:" + Pattern.quote(unicode.toString()) + ")");
              if (cp == '/' || cp == '"' || cp == '\\') {
                forms.add(Pattern.quote("\\" + literal));
              }
              if (cp == ' ') {
                forms.add("\\+");
              }
              regex.append("(?:").append(String.join("|", forms)).append(')');
            });
    return Pattern.compile(regex.toString());
  }

  /**
   * {@code credential}, remembering every token it hands out so that an echo of it is masked too.
   */
  TokenCredential remembering(TokenCredential credential) {
    return new TokenCredential() {
      @Override
      public Mono<AccessToken> getToken(TokenRequestContext request) {
        return credential.getToken(request).doOnNext(token -> remember(token.getToken()));
      }

      @Override
      public AccessToken getTokenSync(TokenRequestContext request) {
        AccessToken token = credential.getTokenSync(request);
        remember(token.getToken());
        return token;
      }
    };
  }
}
