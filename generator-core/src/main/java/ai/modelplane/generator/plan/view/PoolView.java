package ai.modelplane.generator.plan.view;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One AKS agent pool as every target sets it.
 *
 * @param name the pool name
 * @param identifier the pool name where it is safe as an address, symbol and file name (see {@code
 *     PoolPlan.identifier})
 * @param index its position {@code i} in {@code spec.nodePools}, -1 for the injected default pool
 * @param path {@code spec.nodePools[i]}, for comments ({@code spec.nodePools} for the injected
 *     default pool)
 * @param injected true for the default pool upstream Modelplane injects when no pool of the spec
 *     has role System: it is not declared in {@code spec.nodePools}
 * @param mode {@code System} or {@code User}, as AKS spells it
 * @param gpu whether it is a GPU pool
 * @param infiniband whether it is on the InfiniBand fabric
 * @param vmSize the VM size
 * @param required the values of the property table's required settings (the OS disk size) by field
 *     name, which the templates place where each module takes them
 * @param nodeCount the initial node count
 * @param minCount the autoscaler's lower bound
 * @param maxCount the autoscaler's upper bound
 * @param zones availability zones, empty for none
 * @param labels node labels, sorted by key
 * @param taints node taints as {@code key=value:Effect}
 * @param gpuDriver {@code Install} when AKS installs the NVIDIA driver, else {@code None}
 * @param rotationName temporary pool name AKS uses while it replaces the pool
 * @param module which pool module the root calls for it, and by which name
 * @param after the Bicep module of the pool deployed just before (AKS runs one pool operation at a
 *     time), empty for the first
 * @param settings the property table's settings the YAML sets for the pool (such as {@code osSku}),
 *     in table order; one the YAML leaves out is absent, and the output then sets none
 * @param spot whether the pool runs on Azure Spot VMs
 * @param evictionPolicy a Spot pool's eviction policy; {@code null} for a Regular pool
 * @param spotMaxPrice a Spot pool's max price in US dollars per hour, as a plain decimal; {@code
 *     null} for a Regular pool
 * @param migProfile the GPU instance profile ({@code MIG1g} … {@code MIG7g}) of a GPU pool that
 *     sets one; {@code null} for whole GPUs
 * @param maxSurge the upgrade surge the output sets ({@code PoolPlan.maxSurge}); {@code null} when
 *     it sets none (GPU and Spot pools, or {@code maxUnavailable} set)
 * @param maxUnavailable the nodes taken down at once during an upgrade ({@code
 *     PoolPlan.maxUnavailable}); {@code null} when the output sets none
 * @param bicepMaxSurge the surge the Bicep output sends, which always sends one on a Regular pool:
 *     {@code maxSurge}, else 0 (no surge VM); {@code null} on Spot pools
 * @param drainTimeoutMinutes the drain timeout the YAML sets; {@code null} when it leaves it to AKS
 * @param upgradeInYaml true when the YAML sets the pool's {@code upgrade}: the default pool then
 *     passes its upgrade settings to the cluster module, which otherwise uses its own defaults
 */
public record PoolView(
    String name,
    String identifier,
    int index,
    String path,
    boolean injected,
    String mode,
    boolean gpu,
    boolean infiniband,
    String vmSize,
    Map<String, String> required,
    int nodeCount,
    int minCount,
    int maxCount,
    List<String> zones,
    List<Label> labels,
    List<String> taints,
    String gpuDriver,
    String rotationName,
    Module module,
    List<String> after,
    List<SettingView.Value> settings,
    boolean spot,
    String evictionPolicy,
    String spotMaxPrice,
    String migProfile,
    String maxSurge,
    String maxUnavailable,
    String bicepMaxSurge,
    Integer drainTimeoutMinutes,
    boolean upgradeInYaml) {
  /**
   * The value the pool has for the setting {@code name}; {@code null} when the YAML sets none for
   * an optional one.
   */
  public String setting(String name) {
    if (required.containsKey(name)) {
      return required.get(name);
    }
    return settings.stream()
        .filter(value -> value.name().equals(name))
        .map(SettingView.Value::value)
        .findFirst()
        .orElse(null);
  }

  public PoolView {
    zones = List.copyOf(zones);
    labels = List.copyOf(labels);
    taints = List.copyOf(taints);
    after = List.copyOf(after);
    settings = List.copyOf(settings);
    required = Collections.unmodifiableMap(new LinkedHashMap<>(required));
  }

  /** A node label. */
  public record Label(String key, String value) {}

  /**
   * @param terraformName the module block's name in the root ({@code node_pool_<id>}, whatever the
   *     role); part of the Terraform state address, so it must never change for a pool
   * @param terraformSource the module folder under the Terraform modules
   * @param bicepSymbol the module's symbol in {@code main.bicep}: {@code modGpuPool_<id>} or {@code
   *     modSystemPool_<id>}, both calling the one agent pool module
   * @param purpose what the pool is, for the comment above its module
   * @param bicepFile the Bicep module file the pool's deployment calls
   */
  public record Module(
      String terraformName,
      String terraformSource,
      String bicepSymbol,
      String purpose,
      String bicepFile) {}
}
