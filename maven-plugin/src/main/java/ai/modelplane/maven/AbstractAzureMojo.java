package ai.modelplane.maven;

import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * The goals that read live Azure through the drift checker ({@code drift}, {@code import}): where
 * and how long.
 */
abstract class AbstractAzureMojo extends AbstractModelplaneMojo {
  /**
   * Azure subscription ID (the CLI's {@code --subscription}); empty means {@code
   * AZURE_SUBSCRIPTION_ID}.
   */
  @Parameter(property = "modelplane.subscription")
  String subscription;

  /** AzureCloud, AzureChinaCloud or AzureUSGovernment (the CLI's {@code --cloud}). */
  @Parameter(property = "modelplane.cloud", defaultValue = "AzureCloud", required = true)
  String cloud;

  /** ARM endpoint URL for custom clouds and tests (the CLI's {@code --arm-endpoint}). */
  @Parameter(property = "modelplane.armEndpoint")
  String armEndpoint;

  /**
   * Limit for the whole run, ISO-8601 ({@code PT5M}) or {@code 300s}/{@code 5m}/{@code 1h} (the
   * CLI's {@code --timeout}).
   */
  @Parameter(property = "modelplane.timeout", defaultValue = "5m", required = true)
  String timeout;

  @Parameter(defaultValue = "${mojoExecution}", readonly = true, required = true)
  MojoExecution mojoExecution;

  String pluginVersion() {
    return mojoExecution.getMojoDescriptor().getPluginDescriptor().getVersion();
  }
}
