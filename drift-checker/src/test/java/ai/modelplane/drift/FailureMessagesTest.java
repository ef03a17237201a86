package ai.modelplane.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.azure.core.util.Configuration;
import java.net.URI;
import org.junit.jupiter.api.Test;

/**
 * A failure without a message says what failed, not "NullPointerException: (no message)" as the
 * attack review saw it.
 */
class FailureMessagesTest {
  private final Redactor redactor = new Redactor(new Configuration());

  @Test
  void anUnexpectedExceptionWithoutAMessageSaysWhatFailed() {
    CheckFailure failure =
        Failures.classify(
            new NullPointerException(),
            DriftSettings.defaults(),
            URI.create("https://management.azure.com/"),
            redactor);

    assertEquals(
        "the Azure SDK failed reading the cluster: an internal error that gave no reason"
            + " (NullPointerException)",
        failure.message());
    assertFalse(failure.message().contains("(no message)"), failure.message());
  }

  @Test
  void aMessageIsQuotedAsItsFirstLine() {
    assertEquals(
        "bad state", Failures.reason(new IllegalStateException("bad state\nsecond"), redactor));
    assertEquals("no reason given", Failures.firstLine(" "));
  }

  @Test
  void anErrorThatStopsTheRunIsNamedInWords() {
    assertEquals(
        "drift stopped: out of memory (Java heap space); give the JVM more heap (-Xmx) or check"
            + " fewer clusters at once",
        Failures.runStopper(new OutOfMemoryError("Java heap space"), redactor).orElseThrow());
  }
}
