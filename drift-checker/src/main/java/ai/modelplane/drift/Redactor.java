package ai.modelplane.drift;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.azure.core.credential.TokenRequestContext;
import com.azure.core.util.Configuration;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
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
 * password from the environment, every access token the credential handed out, also URL-encoded),
 * the value after a credential-like key ({@code Authorization}, {@code client_secret}, {@code
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
    for (String secret : secrets) {
      out = out.replace(secret, MASK);
    }
    out = KEYED.matcher(out).replaceAll(match -> Matcher.quoteReplacement(match.group(1) + MASK));
    out =
        SCHEME
            .matcher(out)
            .replaceAll(match -> Matcher.quoteReplacement(match.group(1) + match.group(2) + MASK));
    return JWT.matcher(out).replaceAll(MASK);
  }

  private void remember(String secret) {
    if (secret != null && secret.length() >= MIN_SECRET) {
      secrets.add(secret);
      String encoded = URLEncoder.encode(secret, StandardCharsets.UTF_8);
      if (!encoded.equals(secret)) {
        secrets.add(encoded);
      }
    }
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
