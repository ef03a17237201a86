package ai.modelplane.drift;

import com.azure.core.credential.TokenCredential;
import com.azure.core.http.HttpClient;
import com.azure.core.http.HttpPipeline;
import com.azure.core.http.HttpPipelineBuilder;
import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.core.http.policy.AddDatePolicy;
import com.azure.core.http.policy.HttpLogDetailLevel;
import com.azure.core.http.policy.HttpLogOptions;
import com.azure.core.http.policy.RequestIdPolicy;
import com.azure.core.http.policy.RetryPolicy;
import com.azure.core.http.policy.UserAgentPolicy;
import com.azure.core.management.AzureEnvironment;
import com.azure.core.management.profile.AzureProfile;
import com.azure.identity.DefaultAzureCredentialBuilder;
import com.azure.resourcemanager.containerservice.ContainerServiceManager;
import com.azure.resourcemanager.network.NetworkManager;
import com.azure.resourcemanager.resourcegraph.ResourceGraphManager;
import com.azure.resourcemanager.resources.ResourceManager;
import com.azure.resourcemanager.resources.fluentcore.policy.AuthenticationPolicy;
import java.time.Instant;

/**
 * One authenticated, read-only connection to ARM shared by every cluster of a run.
 *
 * <p>The pipeline is built here rather than by the managers' {@code configure()}, so it holds
 * exactly what a drift check needs: retries, the bearer token, request counting; its HTTP client
 * (shared with the credential) reads bounded bodies ({@link BoundedHttpClient}). It has no HTTP
 * logging policy at all (so no {@code AZURE_HTTP_LOG_DETAIL_LEVEL} can make it print headers or
 * bodies) and no provider-registration policy (which would write to the subscription).
 */
final class ArmSession {
  private final RequestCountingPolicy counter = new RequestCountingPolicy();
  private final AzureProfile profile;
  private final HttpPipeline pipeline;
  private final Redactor redactor;

  ArmSession(
      DriftSettings settings,
      Redactor redactor,
      AzureEnvironment environment,
      String subscriptionId,
      boolean customEndpoint) {
    this.redactor = redactor;
    HttpClient httpClient =
        new BoundedHttpClient(
            httpClient(settings),
            settings.maxResponseBytes(),
            settings.maxGraphPageBytes(),
            settings.requestTimeout());
    TokenCredential credential =
        redactor.remembering(credential(settings, environment, httpClient, customEndpoint));
    this.profile = new AzureProfile(null, subscriptionId, environment);
    this.pipeline =
        new HttpPipelineBuilder()
            .httpClient(httpClient)
            .policies(
                new UserAgentPolicy("modelplane-drift"),
                new RequestIdPolicy(),
                retryPolicy(settings),
                new AddDatePolicy(),
                new AuthenticationPolicy(credential, environment),
                new RetryAfterLimitPolicy(Instant::now),
                counter)
            .build();
  }

  private static RetryPolicy retryPolicy(DriftSettings settings) {
    return new RetryPolicy(
        new ArmRetryStrategy(
            settings.maxRetries(), settings.retryBaseDelay(), settings.retryMaxDelay()));
  }

  private static HttpClient httpClient(DriftSettings settings) {
    java.net.http.HttpClient.Builder jdk = java.net.http.HttpClient.newBuilder();
    settings.sslContext().ifPresent(jdk::sslContext);
    return new JdkHttpClientBuilder(jdk)
        .connectionTimeout(settings.requestTimeout())
        .responseTimeout(settings.requestTimeout())
        .readTimeout(settings.requestTimeout())
        .build();
  }

  /**
   * DefaultAzureCredential: environment, workload identity, managed identity, Azure CLI and the
   * other developer tools. Its own HTTP pipeline gets logging switched off for the same reason as
   * ours, and our retry strategy.
   */
  private static TokenCredential credential(
      DriftSettings settings,
      AzureEnvironment environment,
      HttpClient httpClient,
      boolean customEndpoint) {
    String authority =
        settings
            .configuration()
            .get("AZURE_AUTHORITY_HOST", environment.getActiveDirectoryEndpoint());
    DefaultAzureCredentialBuilder builder =
        new DefaultAzureCredentialBuilder()
            .configuration(settings.configuration())
            .httpClient(httpClient)
            .httpLogOptions(new HttpLogOptions().setLogLevel(HttpLogDetailLevel.NONE))
            // The SDK's default strategy retries every exception, an untrusted certificate
            // included.
            .retryPolicy(retryPolicy(settings))
            .authorityHost(authority);
    if (customEndpoint) {
      // Instance discovery asks the public cloud about the authority; a custom cloud's authority is
      // not known there.
      builder.disableInstanceDiscovery();
    }
    return builder.build();
  }

  String subscriptionId() {
    return profile.getSubscriptionId();
  }

  /** Masks this run's secrets and tokens in text that came from a server or the SDK. */
  Redactor redactor() {
    return redactor;
  }

  int requestCount() {
    return counter.total();
  }

  ContainerServiceManager containerService() {
    return ContainerServiceManager.authenticate(pipeline, profile);
  }

  NetworkManager network() {
    return NetworkManager.authenticate(pipeline, profile);
  }

  ResourceManager resources() {
    return ResourceManager.authenticate(pipeline, profile)
        .withSubscription(profile.getSubscriptionId());
  }

  ResourceGraphManager resourceGraph() {
    return ResourceGraphManager.authenticate(pipeline, profile);
  }
}
