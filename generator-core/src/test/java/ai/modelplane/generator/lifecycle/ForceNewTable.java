package ai.modelplane.generator.lifecycle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What azurerm does when one attribute of a resource the Terraform output manages changes, read
 * from {@code docs/facts/azurerm-forcenew.tsv} (extracted from the provider's schema and
 * CustomizeDiff at the pinned tag, each row with file and line) and the two rotation lists below.
 */
final class ForceNewTable {
  /** The azurerm tag whose rows apply: the floor the output pins. */
  static final String TAG = "v5.2.0";

  static final Path TSV = Path.of("..", "docs", "facts", "azurerm-forcenew.tsv");

  /**
   * Attributes azurerm changes by cycling the pool through its temporary pool (nodes replaced, the
   * Terraform resource updated): hashicorp/terraform-provider-azurerm v5.2.0
   * internal/services/containers/kubernetes_cluster_resource.go:2669-2687 (default pool) and
   * kubernetes_cluster_node_pool_resource.go:951-967 (node pools); see
   * docs/facts/day2-provider-facts.md problem 3. Only those the output can change are listed.
   */
  static final Set<String> ROTATED_DEFAULT_POOL =
      Set.of(
          "default_node_pool.vm_size",
          "default_node_pool.os_disk_size_gb",
          "default_node_pool.os_disk_type",
          "default_node_pool.zones",
          "default_node_pool.max_pods",
          "default_node_pool.vnet_subnet_id");

  static final Set<String> ROTATED_NODE_POOL =
      Set.of("vm_size", "os_disk_size_gb", "os_disk_type", "zones", "max_pods", "vnet_subnet_id");

  /** Terraform meta-arguments and blocks that are not provider attributes. */
  private static final Set<String> META =
      Set.of("lifecycle", "depends_on", "count", "for_each", "provider", "timeouts");

  enum Effect {
    /** The provider updates the resource in place. */
    UPDATE,
    /**
     * The pool is cycled through its temporary pool: the resource is updated, its nodes replaced.
     */
    ROTATE,
    /** The resource is destroyed and created again. */
    REPLACE
  }

  private final Map<String, Map<String, Row>> rows;

  private record Row(String forceNew, String condition) {}

  private ForceNewTable(Map<String, Map<String, Row>> rows) {
    this.rows = rows;
  }

  static ForceNewTable load() {
    Map<String, Map<String, Row>> rows = new HashMap<>();
    try {
      List<String> lines = Files.readAllLines(TSV);
      for (String line : lines.subList(1, lines.size())) {
        String[] cells = line.split("\t", -1);
        if (cells.length > 4 && cells[4].equals(TAG)) {
          rows.computeIfAbsent(cells[0], r -> new HashMap<>())
              .put(cells[1], new Row(cells[2], cells[3]));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new ForceNewTable(rows);
  }

  /**
   * What changing {@code attribute} (a dotted path such as {@code default_node_pool.vm_size} or
   * {@code node_labels.modelplane.ai/pool}) from {@code before} to {@code after} does. Empty for a
   * meta-argument; throws for an attribute the table does not know, so that output the table does
   * not cover cannot pass unnoticed.
   */
  Optional<Effect> effect(String resourceType, String attribute, Object before, Object after) {
    String top = attribute.split("\\.", 2)[0];
    if (META.contains(top)) {
      return Optional.empty();
    }
    Map<String, Row> ofType = rows.get(resourceType);
    if (ofType == null) {
      return Optional.of(
          Effect
              .UPDATE); // helm, kubernetes, azapi and terraform_data objects: no cluster or pool is
      // rebuilt
    }
    Row row = null;
    String key = attribute;
    while (row == null) {
      row = ofType.get(key);
      if (row == null) {
        int dot = key.lastIndexOf('.');
        if (dot < 0) {
          throw new AssertionError(
              resourceType + "." + attribute + " is not in " + TSV + " at " + TAG);
        }
        key = key.substring(0, dot);
      }
    }
    boolean replace =
        switch (row.forceNew()) {
          case "yes" -> true;
          case "no" -> false;
          // true -> false only (kubernetes_cluster_resource.go:88 at v5.2.0); every other condition
          // the
          // output can meet replaces
          default ->
              key.equals("oidc_issuer_enabled")
                  ? "true".equals(String.valueOf(before)) && "false".equals(String.valueOf(after))
                  : true;
        };
    if (replace) {
      return Optional.of(Effect.REPLACE);
    }
    Set<String> rotated =
        resourceType.equals("azurerm_kubernetes_cluster")
            ? ROTATED_DEFAULT_POOL
            : ROTATED_NODE_POOL;
    return Optional.of(rotated.contains(key) ? Effect.ROTATE : Effect.UPDATE);
  }
}
