package ai.modelplane.generator.lifecycle;

import static ai.modelplane.generator.diff.Consequence.CLUSTER_RECREATED;
import static ai.modelplane.generator.diff.Consequence.IN_PLACE;
import static ai.modelplane.generator.diff.Consequence.NO_AZURE_CHANGE;
import static ai.modelplane.generator.diff.Consequence.POOL_CREATED;
import static ai.modelplane.generator.diff.Consequence.POOL_DELETED;
import static ai.modelplane.generator.diff.Consequence.POOL_RECREATED;
import static ai.modelplane.generator.diff.Consequence.REFUSED;

import ai.modelplane.generator.diff.Consequence;
import ai.modelplane.generator.lifecycle.BicepRedeployTable.Effect;
import ai.modelplane.generator.lifecycle.BicepRedeployTable.Scope;
import ai.modelplane.generator.lifecycle.BicepTree.Module;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What redeploying a cluster's Bicep through its deployment stack does, from the two generated
 * roots alone: a module or parameter that appears, disappears or changes value, judged by what ARM
 * and AKS allow ({@link BicepRedeployTable}).
 *
 * @param consequence the worst of what the change does, in the diff's words
 * @param actions one line per change found, for failure messages
 */
record BicepChange(Consequence consequence, List<String> actions) {
  private static final BicepRedeployTable FACTS = BicepRedeployTable.load();

  static BicepChange between(BicepTree before, BicepTree after) {
    requireEveryNameDeclared(before);
    requireEveryNameDeclared(after);
    List<String> actions = new ArrayList<>();
    Consequence worst = NO_AZURE_CHANGE;
    boolean newCluster = false;
    for (String name : FACTS.names(Scope.VARIABLE, Effect.NEW_CLUSTER)) {
      if (!before.variables().get(name).equals(after.variables().get(name))) {
        actions.add("new " + name);
        newCluster = true;
      }
    }
    Set<String> nodeResourceGroup = FACTS.names(Scope.VARIABLE, Effect.NODE_RESOURCE_GROUP);
    boolean nodeResourceGroupKept =
        nodeResourceGroup.stream()
            .allMatch(name -> before.variables().get(name).equals(after.variables().get(name)));
    if (newCluster) {
      // The stack creates the new cluster before it deletes the old one, which still holds the
      // node resource group; AKS refuses an existing one (AKS docs faq.yml).
      worst = TerraformChange.worse(worst, nodeResourceGroupKept ? REFUSED : CLUSTER_RECREATED);
    } else {
      for (String name : union(FACTS.names(Scope.VARIABLE, Effect.REFUSED), nodeResourceGroup)) {
        if (!before.variables().get(name).equals(after.variables().get(name))) {
          actions.add("new " + name + " for the same cluster");
          worst = TerraformChange.worse(worst, REFUSED);
        }
      }
    }
    for (String parameter : union(before.parameters().keySet(), after.parameters().keySet())) {
      if (java.util.Objects.equals(
          before.parameters().get(parameter), after.parameters().get(parameter))) {
        continue;
      }
      actions.add("parameter " + parameter);
      // The Kubernetes version is the diff's to judge (one minor up is allowed, the rest refused).
      Consequence of = FACTS.refuses(Scope.PARAMETER, parameter) ? REFUSED : IN_PLACE;
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
        // A GPU pool's driver mode is immutable; so is a cluster's private mode, which AKS fixes
        // when
        // it creates the cluster (AKS docs private-clusters.md:48; only API Server VNet
        // integration,
        // which the generated cluster does not use, can switch it).
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
        Scope scope = pool ? Scope.POOL_MODULE : Scope.CLUSTER_MODULE;
        boolean immutable =
            FACTS.refuses(scope, param)
                || (pool && FACTS.refuses(Scope.OPTIONAL_POOL_MODULE, param))
                || FACTS.refusesUnset(
                    scope, param, was.params().get(param), is.params().get(param));
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

  /**
   * A row of the table naming what the generated root does not declare (a renamed parameter) would
   * silently judge its changes as in place.
   */
  private static void requireEveryNameDeclared(BicepTree tree) {
    Map<Scope, Set<String>> declared = new EnumMap<>(Scope.class);
    declared.put(Scope.VARIABLE, tree.variables().keySet());
    Set<String> parameters = new TreeSet<>(tree.parameters().keySet());
    // A root on an existing subnet declares subnetId (spec.networking.subnetId) where a root with a
    // network of its own declares the two ranges: either stands for the other.
    if (parameters.contains("subnetId") || parameters.contains("subnetCidr")) {
      parameters.addAll(Set.of("vnetCidr", "subnetCidr", "subnetId"));
    }
    declared.put(Scope.PARAMETER, parameters);
    for (Module module : tree.modules().values()) {
      Scope scope =
          module.params().containsKey("poolName") ? Scope.POOL_MODULE : Scope.CLUSTER_MODULE;
      declared.computeIfAbsent(scope, s -> new TreeSet<>()).addAll(module.params().keySet());
    }
    declared.forEach(
        (scope, names) -> {
          Set<String> missing = FACTS.undeclared(scope, names);
          if (!missing.isEmpty()) {
            String table = BicepRedeployTable.TSV.toString();
            throw new AssertionError(table + ": the root declares no " + scope + " " + missing);
          }
        });
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
