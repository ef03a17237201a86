package ai.modelplane.drift;

import static ai.modelplane.drift.SdkLists.orEmpty;

import ai.modelplane.generator.platform.Platform;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAddonProfile;
import com.azure.resourcemanager.containerservice.models.ManagedClusterApiServerAccessProfile;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The cluster-wide part of an imported document ({@code kubernetesVersion}, {@code
 * endpointAccess}), and the warnings for cluster settings the CRD has no field for or the generated
 * code sets otherwise.
 */
final class LiveClusterSettings {
  private final ManagedClusterInner cluster;
  private final Consumer<String> warn;

  LiveClusterSettings(ManagedClusterInner cluster, Consumer<String> warn) {
    this.cluster = cluster;
    this.warn = warn;
  }

  /** major.minor: the generated code lets AKS apply patches (automatic upgrade channel patch). */
  String kubernetesVersion() {
    String version = Objects.toString(cluster.kubernetesVersion(), "");
    String[] parts = version.split("\\.");
    if (parts.length >= 3) {
      warn.accept(
          "the cluster is pinned to Kubernetes "
              + version
              + "; the document asks for "
              + parts[0]
              + "."
              + parts[1]
              + " and the generated code's automatic upgrade channel "
              + Platform.UPGRADE_CHANNEL
              + " keeps it on the newest patch");
      return parts[0] + "." + parts[1];
    }
    return version;
  }

  boolean isPrivate() {
    return cluster.apiServerAccessProfile() != null
        && Boolean.TRUE.equals(cluster.apiServerAccessProfile().enablePrivateCluster());
  }

  /** Cluster settings the CRD has no field for. */
  void check() {
    // A managed Entra ID profile is spec.authentication EntraID (LiveExtensions); the legacy,
    // application-based integration has no field.
    if (cluster.aadProfile() != null && !Boolean.TRUE.equals(cluster.aadProfile().managed())) {
      warn.accept(
          "legacy Entra ID integration (aadProfile without managed) is set; the AKSCluster cannot express it and the generated code does not set it");
    }
    ManagedClusterApiServerAccessProfile access = cluster.apiServerAccessProfile();
    if (access != null && !orEmpty(access.authorizedIpRanges()).isEmpty()) {
      warn.accept(
          "the API server is limited to authorized IP ranges (apiServerAccessProfile.authorizedIpRanges); the AKSCluster cannot express it");
    }
    if (isPrivate()) {
      // The generated private cluster sets privateDNSZone "none" (ForceNew in azurerm) and a public
      // FQDN (docs/private-clusters.md): any other live value is a change, the zone a new cluster.
      if (!"none".equalsIgnoreCase(Objects.toString(access.privateDnsZone(), ""))) {
        warn.accept(
            "the private API server's DNS zone is "
                + Objects.toString(access.privateDnsZone(), "the AKS default (system)")
                + "; the generated code sets None, which Terraform applies by replacing the cluster");
      }
      if (!Boolean.TRUE.equals(access.enablePrivateClusterPublicFqdn())) {
        warn.accept(
            "the private API server has no public FQDN; the generated code enables it (private_cluster_public_fqdn_enabled = true)");
      }
      if (Boolean.TRUE.equals(access.enableVnetIntegration())) {
        warn.accept(
            "API Server VNet integration is enabled; the AKSCluster cannot express it and the generated code does not set it");
      }
    }
    if (Boolean.TRUE.equals(cluster.disableLocalAccounts())) {
      warn.accept(
          "local accounts are disabled; the generated code enables them (local_account_disabled = false)");
    }
    if (Boolean.FALSE.equals(cluster.enableRbac())) {
      warn.accept(
          "Kubernetes RBAC is off; the generated code turns it on, which replaces the cluster");
    }
    Map<String, ManagedClusterAddonProfile> addons =
        cluster.addonProfiles() == null ? Map.of() : new TreeMap<>(cluster.addonProfiles());
    addons.forEach(
        (name, addon) -> {
          if (addon != null && addon.enabled()) {
            warn.accept(
                "add-on "
                    + name
                    + " is enabled; the AKSCluster cannot express add-ons and the generated code does not set it");
          }
        });
    if (cluster.identity() != null
        && cluster.identity().type() != null
        && !cluster.identity().type().toString().equalsIgnoreCase("SystemAssigned")) {
      warn.accept(
          "the cluster identity is "
              + cluster.identity().type()
              + "; the generated code uses SystemAssigned");
    }
    if (cluster.autoUpgradeProfile() != null
        && cluster.autoUpgradeProfile().upgradeChannel() != null
        && !cluster
            .autoUpgradeProfile()
            .upgradeChannel()
            .toString()
            .equalsIgnoreCase(Platform.UPGRADE_CHANNEL)) {
      warn.accept(
          "automatic upgrade channel is "
              + cluster.autoUpgradeProfile().upgradeChannel()
              + "; the generated code sets "
              + Platform.UPGRADE_CHANNEL);
    }
    if (cluster.oidcIssuerProfile() == null
        || !Boolean.TRUE.equals(cluster.oidcIssuerProfile().enabled())) {
      warn.accept(
          "the OIDC issuer is off; the generated code turns it on (AKS does not allow turning it off again)");
    }
    if (cluster.sku() != null
        && cluster.sku().tier() != null
        && !cluster.sku().tier().toString().equalsIgnoreCase("Free")) {
      warn.accept(
          "SKU tier "
              + cluster.sku().tier()
              + "; the generated code does not set one, so azurerm plans the Free tier");
    }
  }
}
