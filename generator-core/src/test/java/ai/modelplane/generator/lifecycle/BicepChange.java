package ai.modelplane.generator.lifecycle;

import static ai.modelplane.generator.diff.Consequence.CLUSTER_RECREATED;
import static ai.modelplane.generator.diff.Consequence.IN_PLACE;
import static ai.modelplane.generator.diff.Consequence.NO_AZURE_CHANGE;
import static ai.modelplane.generator.diff.Consequence.POOL_CREATED;
import static ai.modelplane.generator.diff.Consequence.POOL_DELETED;
import static ai.modelplane.generator.diff.Consequence.POOL_RECREATED;
import static ai.modelplane.generator.diff.Consequence.REFUSED;

import ai.modelplane.generator.diff.Consequence;
import ai.modelplane.generator.lifecycle.BicepTree.Module;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What redeploying a cluster's Bicep through its deployment stack does, from the two generated
 * roots alone: a module or parameter that appears, disappears or changes value, judged by what ARM
 * and AKS allow (docs/facts/day2-provider-facts.md problems 4, 5 and 7).
 *
 * @param consequence the worst of what the change does, in the diff's words
 * @param actions one line per change found, for failure messages
 */
record BicepChange(Consequence consequence, List<String> actions) {
  /** Names that make the cluster's resource id: a new value is a new cluster. */
  private static final Set<String> IDENTITY_VARIABLES = Set.of("resourceGroupName", "clusterName");

  /**
   * Names of an existing cluster AKS will not change (the node resource group: AKS docs faq.yml;
   * the DNS prefix: the REST spec's dnsPrefix) or that move its nodes' subnet (a new VNet or subnet
   * the pools cannot move to, the old one deleted while in use: InUseSubnetCannotBeDeleted).
   */
  private static final Set<String> FIXED_NAME_VARIABLES =
      Set.of("dnsPrefix", "nodeResourceGroupName", "virtualNetworkName", "subnetName");

  /**
   * Agent-pool properties AKS will not change on an existing pool (AKS docs concepts-storage.md:42,
   * reliability-availability-zones-configure.md:53, resize-node-pool.md:24-49 (preview only), and
   * gpuProfile.driver immutable); for the default pool, its name too, which the cluster resource
   * carries inline (Azure/AKS#1511).
   */
  private static final Set<String> IMMUTABLE_POOL_PARAMS =
      Set.of("vmSize", "osDiskSizeGB", "availabilityZones", "gpuDriver");

  private static final Set<String> IMMUTABLE_DEFAULT_POOL_PARAMS =
      Set.of(
          "systemPoolName",
          "systemPoolVmSize",
          "systemPoolOsDiskSizeGB",
          "systemPoolAvailabilityZones");

  static BicepChange between(BicepTree before, BicepTree after) {
    List<String> actions = new ArrayList<>();
    Consequence worst = NO_AZURE_CHANGE;
    boolean newCluster = false;
    for (String name : IDENTITY_VARIABLES) {
      if (!before.variables().get(name).equals(after.variables().get(name))) {
        actions.add("new " + name);
        newCluster = true;
      }
    }
    boolean nodeResourceGroupKept =
        before
            .variables()
            .get("nodeResourceGroupName")
            .equals(after.variables().get("nodeResourceGroupName"));
    if (newCluster) {
      // The stack creates the new cluster before it deletes the old one, which still holds the
      // node resource group; AKS refuses an existing one (AKS docs faq.yml).
      worst = TerraformChange.worse(worst, nodeResourceGroupKept ? REFUSED : CLUSTER_RECREATED);
    } else {
      for (String name : FIXED_NAME_VARIABLES) {
        if (!before.variables().get(name).equals(after.variables().get(name))) {
          actions.add("new " + name + " for the same cluster");
          worst = TerraformChange.worse(worst, REFUSED);
        }
      }
    }
    for (String parameter : union(before.parameters().keySet(), after.parameters().keySet())) {
      if (before.parameters().get(parameter).equals(after.parameters().get(parameter))) {
        continue;
      }
      actions.add("parameter " + parameter);
      // A resource group's (and a stack's) location is fixed; a subnet in use keeps its range; the
      // Kubernetes version is the diff's to judge (one minor up is allowed, the rest refused).
      Consequence of =
          switch (parameter) {
            case "location", "subnetCidr" -> REFUSED;
            default -> IN_PLACE;
          };
      worst = TerraformChange.worse(worst, of);
    }
    Set<String> createdPools = new TreeSet<>();
    Set<String> deletedPools = new TreeSet<>();
    Map<String, Module> old = byDeployedResource(before);
    Map<String, Module> now = byDeployedResource(after);
    for (String deployed : union(old.keySet(), now.keySet())) {
      Module was = old.get(deployed);
      Module is = now.get(deployed);
      boolean pool = (was == null ? is : was).params().containsKey("poolName");
      if (was == null || is == null) {
        actions.add((was == null ? "new module " : "module gone ") + deployed);
        if (pool) {
          (was == null ? createdPools : deletedPools).add(deployed);
        }
        // A module the stack no longer manages is deleted with what it deployed.
        worst =
            TerraformChange.worse(
                worst, pool ? (was == null ? POOL_CREATED : POOL_DELETED) : IN_PLACE);
        continue;
      }
      if (!was.file().equals(is.file())) {
        actions.add("module " + deployed + " deploys " + is.file() + " instead of " + was.file());
        // A cluster's private mode is immutable: AKS fixes it when it creates the cluster (AKS docs
        // private-clusters.md:48; only API Server VNet integration, which the generated cluster
        // does not use, can switch it). Every further pool calls the one agent pool module.
        boolean privateModeChanges =
            PRIVATE_MODE_FILES.contains(fileName(was.file()))
                && PRIVATE_MODE_FILES.contains(fileName(is.file()));
        worst = TerraformChange.worse(worst, pool || privateModeChanges ? REFUSED : IN_PLACE);
      }
      for (String param : union(was.params().keySet(), is.params().keySet())) {
        if (String.valueOf(was.params().get(param))
            .equals(String.valueOf(is.params().get(param)))) {
          continue;
        }
        actions.add("module " + deployed + " " + param);
        boolean immutable =
            pool
                ? IMMUTABLE_POOL_PARAMS.contains(param)
                : IMMUTABLE_DEFAULT_POOL_PARAMS.contains(param);
        worst = TerraformChange.worse(worst, immutable ? REFUSED : IN_PLACE);
      }
    }
    if (createdPools.size() == 1 && deletedPools.size() == 1 && worst == POOL_DELETED) {
      worst = POOL_RECREATED; // a renamed pool: the stack creates the new one and deletes the old
    }
    return new BicepChange(worst, actions);
  }

  /** The cluster module of public clusters and that of private ones (spec.endpointAccess). */
  private static final Set<String> PRIVATE_MODE_FILES =
      Set.of("cluster.bicep", "privateCluster.bicep");

  private static String fileName(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> all = new TreeSet<>(a);
    all.addAll(b);
    return all;
  }

  /**
   * Modules by what they deploy: a pool by its name (its agent pool's resource id), any other by
   * its symbol.
   */
  private static Map<String, Module> byDeployedResource(BicepTree tree) {
    Map<String, Module> modules = new TreeMap<>();
    tree.modules()
        .values()
        .forEach(m -> modules.put(m.params().getOrDefault("poolName", m.symbol()), m));
    return modules;
  }
}
