package ai.modelplane.drift;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed certificate for {@code localhost}, made with the JDK's keytool once per build under
 * {@code target/test-tls}: the server key store for the local ARM stand-in and a trust store
 * holding only its certificate.
 */
public final class TestTls {
  public static final String PASSWORD = "test-store";
  private static final Path DIR = Path.of("target", "test-tls").toAbsolutePath();
  public static final Path KEY_STORE = DIR.resolve("server.p12");
  public static final Path TRUST_STORE = DIR.resolve("trust.p12");

  /**
   * Another self-signed certificate for {@code localhost}, in no trust store: what a man in the
   * middle presents.
   */
  public static final Path UNTRUSTED_KEY_STORE = DIR.resolve("untrusted.p12");

  private TestTls() {}

  public static synchronized void ensure() {
    if (Files.exists(TRUST_STORE)) {
      return;
    }
    try {
      Files.createDirectories(DIR);
      Path cert = DIR.resolve("server.crt");
      generateKeyPair(KEY_STORE);
      keytool(
          "-exportcert",
          "-alias",
          "server",
          "-keystore",
          KEY_STORE.toString(),
          "-storepass",
          PASSWORD,
          "-rfc",
          "-file",
          cert.toString());
      keytool(
          "-importcert",
          "-noprompt",
          "-alias",
          "server",
          "-file",
          cert.toString(),
          "-storetype",
          "PKCS12",
          "-keystore",
          TRUST_STORE.toString(),
          "-storepass",
          PASSWORD);
    } catch (IOException | InterruptedException e) {
      throw new IllegalStateException("cannot create the test certificate", e);
    }
  }

  public static synchronized Path untrustedKeyStore() {
    if (!Files.exists(UNTRUSTED_KEY_STORE)) {
      try {
        Files.createDirectories(DIR);
        generateKeyPair(UNTRUSTED_KEY_STORE);
      } catch (IOException | InterruptedException e) {
        throw new IllegalStateException("cannot create the untrusted test certificate", e);
      }
    }
    return UNTRUSTED_KEY_STORE;
  }

  public static SSLContext clientContext() {
    ensure();
    try (InputStream in = Files.newInputStream(TRUST_STORE)) {
      KeyStore trust = KeyStore.getInstance("PKCS12");
      trust.load(in, PASSWORD.toCharArray());
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init(trust);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, factory.getTrustManagers(), null);
      return context;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("cannot read the test trust store", e);
    }
  }

  /** A new RSA key and self-signed certificate for {@code localhost} in a PKCS12 store. */
  private static void generateKeyPair(Path keyStore) throws IOException, InterruptedException {
    keytool(
        "-genkeypair",
        "-alias",
        "server",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "3650",
        "-dname",
        "CN=localhost",
        "-ext",
        "SAN=dns:localhost,ip:127.0.0.1",
        "-storetype",
        "PKCS12",
        "-keystore",
        keyStore.toString(),
        "-storepass",
        PASSWORD,
        "-keypass",
        PASSWORD);
  }

  private static void keytool(String... args) throws IOException, InterruptedException {
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    List<String> command = new ArrayList<>(List.of(keytool.toString()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    if (process.waitFor() != 0) {
      throw new IOException("keytool failed: " + output);
    }
  }
}
