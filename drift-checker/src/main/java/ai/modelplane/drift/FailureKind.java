package ai.modelplane.drift;

/**
 * Why a cluster could not be checked (exit code 1). Stable names: they appear in the JSON report.
 */
public enum FailureKind {
  /** No token: missing or wrong credentials, or no credential source available. */
  AUTHENTICATION("authentication"),
  /** A token, but ARM refused the read (HTTP 401/403): the identity lacks a read role. */
  AUTHORIZATION("authorization"),
  /** The subscription does not exist or is not visible to the identity. */
  SUBSCRIPTION_NOT_FOUND("subscription-not-found"),
  /** ARM kept answering 429, or asked to wait longer than the time left. */
  THROTTLED("throttled"),
  /** No answer within the per-request timeout (after retries), or the overall --timeout ran out. */
  TIMEOUT("timeout"),
  /** Any other ARM error that outlived the retries (persistent 5xx, unexpected 4xx). */
  AZURE_ERROR("azure-error"),
  /** The connection failed (DNS, TLS, refused) after the retries. */
  NETWORK("network"),
  /** The options cannot work (no subscription, unknown cloud). */
  CONFIGURATION("configuration");

  private final String label;

  FailureKind(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
