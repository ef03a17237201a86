package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.FieldPaths;
import ai.modelplane.generator.diagnostic.Severity;
import ai.modelplane.generator.load.ParsedDocument;
import ai.modelplane.generator.load.SourcePosition;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.naming.AzureNames;
import ai.modelplane.generator.naming.NameAnnotation;
import ai.modelplane.generator.naming.Naming;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The fleet-level check: no two clusters of one run share an Azure name within the scope Azure
 * keeps it unique in, compared as Azure compares it. Two outputs over one Azure resource would each
 * manage it (two Terraform states, two deployment stacks that delete what they stop managing), so a
 * collision is an error (MP418) at the later cluster, naming the earlier one's file and line.
 *
 * <p>Azure compares resource and resource group names case-insensitively ("Naming rules and
 * restrictions for Azure resources": resource and resource group names are case-insensitive unless
 * noted; always compare names case-insensitively). Scopes: resource groups, the node resource
 * groups AKS creates among them, and the subscription-scoped deployment stacks are unique per
 * subscription (the run is taken to deploy into one); an AKS cluster and a virtual network are
 * unique within their resource group. The DNS prefix is not compared: AKS appends a hash of its own
 * to form the API server's FQDN ({@code myakscluster-000a0aa0.hcp.eastus.azmk8s.io} for the prefix
 * {@code myAKSCluster}), so equal prefixes never meet in Azure. Subnet and pool names are unique
 * only inside their VNet and cluster. Sources: docs/facts/azure-name-uniqueness.md.
 */
final class FleetNames {
  private FleetNames() {}

  /** Where a name of one cluster came from: its {@code metadata.name} or a naming annotation. */
  record Site(String file, int line, int column, String fieldPath) {
    String at() {
      return file + ":" + line + ":" + column;
    }
  }

  /** The sites of one cluster's names. */
  record NameSites(Site name, Map<NameAnnotation, Site> annotations) {
    Site of(NameAnnotation annotation) {
      return annotations.getOrDefault(annotation, name);
    }

    /** {@code cluster}'s sites in {@code document}, read while the document is at hand. */
    static NameSites of(String file, ParsedDocument document, AksCluster cluster) {
      Site name = site(file, document, "/metadata/name");
      Map<NameAnnotation, Site> annotations = new EnumMap<>(NameAnnotation.class);
      for (NameAnnotation annotation : NameAnnotation.values()) {
        if (cluster.names().annotated().get(annotation).isPresent()) {
          annotations.put(
              annotation,
              site(file, document, FieldPaths.pointer("/metadata/annotations", annotation.key())));
        }
      }
      return new NameSites(name, annotations);
    }

    private static Site site(String file, ParsedDocument document, String pointer) {
      SourcePosition at = document.sourceMap().valuePosition(pointer);
      if (at.equals(SourcePosition.UNKNOWN)) {
        at = document.start();
      }
      return new Site(
          file, at.line(), at.column(), FieldPaths.toFieldPath(pointer, document.root()));
    }
  }

  /** One Azure name of one cluster, with the key that equal names share. */
  private record Entry(int owner, String what, String name, String key, Site site) {}

  /**
   * Reports every cluster whose names collide with an earlier one's and returns the clusters
   * without them, in order.
   */
  static List<AksCluster> check(
      List<AksCluster> clusters, List<NameSites> sites, List<Diagnostic> diagnostics) {
    Map<String, Entry> first = new LinkedHashMap<>();
    List<AksCluster> kept = new ArrayList<>();
    for (int i = 0; i < clusters.size(); i++) {
      AksCluster cluster = clusters.get(i);
      Map<Integer, List<Entry[]>> clashes = new LinkedHashMap<>();
      for (Entry entry : entries(i, cluster, sites.get(i))) {
        Entry earlier = first.putIfAbsent(entry.key(), entry);
        if (earlier != null && earlier.owner() != i) {
          clashes
              .computeIfAbsent(earlier.owner(), k -> new ArrayList<>())
              .add(new Entry[] {earlier, entry});
        }
      }
      for (Map.Entry<Integer, List<Entry[]>> pair : clashes.entrySet()) {
        diagnostics.add(collision(clusters.get(pair.getKey()), pair.getValue()));
      }
      if (clashes.isEmpty()) {
        kept.add(cluster);
      }
    }
    return kept;
  }

  private static List<Entry> entries(int owner, AksCluster cluster, NameSites sites) {
    AzureNames names = cluster.names();
    String resourceGroup = lower(names.resourceGroup());
    boolean nodeAnnotated = names.annotated().get(NameAnnotation.NODE_RESOURCE_GROUP).isPresent();
    return List.of(
        new Entry(
            owner,
            "resource group",
            names.resourceGroup(),
            "group:" + resourceGroup,
            sites.of(NameAnnotation.RESOURCE_GROUP)),
        new Entry(
            owner,
            "node resource group",
            names.nodeResourceGroup(),
            "group:" + lower(names.nodeResourceGroup()),
            nodeAnnotated
                ? sites.of(NameAnnotation.NODE_RESOURCE_GROUP)
                : sites.of(NameAnnotation.RESOURCE_GROUP)),
        new Entry(
            owner,
            "AKS cluster",
            names.cluster(),
            "cluster:" + resourceGroup + "/" + lower(names.cluster()),
            sites.of(NameAnnotation.CLUSTER_NAME)),
        new Entry(
            owner,
            "virtual network",
            names.virtualNetwork(),
            "vnet:" + resourceGroup + "/" + lower(names.virtualNetwork()),
            sites.of(NameAnnotation.VNET_NAME)),
        new Entry(
            owner,
            "deployment stack",
            Naming.deploymentStack(cluster.namespace(), cluster.name()),
            "stack:" + lower(Naming.deploymentStack(cluster.namespace(), cluster.name())),
            sites.name()));
  }

  private static Diagnostic collision(AksCluster earlierCluster, List<Entry[]> clashes) {
    Entry earlier = clashes.get(0)[0];
    Entry later = clashes.get(0)[1];
    StringBuilder message =
        new StringBuilder()
            .append(later.what())
            .append(' ')
            .append(later.name())
            .append(" is also the ")
            .append(earlier.what())
            .append(' ')
            .append(
                later.what().equals(earlier.what()) && later.name().equals(earlier.name())
                    ? ""
                    : earlier.name() + " ")
            .append("of AKSCluster ")
            .append(earlierCluster.qualifiedName())
            .append(" at ")
            .append(earlier.site().at());
    if (!later.name().equals(earlier.name())) {
      message.append(" (Azure compares these names case-insensitively)");
    }
    message.append(", so both outputs would manage the same Azure resources");
    if (clashes.size() > 1) {
      message.append("; they also share the ");
      for (int k = 1; k < clashes.size(); k++) {
        message.append(k > 1 ? ", the " : "").append(clashes.get(k)[1].what()).append(' ');
        message.append(clashes.get(k)[1].name());
      }
    }
    return new Diagnostic(
        DiagnosticCode.MP418,
        Severity.ERROR,
        later.site().file(),
        later.site().line(),
        later.site().column(),
        later.site().fieldPath(),
        message.toString(),
        "give one of them another name, namespace or naming annotation; if both describe one live cluster, keep one manifest");
  }

  private static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
