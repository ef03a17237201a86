package ai.modelplane.drift;

import static ai.modelplane.drift.SdkLists.orEmpty;

import ai.modelplane.generator.catalog.VmSize;
import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.lazy.Once;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.model.Fabric;
import ai.modelplane.generator.model.Role;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.property.PropertyTable;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.AgentPoolMode;
import com.azure.resourcemanager.containerservice.models.AgentPoolUpgradeSettings;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * {@code spec.nodePools} of an imported document: which live pools an AKSCluster can hold, each as
 * a tree of the property table's pool fields, and the warnings for pool settings the generated code
 * sets otherwise.
 *
 * <p>{@code fabric} is decided from evidence, never from the VM size alone: an InfiniBand-capable
 * size in at most one zone is {@code InfiniBand} when the pool carries the node label the generated
 * code puts on InfiniBand pools ({@code modelplane.ai/fabric: infiniband}); a pool with that label
 * set to anything else is {@code None}. Without the label, the subscription's {@code
 * Microsoft.ContainerService/AKSInfinibandSupport} registration decides: {@code Registered} is
 * InfiniBand (with a warning, since the generated code then installs the network operator), {@code
 * NotRegistered} or {@code Unregistered} is None. Any other state, or a registration that could not
 * be read, decides nothing: the pool is imported as None, the safe default (InfiniBand would
 * install the DOCA driver with a forced drain, and fail the plan's feature check where the feature
 * is not registered), with a warning that says how to choose.
 */
final class LivePools {
  /** Feature states that say the subscription has no InfiniBand support. */
  private static final Set<String> NOT_REGISTERED = Set.of("notregistered", "unregistered");

  private static final String FEATURE =
      Platform.INFINIBAND_FEATURE_NAMESPACE + "/" + Platform.INFINIBAND_FEATURE;

  /**
   * The OS SKUs {@code osSku} holds, as ARM spells them (agent pool {@code osSKU}, bicep-types-az
   * 1f896de2 containerservice 2026-05-01); Ubuntu is what AKS chooses for a Linux pool without one.
   */
  private static final String OS_SKU_UBUNTU = "Ubuntu";

  private static final String OS_SKU_AZURE_LINUX = "AzureLinux";

  /** The Spot max price AKS reports when none was set (pay up to the regular price). */
  private static final double SPOT_MAX_PRICE_DEFAULT = -1.0;

  private final ManagedClusterInner cluster;
  private final VmSizeCatalog catalog;
  private final Consumer<String> warn;
  private final Optional<String> infinibandFeature;

  /**
   * @param infinibandFeature the registration state of {@code AKSInfinibandSupport}; empty when it
   *     was not read (no pool needed it, see {@link #needsFeature}) or could not be read
   */
  LivePools(
      ManagedClusterInner cluster,
      VmSizeCatalog catalog,
      Consumer<String> warn,
      Optional<String> infinibandFeature) {
    this.cluster = cluster;
    this.catalog = catalog;
    this.warn = warn;
    this.infinibandFeature = infinibandFeature;
  }

  /**
   * True when a pool import keeps has an InfiniBand-capable size in at most one zone and no {@code
   * modelplane.ai/fabric} label: only the feature registration can then decide its fabric.
   */
  static boolean needsFeature(ManagedClusterInner cluster, VmSizeCatalog catalog) {
    for (ManagedClusterAgentPoolProfile pool : orEmpty(cluster.agentPoolProfiles())) {
      boolean linux = pool.osType() == null || pool.osType().toString().equalsIgnoreCase("Linux");
      boolean capable =
          linux
              && pool.mode() != AgentPoolMode.SYSTEM
              && catalog.find(pool.vmSize()).map(VmSize::infiniband).orElse(false)
              && orEmpty(pool.availabilityZones()).size() <= 1;
      if (capable
          && (pool.nodeLabels() == null || !pool.nodeLabels().containsKey(Platform.FABRIC_LABEL))) {
        return true;
      }
    }
    return false;
  }

  /**
   * System pools first: the generated code makes the first System pool the cluster's default pool.
   */
  List<ManagedClusterAgentPoolProfile> imported() {
    List<ManagedClusterAgentPoolProfile> system = new ArrayList<>();
    List<ManagedClusterAgentPoolProfile> other = new ArrayList<>();
    for (ManagedClusterAgentPoolProfile pool : orEmpty(cluster.agentPoolProfiles())) {
      String os = pool.osType() == null ? "Linux" : pool.osType().toString();
      if (!os.equalsIgnoreCase("Linux")) {
        warn.accept(
            "pool "
                + pool.name()
                + " runs "
                + os
                + ", which the AKSCluster cannot express; it is left out and drift reports it");
      } else if (pool.mode() == AgentPoolMode.SYSTEM) {
        system.add(pool);
      } else if (catalog.find(pool.vmSize()).map(VmSize::hasGpu).orElse(false)) {
        other.add(pool);
      } else {
        warn.accept(
            "pool "
                + pool.name()
                + " is a User pool without GPUs ("
                + pool.vmSize()
                + "); AKSCluster pools are System or GPU, so it is left out and drift reports it");
      }
    }
    system.addAll(other);
    return system;
  }

  /**
   * The pool as an entry of {@code spec.nodePools}: the table's pool fields by their import rules,
   * the derived ones here; then the warnings for pool settings the AKSCluster cannot hold.
   */
  ObjectNode document(ManagedClusterAgentPoolProfile pool, PropertyTable table) {
    String name = pool.name();
    boolean system = pool.mode() == AgentPoolMode.SYSTEM;
    Optional<VmSize> size = catalog.find(pool.vmSize());
    Map<String, String> labels =
        pool.nodeLabels() == null ? Map.of() : new TreeMap<>(pool.nodeLabels());
    List<String> zones = orEmpty(pool.availabilityZones());
    Once<Scale> scale = new Once<>(() -> scale(pool));
    Map<String, Supplier<Optional<JsonNode>>> derived = new HashMap<>();
    derived.put(field("role"), () -> text((system ? Role.SYSTEM : Role.GPU).yamlName()));
    derived.put(field("nodeCount"), () -> number(scale.get().count()));
    derived.put(field("minNodeCount"), () -> number(scale.get().min()));
    derived.put(field("maxNodeCount"), () -> number(scale.get().max()));
    // Decided once: osSku depends on it too, and deciding it may warn.
    Once<Boolean> infiniband = new Once<>(() -> !system && infiniband(name, size, zones, labels));
    derived.put(
        field("fabric"),
        () -> infiniband.get() ? text(Fabric.INFINIBAND.yamlName()) : Optional.empty());
    derived.put(
        field("gpu.acceleratorType"),
        () ->
            system
                ? Optional.empty()
                : text(
                    Optional.ofNullable(labels.get(Platform.GPU_LABEL))
                        .orElseGet(
                            () ->
                                size.map(vm -> vm.gpuVendor() + "-" + vm.gpuModel())
                                    .orElse("unknown"))));
    derived.put(
        field("gpu.migProfile"),
        () ->
            !system
                    && pool.gpuInstanceProfile() != null
                    && size.map(VmSize::migCapable).orElse(false)
                ? text(pool.gpuInstanceProfile().toString())
                : Optional.empty());
    // A Spot GPU pool off the InfiniBand fabric: the CRD refuses Spot System and InfiniBand pools.
    Once<Boolean> spot =
        new Once<>(() -> !system && spot(pool) && !spotOnInfiniBand(name, infiniband.get()));
    derived.put(
        field("priority"), () -> spot.get() ? text(Platform.SPOT_PRIORITY) : Optional.empty());
    derived.put(
        field("spotMaxPrice"),
        () ->
            spot.get()
                    && pool.spotMaxPrice() != null
                    && pool.spotMaxPrice().doubleValue() != SPOT_MAX_PRICE_DEFAULT
                ? Optional.of(
                    JsonNodeFactory.instance.numberNode(
                        new java.math.BigDecimal(pool.spotMaxPrice().toString())
                            .stripTrailingZeros()))
                : Optional.empty());
    derived.put(
        field("osSku"),
        () -> osSku(name, pool.osSku() == null ? null : pool.osSku().toString(), infiniband.get()));
    upgradeSettings(derived, pool, system, spot);
    ObjectNode document = JsonNodeFactory.instance.objectNode();
    JsonNode live = ArmJson.agentPool(pool);
    PropertyImport.write(table.pool(), PropertyTable.POOL_PREFIX, document, field -> live, derived);
    new LivePoolSettings(cluster, warn).check(pool, labels);
    return document;
  }

  /**
   * {@code upgrade.*}: a live surge, max unavailable or drain timeout other than what the generated
   * code sets for the pool's role when the YAML leaves them out (System pools surge {@link
   * Platform#MAX_SURGE}, GPU pools take {@link Platform#GPU_MAX_UNAVAILABLE} node down at a time;
   * AKS drains for 30 minutes by default, upgrade-aks-node-pools-rolling.md:169). Spot pools take
   * none (the CRD refuses them there). A live surge of 0 or none with max unavailable is the other
   * of the two sent as 0 (azurerm v5.2.0 kubernetes_cluster_node_pool_resource.go:1369-1376).
   */
  private static void upgradeSettings(
      Map<String, Supplier<Optional<JsonNode>>> derived,
      ManagedClusterAgentPoolProfile pool,
      boolean system,
      Once<Boolean> spot) {
    AgentPoolUpgradeSettings live = pool.upgradeSettings();
    Supplier<Boolean> none = () -> live == null || spot.get();
    Supplier<String> surge = () -> none.get() ? null : nonZero(live.maxSurge());
    Supplier<String> unavailable =
        () -> none.get() || system ? null : nonZero(live.maxUnavailable());
    // The role's default: only a live value that differs is written.
    Supplier<Boolean> defaults =
        () ->
            system
                ? unavailable.get() == null && Platform.MAX_SURGE.equals(surge.get())
                : surge.get() == null && Platform.GPU_MAX_UNAVAILABLE.equals(unavailable.get());
    derived.put(
        field("upgrade.maxSurge"),
        () ->
            surge.get() == null || defaults.get() || unavailable.get() != null
                ? Optional.empty()
                : text(surge.get()));
    derived.put(
        field("upgrade.maxUnavailable"),
        () ->
            unavailable.get() == null || defaults.get()
                ? Optional.empty()
                : text(unavailable.get()));
    derived.put(
        field("upgrade.drainTimeoutMinutes"),
        () ->
            none.get()
                    || live.drainTimeoutInMinutes() == null
                    || live.drainTimeoutInMinutes() == AKS_DRAIN_TIMEOUT_DEFAULT
                    || live.drainTimeoutInMinutes() < 5
                    || live.drainTimeoutInMinutes() > 1440
                ? Optional.empty()
                : number(live.drainTimeoutInMinutes()));
  }

  /** AKS's drain timeout when none is set (upgrade-aks-node-pools-rolling.md:169). */
  private static final int AKS_DRAIN_TIMEOUT_DEFAULT = 30;

  /**
   * A surge or max unavailable the CRD can hold (a count 1-1000 or 1%-100%, as its pattern says);
   * null for 0, which is the other of the two sent as 0, and for what the CRD cannot express
   * ({@link LivePoolSettings} warns about it).
   */
  static String nonZero(String value) {
    return value == null || !UPGRADE_VALUE.matcher(value).matches() ? null : value;
  }

  /** The CRD's pattern of upgrade.maxSurge and upgrade.maxUnavailable, read from the CRD. */
  static final java.util.regex.Pattern UPGRADE_VALUE = upgradeValuePattern();

  /** The one pattern the CRD gives both upgrade values; a CRD where they differ is a defect. */
  private static java.util.regex.Pattern upgradeValuePattern() {
    String surge = crdPattern("spec.nodePools[].upgrade.maxSurge");
    if (!surge.equals(crdPattern("spec.nodePools[].upgrade.maxUnavailable"))) {
      throw new IllegalStateException(
          "the CRD's patterns of upgrade.maxSurge and upgrade.maxUnavailable differ");
    }
    return java.util.regex.Pattern.compile(surge);
  }

  private static String crdPattern(String field) {
    JsonNode pattern = CrdSchema.bundled().field(field).path("pattern");
    if (!pattern.isTextual()) {
      throw new IllegalStateException("the CRD has no pattern for " + field);
    }
    return pattern.asText();
  }

  /** The node count and autoscaler bounds the document holds, warning where they differ. */
  private record Scale(int count, int min, int max) {}

  private Scale scale(ManagedClusterAgentPoolProfile pool) {
    String name = pool.name();
    int count = pool.count() == null ? 1 : pool.count();
    int min;
    int max;
    if (Boolean.TRUE.equals(pool.enableAutoScaling())
        && pool.minCount() != null
        && pool.maxCount() != null) {
      min = pool.minCount();
      max = pool.maxCount();
    } else {
      min = Math.max(1, count);
      max = Math.max(1, count);
      warn.accept(
          "pool "
              + name
              + " has no cluster autoscaler; the generated code turns it on with min = max = "
              + max);
    }
    if (min < 1) {
      warn.accept(
          "pool "
              + name
              + " may scale to zero (minCount "
              + min
              + "); the AKSCluster's pools keep at least one node, so it is 1");
      min = 1;
    }
    return new Scale(Math.min(Math.max(count, min), max), min, max);
  }

  /**
   * Whether a GPU pool is on the InfiniBand fabric: an InfiniBand size in at most one zone, decided
   * by the evidence ({@link #fabricFromEvidence}).
   */
  private boolean infiniband(
      String name, Optional<VmSize> size, List<String> zones, Map<String, String> labels) {
    boolean capable = size.map(VmSize::infiniband).orElse(false);
    if (capable && zones.size() > 1) {
      warn.accept(
          "pool "
              + name
              + " has an InfiniBand size spread over "
              + zones.size()
              + " zones, which is not one fabric; it is imported as Ethernet");
    }
    return capable
        && zones.size() <= 1
        && fabricFromEvidence(name, labels.get(Platform.FABRIC_LABEL));
  }

  /**
   * {@code osSku}: AzureLinux as it is; nothing for Ubuntu, which AKS chooses when the YAML leaves
   * the field out; nothing, with a warning, for an OS SKU the CRD cannot hold, or AzureLinux on a
   * pool imported as InfiniBand, which the CRD refuses.
   */
  private Optional<JsonNode> osSku(String name, String live, boolean infiniband) {
    if (live == null || live.equals(OS_SKU_UBUNTU)) {
      return Optional.empty();
    }
    if (live.equals(OS_SKU_AZURE_LINUX) && infiniband) {
      warn.accept(
          "pool "
              + name
              + " runs AzureLinux on the InfiniBand fabric, which the AKSCluster refuses (AKS's"
              + " InfiniBand guides require Ubuntu); osSku is left out, and the generated code"
              + " leaves the OS SKU as it is");
      return Optional.empty();
    }
    if (live.equals(OS_SKU_AZURE_LINUX)) {
      return text(live);
    }
    warn.accept(
        "pool "
            + name
            + " runs the OS SKU "
            + live
            + ", which osSku cannot express (Ubuntu or AzureLinux); it is left out, and the"
            + " generated code leaves the OS SKU to AKS");
    return Optional.empty();
  }

  /** Warns about a Spot pool on the InfiniBand fabric, which the CRD refuses; true for one. */
  private boolean spotOnInfiniBand(String name, boolean infiniband) {
    if (infiniband) {
      warn.accept(
          "pool "
              + name
              + " runs on Spot VMs on the InfiniBand fabric, which the AKSCluster refuses; it is"
              + " imported as Regular, and the generated code would replace it with regular VMs");
    }
    return infiniband;
  }

  /** Whether the live pool runs on Spot VMs. */
  static boolean spot(ManagedClusterAgentPoolProfile pool) {
    return pool.scaleSetPriority() != null
        && pool.scaleSetPriority().toString().equalsIgnoreCase(Platform.SPOT_PRIORITY);
  }

  private static String field(String poolField) {
    return PropertyTable.POOL_PREFIX + poolField;
  }

  private static Optional<JsonNode> text(String value) {
    return Optional.of(JsonNodeFactory.instance.textNode(value));
  }

  private static Optional<JsonNode> number(int value) {
    return Optional.of(JsonNodeFactory.instance.numberNode(value));
  }

  /**
   * The fabric of an InfiniBand-capable pool in at most one zone: the pool's label first, else the
   * feature registration; true for InfiniBand.
   */
  private boolean fabricFromEvidence(String name, String label) {
    if (label != null) {
      if (label.equals(Platform.FABRIC_INFINIBAND_VALUE)) {
        return true;
      }
      warn.accept(
          "pool "
              + name
              + " has the node label "
              + Platform.FABRIC_LABEL
              + "="
              + label
              + ", not "
              + Platform.FABRIC_INFINIBAND_VALUE
              + "; it is imported as fabric None and the generated code removes the label");
      return false;
    }
    String state = infinibandFeature.filter(s -> !s.isBlank() && !s.equals("null")).orElse("");
    if (state.equalsIgnoreCase("Registered")) {
      warn.accept(
          "pool "
              + name
              + " has an InfiniBand size and no "
              + Platform.FABRIC_LABEL
              + " label; the subscription has "
              + FEATURE
              + " registered, so it is imported as fabric InfiniBand: the generated code installs the"
              + " NVIDIA network operator and its driver on it (set fabric: None if the pool does not"
              + " use InfiniBand)");
      return true;
    }
    if (NOT_REGISTERED.contains(state.toLowerCase(Locale.ROOT))) {
      return false;
    }
    warn.accept(
        "pool "
            + name
            + " has an InfiniBand size, no "
            + Platform.FABRIC_LABEL
            + " label, and the subscription's "
            + FEATURE
            + (state.isEmpty() ? " registration could not be read" : " registration is " + state)
            + "; its fabric cannot be decided, so it is imported as fabric None (set fabric:"
            + " InfiniBand if it uses InfiniBand: the generated code then installs the network"
            + " operator and its driver, draining the pool's nodes)");
    return false;
  }
}
