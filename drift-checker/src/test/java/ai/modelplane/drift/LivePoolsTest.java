package ai.modelplane.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.property.PropertyTable;
import ai.modelplane.generator.text.DocumentWriter;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.AgentPoolMode;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import com.azure.resourcemanager.containerservice.models.OSType;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * How import decides a pool's {@code fabric}: the pool's {@code modelplane.ai/fabric} label first,
 * else the subscription's AKSInfinibandSupport registration; where neither decides, None with a
 * warning. Never from the VM size alone.
 */
class LivePoolsTest {
  private static final String IB_SIZE = "Standard_ND96isr_H100_v5";
  private static final String NO_IB_SIZE = "Standard_NC24ads_A100_v4";
  private static final VmSizeCatalog CATALOG = VmSizeCatalog.bundled();

  private final List<String> warnings = new ArrayList<>();

  private static ManagedClusterAgentPoolProfile gpuPool(
      String size, Map<String, String> labels, List<String> zones) {
    return new ManagedClusterAgentPoolProfile()
        .withName("gpu")
        .withMode(AgentPoolMode.USER)
        .withOsType(OSType.LINUX)
        .withVmSize(size)
        .withCount(2)
        .withEnableAutoScaling(true)
        .withMinCount(1)
        .withMaxCount(4)
        .withMaxPods(250)
        .withAvailabilityZones(zones)
        .withNodeLabels(labels)
        .withNodeTaints(List.of("nvidia.com/gpu=true:NoSchedule"));
  }

  private static ManagedClusterInner cluster(ManagedClusterAgentPoolProfile pool) {
    return new ManagedClusterInner().withAgentPoolProfiles(List.of(pool));
  }

  /** The pool as the imported document writes it, under {@code spec.nodePools}. */
  private String yaml(ManagedClusterAgentPoolProfile pool, Optional<String> feature) {
    ObjectNode spec = JsonNodeFactory.instance.objectNode();
    spec.putObject("spec")
        .putArray("nodePools")
        .add(
            new LivePools(cluster(pool), CATALOG, warnings::add, feature)
                .document(pool, PropertyTable.bundled()));
    return DocumentWriter.yaml(spec);
  }

  private List<String> fabricWarnings() {
    return warnings.stream().filter(w -> w.contains("fabric")).toList();
  }

  @Test
  void theInfiniBandLabelMakesTheFabricInfiniBandWithoutReadingTheFeature() {
    ManagedClusterAgentPoolProfile pool =
        gpuPool(IB_SIZE, Map.of("modelplane.ai/fabric", "infiniband"), List.of("1"));
    assertFalse(LivePools.needsFeature(cluster(pool), CATALOG));
    // Even a feature that says otherwise does not overrule the label the generated code put there.
    assertTrue(yaml(pool, Optional.of("NotRegistered")).contains("      fabric: InfiniBand\n"));
    assertEquals(List.of(), fabricWarnings());
  }

  @Test
  void anotherLabelValueIsFabricNoneWithAWarning() {
    ManagedClusterAgentPoolProfile pool =
        gpuPool(IB_SIZE, Map.of("modelplane.ai/fabric", "ethernet"), List.of());
    assertFalse(LivePools.needsFeature(cluster(pool), CATALOG));
    assertFalse(yaml(pool, Optional.of("Registered")).contains("fabric:"));
    assertEquals(
        List.of(
            "pool gpu has the node label modelplane.ai/fabric=ethernet, not infiniband; it is imported as fabric None and the generated code removes the label"),
        fabricWarnings());
  }

  @Test
  void withoutTheLabelARegisteredFeatureMakesItInfiniBandWithAWarning() {
    ManagedClusterAgentPoolProfile pool = gpuPool(IB_SIZE, Map.of(), List.of("2"));
    assertTrue(LivePools.needsFeature(cluster(pool), CATALOG));
    assertTrue(yaml(pool, Optional.of("Registered")).contains("      fabric: InfiniBand\n"));
    assertEquals(
        List.of(
            "pool gpu has an InfiniBand size and no modelplane.ai/fabric label; the subscription has"
                + " Microsoft.ContainerService/AKSInfinibandSupport registered, so it is imported as"
                + " fabric InfiniBand: the generated code installs the NVIDIA network operator and its"
                + " driver on it (set fabric: None if the pool does not use InfiniBand)"),
        fabricWarnings());
  }

  @Test
  void withoutTheLabelAnUnregisteredFeatureMakesItNoneQuietly() {
    for (String state : List.of("NotRegistered", "Unregistered")) {
      warnings.clear();
      ManagedClusterAgentPoolProfile pool = gpuPool(IB_SIZE, null, null);
      assertTrue(LivePools.needsFeature(cluster(pool), CATALOG));
      assertFalse(yaml(pool, Optional.of(state)).contains("fabric:"), state);
      assertEquals(List.of(), fabricWarnings(), state);
    }
  }

  @Test
  void aFeatureInTransitionDecidesNothing() {
    ManagedClusterAgentPoolProfile pool = gpuPool(IB_SIZE, Map.of(), List.of());
    assertFalse(yaml(pool, Optional.of("Registering")).contains("fabric:"));
    assertEquals(
        List.of(
            "pool gpu has an InfiniBand size, no modelplane.ai/fabric label, and the subscription's"
                + " Microsoft.ContainerService/AKSInfinibandSupport registration is Registering; its"
                + " fabric cannot be decided, so it is imported as fabric None (set fabric: InfiniBand"
                + " if it uses InfiniBand: the generated code then installs the network operator and"
                + " its driver, draining the pool's nodes)"),
        fabricWarnings());
  }

  @Test
  void aFeatureThatCouldNotBeReadDecidesNothing() {
    ManagedClusterAgentPoolProfile pool = gpuPool(IB_SIZE, Map.of(), List.of());
    assertFalse(yaml(pool, Optional.empty()).contains("fabric:"));
    assertEquals(1, fabricWarnings().size(), warnings.toString());
    assertTrue(
        fabricWarnings().get(0).contains("registration could not be read; its fabric cannot be"),
        fabricWarnings().get(0));
  }

  @Test
  void aSizeWithoutInfiniBandNeverReadsTheFeatureAndIsNone() {
    ManagedClusterAgentPoolProfile pool = gpuPool(NO_IB_SIZE, Map.of(), List.of("1"));
    assertFalse(LivePools.needsFeature(cluster(pool), CATALOG));
    assertFalse(yaml(pool, Optional.of("Registered")).contains("fabric:"));
    assertEquals(List.of(), fabricWarnings());
  }

  @Test
  void anInfiniBandSizeOverZonesIsNoneWhateverTheEvidence() {
    ManagedClusterAgentPoolProfile pool =
        gpuPool(IB_SIZE, Map.of("modelplane.ai/fabric", "infiniband"), List.of("1", "2", "3"));
    assertFalse(LivePools.needsFeature(cluster(pool), CATALOG));
    assertFalse(yaml(pool, Optional.of("Registered")).contains("fabric:"));
    assertEquals(
        List.of(
            "pool gpu has an InfiniBand size spread over 3 zones, which is not one fabric; it is imported as Ethernet"),
        warnings.stream().filter(w -> w.contains("InfiniBand size")).toList());
  }

  @Test
  void systemAndWindowsPoolsNeverNeedTheFeature() {
    ManagedClusterAgentPoolProfile system =
        gpuPool(IB_SIZE, Map.of(), List.of()).withMode(AgentPoolMode.SYSTEM);
    ManagedClusterAgentPoolProfile windows =
        gpuPool(IB_SIZE, Map.of(), List.of()).withOsType(OSType.WINDOWS);
    assertFalse(LivePools.needsFeature(cluster(system), CATALOG));
    assertFalse(LivePools.needsFeature(cluster(windows), CATALOG));
  }

  /**
   * Import keeps a live surge or max unavailable only where the CRD's pattern (read from the
   * bundled CRD) holds it: a count 1-1000 or a percentage 1%-100%; 0 is the value not sent.
   */
  @Test
  void anUpgradeValueIsKeptOnlyWhereTheCrdsPatternHoldsIt() {
    for (String held : List.of("1", "33", "1000", "1%", "100%")) {
      assertEquals(held, LivePools.nonZero(held), held);
    }
    for (String refused : List.of("0", "1001", "0%", "101%", "33.3%", "-1", "")) {
      assertEquals(null, LivePools.nonZero(refused), refused);
    }
  }
}
