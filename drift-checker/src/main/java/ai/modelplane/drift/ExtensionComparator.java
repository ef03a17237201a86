package ai.modelplane.drift;

import static ai.modelplane.drift.DriftSeverity.HIGH;
import static ai.modelplane.drift.DriftSeverity.LOW;
import static ai.modelplane.drift.DriftSeverity.MEDIUM;
import static ai.modelplane.drift.SdkLists.orEmpty;

import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.PoolView;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAadProfile;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares the Modelplane extensions {@code spec.tags}, {@code spec.workloadIdentity} and {@code
 * spec.authentication} with the live managed cluster and its pools.
 *
 * <p>Tags: each tag the YAML sets that is missing or has another value is a finding (medium: a
 * policy or a cost report that relies on it misses the resource). Names are compared as Azure
 * compares them, case-insensitively; values exactly. A live tag the YAML does not set is reported
 * at low severity: Azure Policy (modify effect) and people add tags that say nothing about the
 * cluster's shape, yet the next Terraform apply sends the configured map as the whole tag set
 * (azurerm v5.2.0 kubernetes_cluster_resource.go:2411-2415), so they are worth knowing about.
 *
 * <p>Authentication (high: who can sign in with what): the managed Entra ID profile, Azure RBAC and
 * disabled local accounts for EntraID, neither an Entra ID profile nor disabled local accounts for
 * LocalAccounts, and with EntraID the admin groups as a set (object ids compared
 * case-insensitively, as GUIDs are).
 */
final class ExtensionComparator {
  private ExtensionComparator() {}

  static void compare(ClusterView plan, ManagedClusterInner cluster, List<Finding> findings) {
    compareTags("spec.tags", "tags", tags(plan.tags()), cluster.tags(), findings);
    for (ManagedClusterAgentPoolProfile live : orEmpty(cluster.agentPoolProfiles())) {
      for (PoolView pool : plan.allPools()) {
        if (pool.name().equals(live.name())) {
          compareTags(
              "spec.tags",
              PoolComparator.property(pool.name(), "tags"),
              tags(plan.tags()),
              live.tags(),
              findings);
        }
      }
    }
    boolean liveWorkloadIdentity =
        cluster.securityProfile() != null
            && cluster.securityProfile().workloadIdentity() != null
            && Boolean.TRUE.equals(cluster.securityProfile().workloadIdentity().enabled());
    if (plan.workloadIdentity() != liveWorkloadIdentity) {
      findings.add(
          Finding.changed(
              "spec.workloadIdentity",
              "securityProfile.workloadIdentity.enabled",
              MEDIUM,
              plan.workloadIdentity(),
              liveWorkloadIdentity));
    }
    compareAuthentication(plan, cluster, findings);
  }

  static void compareAuthentication(
      ClusterView plan, ManagedClusterInner cluster, List<Finding> findings) {
    String mode = "spec.authentication.mode";
    boolean desired = plan.authentication().entraId();
    ManagedClusterAadProfile aad = cluster.aadProfile();
    boolean liveEntra = aad != null && Boolean.TRUE.equals(aad.managed());
    boolean liveLocalAccountsOff = Boolean.TRUE.equals(cluster.disableLocalAccounts());
    if (desired != liveEntra) {
      findings.add(Finding.changed(mode, "aadProfile.managed", HIGH, desired, liveEntra));
    }
    if (desired != liveLocalAccountsOff) {
      findings.add(
          Finding.changed(mode, "disableLocalAccounts", HIGH, desired, liveLocalAccountsOff));
    }
    if (!desired || !liveEntra) {
      return;
    }
    if (!Boolean.TRUE.equals(aad.enableAzureRbac())) {
      findings.add(
          Finding.changed(mode, "aadProfile.enableAzureRBAC", HIGH, true, aad.enableAzureRbac()));
    }
    List<String> wanted = plan.authentication().adminGroupObjectIds();
    List<String> live = orEmpty(aad.adminGroupObjectIDs());
    if (!folded(wanted).equals(folded(live))) {
      findings.add(
          Finding.changed(
              "spec.authentication.adminGroupObjectIds",
              "aadProfile.adminGroupObjectIDs",
              HIGH,
              wanted,
              live));
    }
  }

  private static Set<String> folded(List<String> ids) {
    Set<String> set = new TreeSet<>();
    ids.forEach(id -> set.add(folded(id)));
    return set;
  }

  private static Map<String, String> tags(List<PoolView.Label> tags) {
    Map<String, String> map = new LinkedHashMap<>();
    tags.forEach(tag -> map.put(tag.key(), tag.value()));
    return map;
  }

  static void compareTags(
      String path,
      String property,
      Map<String, String> desired,
      Map<String, String> live,
      List<Finding> findings) {
    Map<String, Map.Entry<String, String>> liveByName = new LinkedHashMap<>();
    if (live != null) {
      live.entrySet().forEach(tag -> liveByName.put(folded(tag.getKey()), tag));
    }
    desired.forEach(
        (name, value) -> {
          Map.Entry<String, String> found = liveByName.remove(folded(name));
          String at = property + "[" + name + "]";
          if (found == null) {
            findings.add(Finding.missing(path, at, MEDIUM, value));
          } else if (!value.equals(found.getValue())) {
            findings.add(Finding.changed(path, at, MEDIUM, value, found.getValue()));
          }
        });
    liveByName
        .values()
        .forEach(
            extra ->
                findings.add(
                    Finding.unexpected(
                        path, property + "[" + extra.getKey() + "]", LOW, extra.getValue())));
  }

  private static String folded(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
