package ai.modelplane.drift;

import java.util.Objects;

/**
 * Why one cluster could not be checked.
 *
 * @param kind the category, for scripts
 * @param message one line for people; never holds tokens, secrets or response bodies beyond ARM's
 *     error code and message
 */
public record CheckFailure(FailureKind kind, String message) {
  public CheckFailure {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(message, "message");
  }
}
