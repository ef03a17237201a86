package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.FieldPaths;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.naming.AzureNames;
import ai.modelplane.generator.naming.NameAnnotation;
import ai.modelplane.generator.naming.Naming;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Azure's length and character rules for the derived names, and the checks of a cluster's names
 * (the naming half of {@link AzureRules}).
 */
final class AzureNameRules {
  static final Pattern RESOURCE_GROUP = Pattern.compile("[-\\w._()]*[-\\w_()]");
  static final Pattern VIRTUAL_NETWORK =
      Pattern.compile("[A-Za-z0-9]([A-Za-z0-9_.-]*[A-Za-z0-9_])?");
  static final Pattern SUBNET = VIRTUAL_NETWORK;
  static final Pattern CLUSTER = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9_-]*[A-Za-z0-9])?");
  static final Pattern DNS_PREFIX = Pattern.compile("[A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?");
  static final Pattern POOL_NAME = Pattern.compile("[a-z][a-z0-9]{0,11}");

  private AzureNameRules() {}

  /**
   * The names {@code cluster} derives (or its annotations record) against Azure's rules, and its
   * pools' temporary rotation names against each other.
   */
  static void check(AksCluster cluster, Findings findings) {
    AzureNames names = cluster.names();
    check(names, findings);
    Map<String, NodePool> poolsByName = new HashMap<>();
    cluster.spec().nodePools().forEach(pool -> poolsByName.put(pool.name(), pool));
    Map<String, NodePool> rotationOwners = new HashMap<>();
    for (NodePool pool : cluster.spec().nodePools()) {
      String rotation = names.rotationName(pool.name());
      String at = "/spec/nodePools/" + pool.index() + "/name";
      if (!POOL_NAME.matcher(rotation).matches()) {
        findings.error(
            at,
            DiagnosticCode.MP409,
            "derived rotation pool name " + rotation + " breaks AKS's pool naming rules",
            "");
      }
      NodePool clash = poolsByName.get(rotation);
      if (clash != null && clash != pool) {
        findings.error(
            at,
            DiagnosticCode.MP410,
            "pool "
                + pool.name()
                + " is replaced through the temporary pool "
                + rotation
                + ", which is the name of spec.nodePools["
                + clash.index()
                + "]",
            "rename one of the pools");
      }
      NodePool sharer = rotationOwners.putIfAbsent(rotation, pool);
      if (sharer != null) {
        findings.error(
            at,
            DiagnosticCode.MP410,
            "pools "
                + sharer.name()
                + " and "
                + pool.name()
                + " would both use the temporary pool name "
                + rotation,
            "make the first 9 characters of pool names differ");
      }
    }
  }

  /** The names against Azure's rules, each broken one reported at what set it. */
  static void check(AzureNames names, Findings findings) {
    check(
        NameAnnotation.RESOURCE_GROUP,
        names.resourceGroup(),
        1,
        Naming.RESOURCE_GROUP_MAX,
        RESOURCE_GROUP,
        names,
        findings);
    check(
        NameAnnotation.NODE_RESOURCE_GROUP,
        names.nodeResourceGroup(),
        1,
        Naming.NODE_RESOURCE_GROUP_MAX,
        RESOURCE_GROUP,
        names,
        findings);
    check(
        NameAnnotation.VNET_NAME,
        names.virtualNetwork(),
        2,
        Naming.VIRTUAL_NETWORK_MAX,
        VIRTUAL_NETWORK,
        names,
        findings);
    check(NameAnnotation.SUBNET_NAME, names.subnet(), 1, 80, SUBNET, names, findings);
    check(
        NameAnnotation.CLUSTER_NAME,
        names.cluster(),
        1,
        Naming.CLUSTER_MAX,
        CLUSTER,
        names,
        findings);
    check(
        NameAnnotation.DNS_PREFIX,
        names.dnsPrefix(),
        1,
        Naming.DNS_PREFIX_MAX,
        DNS_PREFIX,
        names,
        findings);
  }

  private static void check(
      NameAnnotation annotation,
      String name,
      int min,
      int max,
      Pattern pattern,
      AzureNames names,
      Findings findings) {
    String problem;
    if (name.length() < min || name.length() > max) {
      problem = " must be " + min + " to " + max + " characters long";
    } else if (!pattern.matcher(name).matches()) {
      problem = " has characters Azure does not allow (must match " + pattern + ")";
    } else {
      return;
    }
    // An annotated name is the user's own: point at its annotation, not at metadata.name.
    // A node resource group derived from an annotated resource group is that annotation's doing.
    boolean annotated = names.annotated().get(annotation).isPresent();
    NameAnnotation owner =
        annotated || annotation != NameAnnotation.NODE_RESOURCE_GROUP
            ? annotation
            : NameAnnotation.RESOURCE_GROUP;
    String pointer =
        names.annotated().get(owner).isPresent()
            ? FieldPaths.pointer("/metadata/annotations", owner.key())
            : "/metadata/name";
    findings.error(
        pointer,
        DiagnosticCode.MP409,
        (annotated ? "annotated " : "derived ") + annotation.what() + " name " + name + problem,
        "");
  }
}
