package ai.modelplane.drift;

import com.azure.core.management.AzureEnvironment;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Maps {@code --cloud} and {@code --arm-endpoint} to the SDK's environment. */
final class AzureClouds {
  static final String AZURE_CLOUD = "AzureCloud";

  private AzureClouds() {}

  /** The named cloud, or empty when the name is not one of the three public clouds. */
  static Optional<AzureEnvironment> named(String cloud) {
    return switch (cloud) {
      case "AzureCloud" -> Optional.of(AzureEnvironment.AZURE);
      case "AzureChinaCloud" -> Optional.of(AzureEnvironment.AZURE_CHINA);
      case "AzureUSGovernment" -> Optional.of(AzureEnvironment.AZURE_US_GOVERNMENT);
      default -> Optional.empty();
    };
  }

  /**
   * A copy of {@code base} that talks to another ARM endpoint and, when given, another authority
   * ({@code AZURE_AUTHORITY_HOST}): custom clouds and local test servers.
   */
  static AzureEnvironment custom(
      AzureEnvironment base, URI armEndpoint, Optional<String> authorityHost) {
    Map<String, String> endpoints = new HashMap<>(base.getEndpoints());
    endpoints.put("resourceManagerEndpointUrl", withSlash(armEndpoint.toString()));
    authorityHost.ifPresent(host -> endpoints.put("activeDirectoryEndpointUrl", withSlash(host)));
    return new AzureEnvironment(endpoints);
  }

  private static String withSlash(String url) {
    return url.endsWith("/") ? url : url + "/";
  }
}
