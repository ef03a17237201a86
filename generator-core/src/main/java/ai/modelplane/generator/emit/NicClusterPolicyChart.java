package ai.modelplane.generator.emit;

import ai.modelplane.generator.lazy.Once;
import ai.modelplane.generator.plan.InClusterViews;
import ai.modelplane.generator.render.TemplateEngine;
import ai.modelplane.generator.render.terraform.HclOutputFormat;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The version of the nvidia-network-operator module's local NicClusterPolicy chart, derived from
 * the policy it renders. The helm provider plans a local chart from its {@code Chart.yaml} version
 * only (hashicorp/terraform-provider-helm#515; see docs/facts/day2-provider-facts.md, problem 9),
 * so a fixed version would never bring a changed policy to existing clusters.
 *
 * <p>The policy reads only platform constants, so it is rendered once per process, by the same
 * engine configuration as the Terraform renderer, from a view without the version (the policy does
 * not read it); rendering is pure, so the written file has the same bytes.
 */
final class NicClusterPolicyChart {
  /**
   * The chart's own release line; the build metadata after {@code +} carries the policy's digest.
   */
  static final String BASE_VERSION = "1.0.0";

  /** Hex digits of the SHA-256 kept: 48 bits tell policies apart and keep the version short. */
  static final int DIGEST_HEX_DIGITS = 12;

  private static final Once<String> VERSION =
      new Once<>(
          () ->
              version(
                  new TemplateEngine(List.of(HclOutputFormat.INSTANCE))
                      .render(
                          TerraformFiles.policyTemplate(),
                          InClusterViews.networkOperatorModule(""))));

  private NicClusterPolicyChart() {}

  /** {@code 1.0.0+<12 hex digits>} for this build's policy. */
  static String version() {
    return VERSION.get();
  }

  /** {@code 1.0.0+<12 hex digits>} of the SHA-256 of {@code renderedPolicy} (UTF-8). */
  static String version(String renderedPolicy) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(renderedPolicy.getBytes(StandardCharsets.UTF_8));
      return BASE_VERSION + "+" + HexFormat.of().formatHex(digest).substring(0, DIGEST_HEX_DIGITS);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
