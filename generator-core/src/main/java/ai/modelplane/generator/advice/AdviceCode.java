package ai.modelplane.generator.advice;

/**
 * The lifecycle advisor's diagnostic codes, with the one-line summary SARIF rules show. Kubernetes
 * versions outside AKS's window keep the validator's {@code MP408}.
 */
public enum AdviceCode {
  MP501("Kubernetes version leaves AKS support within 60 days"),
  MP502("the output targets a Terraform provider major that a newer major has replaced"),
  MP503("an in-cluster chart or image pin is older than the version validated with the chart"),
  MP504("preview ARM API version in the Bicep output");

  private final String summary;

  AdviceCode(String summary) {
    this.summary = summary;
  }

  public String summary() {
    return summary;
  }
}
