package ai.modelplane.generator.lifecycle;

import static ai.modelplane.generator.diff.Consequence.CLUSTER_CREATED;
import static ai.modelplane.generator.diff.Consequence.CLUSTER_RECREATED;
import static ai.modelplane.generator.diff.Consequence.CLUSTER_REMOVED;
import static ai.modelplane.generator.diff.Consequence.IN_PLACE;
import static ai.modelplane.generator.diff.Consequence.NO_AZURE_CHANGE;
import static ai.modelplane.generator.diff.Consequence.POOL_CREATED;
import static ai.modelplane.generator.diff.Consequence.POOL_DELETED;
import static ai.modelplane.generator.diff.Consequence.POOL_RECREATED;
import static ai.modelplane.generator.diff.Consequence.REFUSED;

import ai.modelplane.generator.diff.Consequence;
import ai.modelplane.generator.lifecycle.ForceNewTable.Effect;
import ai.modelplane.generator.lifecycle.TerraformTree.Resource;
import ai.modelplane.generator.lifecycle.TerraformTree.Root;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** The Terraform consequence of going from one tree to the next, from the trees alone. */
/**
 * @param consequence the worst of what the change does, in the diff's words
 * @param changedAttributes {@code type.attribute} of every attribute that changes
 * @param actions what Terraform would do, one line per resource attribute, create or delete
 * @param racingPools pool names one address deletes while another creates them: the two are not
 *     ordered, so the create can run first and fail with "already exists"
 */
record TerraformChange(
    Consequence consequence,
    Set<String> changedAttributes,
    List<String> actions,
    Set<String> racingPools) {
  private static final ForceNewTable FORCE_NEW = ForceNewTable.load();
  private static final String ALL = "all";
  private static final String TRIGGERS = "lifecycle.replace_triggered_by";
  private static final String AZAPI_UPDATE = "azapi_update_resource";

  static TerraformChange between(TerraformTree before, TerraformTree after) {
    Map<String, Resource> old = resources(before, after);
    Map<String, Resource> now = resources(after, after);
    if (old.isEmpty() || now.isEmpty()) {
      return new TerraformChange(
          old.isEmpty() ? CLUSTER_CREATED : CLUSTER_REMOVED, Set.of(), List.of(), Set.of());
    }
    Consequence worst = NO_AZURE_CHANGE;
    Set<String> changed = new TreeSet<>();
    List<String> actions = new ArrayList<>();
    Set<String> createdPools = new TreeSet<>();
    Set<String> deletedPools = new TreeSet<>();
    Set<String> replacedTypes = new TreeSet<>();
    Set<String> planned = new TreeSet<>();
    Set<String> addresses = new TreeSet<>(old.keySet());
    addresses.addAll(now.keySet());
    for (String address : addresses) {
      Resource was = old.get(address);
      Resource is = now.get(address);
      Consequence consequence;
      if (was == null || is == null) {
        Resource either = was == null ? is : was;
        consequence =
            switch (either.type()) {
              case "azurerm_kubernetes_cluster_node_pool" ->
                  was == null ? POOL_CREATED : POOL_DELETED;
              case "azurerm_kubernetes_cluster", "azurerm_resource_group" -> CLUSTER_RECREATED;
              default -> IN_PLACE; // in-cluster objects and other resources beside the cluster
            };
        actions.add((was == null ? "create " : "delete ") + address);
        planned.add(address);
        if (either.type().equals("azurerm_kubernetes_cluster_node_pool")) {
          (was == null ? createdPools : deletedPools)
              .add(String.valueOf(either.attributes().get("name")));
        }
      } else {
        consequence = NO_AZURE_CHANGE;
        Set<String> keys = new TreeSet<>(was.attributes().keySet());
        keys.addAll(is.attributes().keySet());
        Set<String> ignored = ignoredChanges(is);
        for (String key : keys) {
          if (ignored.contains(ALL)
              || ignored.stream().anyMatch(i -> key.equals(i) || key.startsWith(i + "."))) {
            continue;
          }
          Object a = was.attributes().get(key);
          Object b = is.attributes().get(key);
          if (String.valueOf(a).equals(String.valueOf(b))) {
            continue;
          }
          Effect effect = FORCE_NEW.effect(is.type(), key, a, b).orElse(null);
          if (effect == null) {
            continue;
          }
          changed.add(is.type() + "." + key);
          planned.add(address);
          if (effect == Effect.REPLACE) {
            replacedTypes.add(is.type());
          }
          actions.add(effect.name().toLowerCase() + " " + address + " " + key);
          Consequence of =
              switch (effect) {
                case UPDATE -> IN_PLACE;
                case ROTATE -> POOL_RECREATED;
                case REPLACE ->
                    switch (is.type()) {
                      case "azurerm_kubernetes_cluster_node_pool" -> POOL_RECREATED;
                      case "azurerm_kubernetes_cluster", "azurerm_resource_group" ->
                          CLUSTER_RECREATED;
                      // Judged below: with the cluster or on its own.
                      case "azurerm_virtual_network", "azurerm_subnet" -> IN_PLACE;
                      default -> IN_PLACE;
                    };
              };
          consequence = worse(consequence, of);
        }
      }
      worst = worse(worst, consequence);
    }
    // replace_triggered_by: a resource whose trigger has a planned change is replaced. Terraform
    // plans the new object from its configuration without ignore_changes (hashicorp/terraform
    // v1.9.3 internal/terraform/node_resource_abstract_instance.go:1076-1098). Replacing an
    // azapi_update_resource deletes nothing (azapi v2.9.0 azapi_update_resource.go:669-671) and
    // PUTs its body onto the resource as ARM reports it (:458-519): an update of that resource,
    // which carries every body property.
    for (String address : addresses) {
      Resource was = old.get(address);
      Resource is = now.get(address);
      if (was == null || is == null || !(is.attributes().get(TRIGGERS) instanceof List<?> refs)) {
        continue;
      }
      String module = address.substring(0, address.lastIndexOf(is.type() + "."));
      for (Object ref : refs) {
        if (!planned.contains(module + ref)) {
          continue;
        }
        actions.add("replace " + address + " triggered by " + ref);
        if (is.type().equals(AZAPI_UPDATE)) {
          is.attributes().keySet().stream()
              .filter(key -> key.startsWith("body."))
              .forEach(key -> changed.add(is.type() + "." + key));
          worst = worse(worst, IN_PLACE);
        } else {
          throw new AssertionError(
              address + ": replace_triggered_by is judged for " + AZAPI_UPDATE);
        }
        break;
      }
    }
    // A VNet or subnet replaced under a cluster that stays: Terraform deletes the subnet first,
    // while
    // the nodes' NICs use it, and Azure refuses (InUseSubnetCannotBeDeleted, azurerm #4784,
    // #20783).
    // Replaced with the cluster, the cluster is destroyed before the subnet it used.
    boolean networkReplaced =
        replacedTypes.contains("azurerm_virtual_network")
            || replacedTypes.contains("azurerm_subnet");
    if (networkReplaced) {
      worst =
          worse(
              worst,
              replacedTypes.contains("azurerm_kubernetes_cluster") ? CLUSTER_RECREATED : REFUSED);
    }
    // The root moved (a new namespace or name) while the cluster keeps its Azure names: the new
    // root has no state and its create of the existing resources fails (tf.ImportAsExistsError).
    if (!before.roots().keySet().equals(after.roots().keySet())
        && sameCluster(old, now)
        && !replacedTypes.contains("azurerm_kubernetes_cluster")) {
      worst = worse(worst, REFUSED);
      actions.add("new root creates the existing cluster");
    }
    // One pool deleted and another created in the same change: the pool was renamed, a recreation.
    if (createdPools.size() == 1 && deletedPools.size() == 1 && worst == POOL_DELETED) {
      worst = POOL_RECREATED;
    }
    Set<String> racing = new TreeSet<>(createdPools);
    racing.retainAll(deletedPools);
    return new TerraformChange(worst, changed, actions, racing);
  }

  /**
   * {@code lifecycle.ignore_changes} as dotted paths: {@code default_node_pool[0].node_count} is
   * {@code default_node_pool.node_count}.
   */
  private static Set<String> ignoredChanges(Resource resource) {
    Object entries = resource.attributes().get("lifecycle.ignore_changes");
    Set<String> ignored = new TreeSet<>();
    if (entries != null && !(entries instanceof List) && ALL.equals(String.valueOf(entries))) {
      ignored.add(ALL); // ignore_changes = all: Terraform never plans an update of it
    } else if (entries instanceof List<?> list) {
      list.forEach(e -> ignored.add(String.valueOf(e).replace("[0]", "").replace(".value.", ".")));
    }
    return ignored;
  }

  /**
   * Every resource of a tree by root-relative address, roots named from their {@code terraform}
   * folder on (so a renamed cluster compares with itself), with the {@code moved} blocks of the
   * newer tree applied.
   */
  private static Map<String, Resource> resources(TerraformTree tree, TerraformTree newer) {
    Map<String, Resource> all = new TreeMap<>();
    for (Root root : tree.roots().values()) {
      String rootName = root.path().substring(root.path().indexOf("terraform"));
      Map<String, String> moved =
          newer.roots().values().stream()
              .filter(r -> r.path().endsWith(rootName))
              .findFirst()
              .map(Root::moved)
              .orElse(Map.of());
      root.resources()
          .forEach(
              (address, resource) -> {
                String current = address;
                for (Map.Entry<String, String> move : moved.entrySet()) {
                  if (current.startsWith(move.getKey() + ".")) {
                    current = move.getValue() + current.substring(move.getKey().length());
                  }
                }
                all.put(rootName + ":" + current, resource);
              });
    }
    return all;
  }

  /** Both trees manage a cluster of the same name in the same resource group. */
  private static boolean sameCluster(Map<String, Resource> old, Map<String, Resource> now) {
    return clusterId(old).isPresent() && clusterId(old).equals(clusterId(now));
  }

  private static java.util.Optional<String> clusterId(Map<String, Resource> resources) {
    return resources.values().stream()
        .filter(r -> r.type().equals("azurerm_kubernetes_cluster"))
        .map(r -> r.attributes().get("resource_group_name") + "/" + r.attributes().get("name"))
        .findFirst();
  }

  static Consequence worse(Consequence a, Consequence b) {
    return a.compareTo(b) >= 0 ? a : b;
  }
}
