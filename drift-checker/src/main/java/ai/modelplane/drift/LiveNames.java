package ai.modelplane.drift;

import ai.modelplane.generator.naming.AzureNames;
import ai.modelplane.generator.naming.NameAnnotation;
import ai.modelplane.generator.naming.NameOverrides;
import ai.modelplane.generator.naming.Naming;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of a live cluster, as an imported document holds them: {@code metadata.name}, and the
 * live names that differ from what {@link Naming} derives as {@link NameAnnotation}s.
 */
final class LiveNames {
  private static final Pattern SUBNET_ID =
      Pattern.compile(
          "(?i)/subscriptions/[^/]+/resourceGroups/([^/]+)/providers/Microsoft\\.Network/virtualNetworks/([^/]+)/subnets/([^/]+)");
  private static final Pattern RESOURCE_GROUP_IN_ID =
      Pattern.compile("(?i)/resourceGroups/([^/]+)/");
  private static final Pattern DNS1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

  private LiveNames() {}

  /**
   * The subnet the cluster's pools use, from the first pool that names one: its resource group,
   * VNet and subnet name.
   */
  static Optional<String[]> subnet(ManagedClusterInner cluster) {
    for (ManagedClusterAgentPoolProfile pool : SdkLists.orEmpty(cluster.agentPoolProfiles())) {
      if (pool.vnetSubnetId() != null) {
        Matcher m = SUBNET_ID.matcher(pool.vnetSubnetId());
        if (m.matches()) {
          return Optional.of(new String[] {m.group(1), m.group(2), m.group(3)});
        }
      }
    }
    return Optional.empty();
  }

  private static final Pattern FULL_SUBNET_ID =
      Pattern.compile(
          "(?i)/subscriptions/([^/]+)/resourceGroups/([^/]+)/providers/Microsoft\\.Network/virtualNetworks/([^/]+)/subnets/([^/]+)");

  /**
   * The pools' subnet as {@code spec.networking.subnetId} writes it, when it is outside the
   * cluster's resource group: a network of the cluster's own (what the generated code builds) is
   * always inside it. The ID in the casing ARM documents (and the CRD's rule asks for), whatever
   * casing AKS returns; empty for a subnet in the cluster's resource group or none.
   */
  static Optional<String> existingSubnetId(ManagedClusterInner cluster, String resourceGroup) {
    for (ManagedClusterAgentPoolProfile pool : SdkLists.orEmpty(cluster.agentPoolProfiles())) {
      if (pool.vnetSubnetId() != null) {
        Matcher m = FULL_SUBNET_ID.matcher(pool.vnetSubnetId());
        if (m.matches()) {
          return m.group(2).equalsIgnoreCase(resourceGroup)
              ? Optional.empty()
              : Optional.of(
                  "/subscriptions/"
                      + m.group(1)
                      + "/resourceGroups/"
                      + m.group(2)
                      + "/providers/Microsoft.Network/virtualNetworks/"
                      + m.group(3)
                      + "/subnets/"
                      + m.group(4));
        }
      }
    }
    return Optional.empty();
  }

  static String resourceGroup(ManagedClusterInner cluster) {
    Matcher m = RESOURCE_GROUP_IN_ID.matcher(Objects.toString(cluster.id(), ""));
    if (!m.find()) {
      throw new IllegalArgumentException(
          "managed cluster id without a resource group: " + cluster.id());
    }
    return m.group(1);
  }

  /**
   * {@code metadata.name} for a live name: the name itself when it is a DNS-1123 label, else a
   * cleaned-up form.
   */
  static String metadataName(String liveName) {
    String lower = liveName.toLowerCase(Locale.ROOT);
    if (DNS1123_LABEL.matcher(lower).matches() && lower.length() <= Naming.CLUSTER_MAX) {
      return lower;
    }
    String cleaned = lower.replaceAll("[^a-z0-9-]", "-").replaceAll("^-+|-+$", "");
    return cleaned.isEmpty() ? "cluster" : cleaned;
  }

  /**
   * The annotations the document needs: each live name that differs from the derived one. Warns
   * where the generated code cannot keep a live name.
   */
  static Map<NameAnnotation, String> annotations(
      ManagedClusterInner cluster,
      String resourceGroup,
      Optional<String[]> subnet,
      String namespace,
      String metadataName,
      Consumer<String> warn) {
    Map<NameAnnotation, String> live = new EnumMap<>(NameAnnotation.class);
    live.put(NameAnnotation.RESOURCE_GROUP, resourceGroup);
    live.put(NameAnnotation.CLUSTER_NAME, cluster.name());
    if (cluster.nodeResourceGroup() != null) {
      live.put(NameAnnotation.NODE_RESOURCE_GROUP, cluster.nodeResourceGroup());
    }
    if (cluster.dnsPrefix() != null) {
      live.put(NameAnnotation.DNS_PREFIX, cluster.dnsPrefix());
    } else {
      warn.accept(
          "the cluster has no DNS prefix (fqdnSubdomain "
              + cluster.fqdnSubdomain()
              + "); the generated code sets one, which replaces the cluster");
    }
    subnet.ifPresent(
        ids -> {
          if (!ids[0].equalsIgnoreCase(resourceGroup)) {
            warn.accept(
                "the VNet "
                    + ids[1]
                    + " is in resource group "
                    + ids[0]
                    + ", not the cluster's "
                    + resourceGroup
                    + "; the generated code keeps the VNet in the cluster's resource group, so it would build a new one and move every pool onto it");
          }
          live.put(NameAnnotation.VNET_NAME, ids[1]);
          live.put(NameAnnotation.SUBNET_NAME, ids[2]);
        });
    // Only names that differ from what Naming derives are written down.
    AzureNames derived = Naming.derive(namespace, metadataName, List.of(), NameOverrides.NONE);
    Map<NameAnnotation, String> annotations = new EnumMap<>(NameAnnotation.class);
    live.forEach(
        (annotation, value) -> {
          if (!value.equals(derivedName(annotation, derived, live, namespace, metadataName))) {
            annotations.put(annotation, value);
          }
        });
    return annotations;
  }

  private static String derivedName(
      NameAnnotation annotation,
      AzureNames derived,
      Map<NameAnnotation, String> live,
      String namespace,
      String metadataName) {
    return switch (annotation) {
      case RESOURCE_GROUP -> derived.resourceGroup();
      // Naming derives the node resource group from the resource group that applies, the live one
      // included.
      case NODE_RESOURCE_GROUP ->
          Naming.derive(
                  namespace,
                  metadataName,
                  List.of(),
                  new NameOverrides(
                      Map.of(
                          NameAnnotation.RESOURCE_GROUP, live.get(NameAnnotation.RESOURCE_GROUP))))
              .nodeResourceGroup();
      case CLUSTER_NAME -> derived.cluster();
      case DNS_PREFIX -> derived.dnsPrefix();
      case VNET_NAME -> derived.virtualNetwork();
      case SUBNET_NAME -> derived.subnet();
    };
  }
}
