package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Severity;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.naming.AzureNames;
import ai.modelplane.generator.naming.NameAnnotation;
import ai.modelplane.generator.naming.Naming;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Azure's length and character rules for the derived names, and the checks of a cluster's names
 * (the naming half of {@link AzureRules}).
 */
public final class AzureNameRules {
  static final Pattern RESOURCE_GROUP = Pattern.compile("[-\\w._()]*[-\\w_()]");
  static final Pattern VIRTUAL_NETWORK =
      Pattern.compile("[A-Za-z0-9]([A-Za-z0-9_.-]*[A-Za-z0-9_])?");
  static final Pattern SUBNET = VIRTUAL_NETWORK;
  static final Pattern CLUSTER = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9_-]*[A-Za-z0-9])?");
  static final Pattern DNS_PREFIX = Pattern.compile("[A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?");
  static final Pattern POOL_NAME = Pattern.compile("[a-z][a-z0-9]{0,11}");

  /** One broken rule, worded for the user, and the annotation that can set the name. */
  public record Violation(String message, Optional<NameAnnotation> annotation) {
    public Violation(String message) {
      this(message, Optional.empty());
    }
  }

  private AzureNameRules() {}

  /**
   * The names {@code cluster} derives (or its annotations record) against Azure's rules, and its
   * pools' temporary rotation names against each other.
   */
  static void check(AksCluster cluster, List<AzureRules.Finding> findings) {
    AzureNames names = cluster.names();
    for (Violation violation : check(names)) {
      // An annotated name is the user's own: point at its annotation, not at metadata.name.
      // A node resource group derived from an annotated resource group is that annotation's doing.
      Optional<NameAnnotation> annotated =
          violation
              .annotation()
              .filter(annotation -> names.annotated().get(annotation).isPresent());
      Optional<NameAnnotation> owner =
          annotated.or(
              () ->
                  violation
                      .annotation()
                      .filter(annotation -> annotation == NameAnnotation.NODE_RESOURCE_GROUP)
                      .map(annotation -> NameAnnotation.RESOURCE_GROUP)
                      .filter(annotation -> names.annotated().get(annotation).isPresent()));
      String pointer =
          owner
              .map(
                  annotation ->
                      "/metadata/annotations/"
                          + annotation.key().replace("~", "~0").replace("/", "~1"))
              .orElse("/metadata/name");
      String message =
          annotated.isPresent()
              ? violation.message().replaceFirst("^derived ", "annotated ")
              : violation.message();
      findings.add(
          new AzureRules.Finding(pointer, DiagnosticCode.MP409, Severity.ERROR, message, ""));
    }
    Map<String, NodePool> poolsByName = new HashMap<>();
    cluster.spec().nodePools().forEach(pool -> poolsByName.put(pool.name(), pool));
    Map<String, NodePool> rotationOwners = new HashMap<>();
    for (NodePool pool : cluster.spec().nodePools()) {
      String rotation = names.rotationName(pool.name());
      String at = "/spec/nodePools/" + pool.index() + "/name";
      if (!POOL_NAME.matcher(rotation).matches()) {
        findings.add(
            new AzureRules.Finding(
                at,
                DiagnosticCode.MP409,
                Severity.ERROR,
                "derived rotation pool name " + rotation + " breaks AKS's pool naming rules",
                ""));
      }
      NodePool clash = poolsByName.get(rotation);
      if (clash != null && clash != pool) {
        findings.add(
            new AzureRules.Finding(
                at,
                DiagnosticCode.MP410,
                Severity.ERROR,
                "pool "
                    + pool.name()
                    + " is replaced through the temporary pool "
                    + rotation
                    + ", which is the name of spec.nodePools["
                    + clash.index()
                    + "]",
                "rename one of the pools"));
      }
      NodePool sharer = rotationOwners.putIfAbsent(rotation, pool);
      if (sharer != null) {
        findings.add(
            new AzureRules.Finding(
                at,
                DiagnosticCode.MP410,
                Severity.ERROR,
                "pools "
                    + sharer.name()
                    + " and "
                    + pool.name()
                    + " would both use the temporary pool name "
                    + rotation,
                "make the first 9 characters of pool names differ"));
      }
    }
  }

  public static List<Violation> check(AzureNames names) {
    List<Violation> violations = new ArrayList<>();
    check(
        NameAnnotation.RESOURCE_GROUP,
        names.resourceGroup(),
        1,
        Naming.RESOURCE_GROUP_MAX,
        RESOURCE_GROUP,
        violations);
    check(
        NameAnnotation.NODE_RESOURCE_GROUP,
        names.nodeResourceGroup(),
        1,
        Naming.NODE_RESOURCE_GROUP_MAX,
        RESOURCE_GROUP,
        violations);
    check(
        NameAnnotation.VNET_NAME,
        names.virtualNetwork(),
        2,
        Naming.VIRTUAL_NETWORK_MAX,
        VIRTUAL_NETWORK,
        violations);
    check(NameAnnotation.SUBNET_NAME, names.subnet(), 1, 80, SUBNET, violations);
    check(NameAnnotation.CLUSTER_NAME, names.cluster(), 1, Naming.CLUSTER_MAX, CLUSTER, violations);
    check(
        NameAnnotation.DNS_PREFIX,
        names.dnsPrefix(),
        1,
        Naming.DNS_PREFIX_MAX,
        DNS_PREFIX,
        violations);
    return violations;
  }

  private static void check(
      NameAnnotation annotation,
      String name,
      int min,
      int max,
      Pattern pattern,
      List<Violation> violations) {
    String what = annotation.what();
    if (name.length() < min || name.length() > max) {
      violations.add(
          new Violation(
              "derived "
                  + what
                  + " name "
                  + name
                  + " must be "
                  + min
                  + " to "
                  + max
                  + " characters long",
              Optional.of(annotation)));
    } else if (!pattern.matcher(name).matches()) {
      violations.add(
          new Violation(
              "derived "
                  + what
                  + " name "
                  + name
                  + " has characters Azure does not allow (must match "
                  + pattern
                  + ")",
              Optional.of(annotation)));
    }
  }
}
