package ai.modelplane.generator.naming;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Derives Azure names from {@code metadata.namespace}, {@code metadata.name} and the pool names.
 *
 * <p>The rules are a contract: changing one renames (and so recreates) live resources. They are
 * documented in docs/naming.md.
 *
 * <ul>
 *   <li>resource group {@code rg-<namespace>_<name>}: the underscore cannot occur in either part,
 *       so two namespaces never collide;
 *   <li>node resource group {@code <resource group>-nodes};
 *   <li>VNet {@code vnet-<name>}, subnet {@code snet-nodes} (both live in the dedicated group);
 *   <li>cluster {@code <name>}, DNS prefix {@code <name>};
 *   <li>rotation pool name: the pool name cut to 9 characters plus {@code tmp};
 *   <li>a {@code metadata.name} with dots (the API server allows them) has them turned into hyphens
 *       and gets the hash of the name as written ({@link #azureName}) before any of the above;
 *   <li>Bicep deployment stack {@code modelplane-<namespace>_<name>} (subscription-wide, so the
 *       underscore keeps two namespaces apart as in the resource group);
 *   <li>Bicep deployments in a resource group other clusters share (an existing subnet's or its
 *       route table's): {@code <purpose>-<namespace>_<name>}.
 * </ul>
 *
 * Each name a {@link NameAnnotation} in {@code metadata.annotations} records is taken as written
 * instead (an adopted cluster keeps its live names); the node resource group is then derived from
 * the resource group that applies. The deployment stack and rotation names are never annotated.
 *
 * <p>A name longer than Azure allows is cut and ends in {@code -} plus 8 hex digits of the SHA-256
 * of the full name, so it stays unique and stable.
 */
public final class Naming {
  /** Azure limit for resource group names. */
  public static final int RESOURCE_GROUP_MAX = 90;

  /** AKS limit for the node resource group name. */
  public static final int NODE_RESOURCE_GROUP_MAX = 80;

  public static final int VIRTUAL_NETWORK_MAX = 64;

  /**
   * Azure's length rules for the names the Bicep parameters declare besides the ones above
   * (learn.microsoft.com azure/azure-resource-manager/management/resource-name-rules: virtual
   * networks 2-64, subnets 1-80, user-assigned identities 3-128).
   */
  public static final int VIRTUAL_NETWORK_MIN = 2;

  public static final int SUBNET_MAX = 80;
  public static final int IDENTITY_MIN = 3;
  public static final int IDENTITY_MAX = 128;
  public static final int CLUSTER_MAX = 63;
  public static final int DNS_PREFIX_MAX = 54;
  public static final int POOL_NAME_MAX = 12;

  /**
   * Deployment stack names: 1 to 90 characters of {@code ^[-\w\._\(\)]+$}
   * (Azure/azure-rest-api-specs {@code
   * specification/resources/resource-manager/Microsoft.Resources/deploymentStacks/stable/2024-03-01/deploymentStacks.json}
   * at {@code 022e829d92d6}, parameter {@code deploymentStackName}); namespaces and names only use
   * {@code [a-z0-9-]}, the separator {@code _} and the hash {@code [0-9a-f-]}, all inside it.
   */
  public static final int DEPLOYMENT_STACK_MAX = 90;

  /**
   * The ReadWriteMany StorageClass for ModelCache PVCs, reported as status cache.storageClassName.
   */
  public static final String CACHE_STORAGE_CLASS = "modelplane-rwx-fs";

  /**
   * Deployment names: 1 to 64 alphanumerics, underscores, parentheses, hyphens and periods
   * (learn.microsoft.com azure/azure-resource-manager/management/resource-name-rules,
   * Microsoft.Resources deployments).
   */
  public static final int DEPLOYMENT_MAX = 64;

  private static final int HASH_CHARS = 8;

  private Naming() {}

  /**
   * Derives the names of the cluster {@code namespace/name} whose pools are named {@code
   * poolNames}; binding calls it once per cluster. It takes names, not the model, so that the model
   * can hold the result ({@code AksCluster.names()}) without a cycle.
   */
  public static AzureNames derive(String namespace, String metadataName, List<String> poolNames) {
    return derive(namespace, metadataName, poolNames, NameOverrides.NONE);
  }

  /** The same, with the live names {@code overrides} records taking the place of derived ones. */
  public static AzureNames derive(
      String namespace, String metadataName, List<String> poolNames, NameOverrides overrides) {
    String name = azureName(metadataName);
    String resourceGroup =
        overrides.orElse(
            NameAnnotation.RESOURCE_GROUP, fit("rg-" + namespace + "_" + name, RESOURCE_GROUP_MAX));
    Map<String, String> rotation = new LinkedHashMap<>();
    for (String pool : poolNames) {
      rotation.put(pool, rotationName(pool));
    }
    return new AzureNames(
        resourceGroup,
        overrides.orElse(
            NameAnnotation.NODE_RESOURCE_GROUP,
            fit(resourceGroup + "-nodes", NODE_RESOURCE_GROUP_MAX)),
        overrides.orElse(NameAnnotation.VNET_NAME, fit("vnet-" + name, VIRTUAL_NETWORK_MAX)),
        overrides.orElse(NameAnnotation.SUBNET_NAME, "snet-nodes"),
        overrides.orElse(NameAnnotation.CLUSTER_NAME, fit(name, CLUSTER_MAX)),
        overrides.orElse(NameAnnotation.DNS_PREFIX, dnsPrefix(name)),
        rotation,
        overrides);
  }

  /**
   * The subscription-scope deployment stack the Bicep output is deployed through, one per cluster.
   * A stack's location never changes after creation, so a fleet's clusters in other regions need
   * their own names; deriving it from namespace and name gives each cluster one for good.
   */
  public static String deploymentStack(String namespace, String name) {
    return fit("modelplane-" + namespace + "_" + azureName(name), DEPLOYMENT_STACK_MAX);
  }

  /**
   * A Bicep module deployment in a resource group that is not the cluster's own, such as the
   * resource group of an existing subnet, which many clusters of a hub-and-spoke network share. Two
   * deployments of one name running at once in one resource group leave only the last one
   * (learn.microsoft.com azure-resource-manager/templates/deploy-rest.md and deploy-powershell.md,
   * "Deployment name"), so two clusters applied together could lose one's role assignment; the
   * cluster's namespace and name keep each cluster's deployments apart, as in {@link
   * #deploymentStack}.
   */
  public static String sharedGroupDeployment(String purpose, String namespace, String name) {
    return fit(purpose + "-" + namespace + "_" + azureName(name), DEPLOYMENT_MAX);
  }

  /**
   * {@code metadata.name} as Azure names take it. The API server allows dots (a DNS-1123
   * subdomain), AKS cluster names and DNS prefixes do not: dots become hyphens, and the name gets 8
   * hex digits of the SHA-256 of the name as written, so that {@code a.b} and {@code a-b} never
   * share Azure names. A name without dots is used as it is.
   */
  static String azureName(String metadataName) {
    if (metadataName.indexOf('.') < 0) {
      return metadataName;
    }
    return metadataName.replace('.', '-') + "-" + sha256Hex(metadataName).substring(0, HASH_CHARS);
  }

  static String rotationName(String poolName) {
    String stem =
        poolName.length() > POOL_NAME_MAX - 3 ? poolName.substring(0, POOL_NAME_MAX - 3) : poolName;
    return stem + "tmp";
  }

  /** AKS DNS prefixes must start with a letter; DNS-1123 labels may start with a digit. */
  static String dnsPrefix(String name) {
    String base = Character.isLetter(name.charAt(0)) ? name : "aks-" + name;
    return fit(base, DNS_PREFIX_MAX);
  }

  /** Returns {@code name} when it fits, else a cut of it ending in a stable hash of the whole. */
  static String fit(String name, int max) {
    if (name.length() <= max) {
      return name;
    }
    String stem = name.substring(0, max - HASH_CHARS - 1);
    while (!stem.isEmpty() && !Character.isLetterOrDigit(stem.charAt(stem.length() - 1))) {
      stem = stem.substring(0, stem.length() - 1);
    }
    return stem + "-" + sha256Hex(name).substring(0, HASH_CHARS);
  }

  private static String sha256Hex(String text) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java runtime", e);
    }
  }
}
