package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.testsupport.bicep.ArmTypes;
import ai.modelplane.testsupport.bicep.BicepChecker;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The checker must catch each kind of mistake: one edit of a correct tree (multi-pool.yaml), and
 * the exact problem it reports, named by file and symbol path (as Bicep names a diagnostic by the
 * span of a symbol), so that a template change that only moves lines leaves these expectations as
 * they are, while a wrong property still fails. Proves the type check of {@link BicepTypeCheckTest}
 * can fail.
 */
class BicepCheckerTest {
  private static final ArmTypes TYPES = new ArmTypes();

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
          modules/bicep/cluster.bicep | networkPluginMode: 'overlay' | networkPluginMod: 'overlay' | modules/bicep/cluster.bicep#aksMain.properties.networkProfile.networkPluginMod: no such property
          modules/bicep/cluster.bicep | networkPlugin: 'azure' | networkPlugin: 'Azure' | modules/bicep/cluster.bicep#aksMain.properties.networkProfile.networkPlugin: 'Azure' is not one of ["azure","kubenet","none"]
          modules/bicep/cluster.bicep | enableRBAC: true | fqdn: 'x' | modules/bicep/cluster.bicep#aksMain.properties.fqdn: read-only property
          modules/bicep/agentPool.bicep | vnetSubnetID: subnetId | vnetSubnetId: subnetId | modules/bicep/agentPool.bicep#pool.properties.vnetSubnetId: no such property
          modules/bicep/agentPool.bicep | "  'Install'" | "  'install'" | modules/bicep/agentPool.bicep#pool.properties.gpuProfile.driver: param gpuDriver allows 'install', not one of ["Install","None"] ;; research/inference-eastus2/bicep/main.bicep#modGpuPool_a100.params.gpuDriver: module modGpuPool_a100 param gpuDriver: 'Install' is not @allowed ;; research/inference-eastus2/bicep/main.bicep#modGpuPool_h100ib.params.gpuDriver: module modGpuPool_h100ib param gpuDriver: 'Install' is not @allowed
          modules/bicep/agentPool.bicep | maxUnavailable string? | maxUnavailable int? | modules/bicep/agentPool.bicep#pool.properties.upgradeSettings.maxUnavailable: param maxUnavailable is int, string expected ;; research/inference-eastus2/bicep/main.bicep#modGpuPool_a100.params.maxUnavailable: module modGpuPool_a100 param maxUnavailable: string given, int expected ;; research/inference-eastus2/bicep/main.bicep#modGpuPool_h100ib.params.maxUnavailable: module modGpuPool_h100ib param maxUnavailable: string given, int expected
          research/inference-eastus2/bicep/main.bicep | gpuDriver: 'Install' | gpuDriver: 'install' | research/inference-eastus2/bicep/main.bicep#modGpuPool_h100ib.params.gpuDriver: module modGpuPool_h100ib param gpuDriver: 'install' is not @allowed
          modules/bicep/agentPool.bicep | @maxValue(2048) | @maxValue(4096) | modules/bicep/agentPool.bicep#pool.properties.osDiskSizeGB: param osDiskSizeGB allows 10..4096, the property {"maxValue":2048,"minValue":0}
          modules/bicep/agentPool.bicep | count: nodeCount | count: 'three' | modules/bicep/agentPool.bicep#pool.properties.count: string given, int expected
          modules/bicep/agentPool.bicep | @2026-05-01' = { | @2026-13-01' = { | modules/bicep/agentPool.bicep#pool: Microsoft.ContainerService/managedClusters/agentPools@2026-13-01: unknown api-version
          modules/bicep/inClusterComponents.bicep | retentionInterval: 'PT1H' | cleanupTimeout: 'PT1H' | modules/bicep/inClusterComponents.bicep#scriptInCluster.properties.cleanupTimeout: no such property ;; modules/bicep/inClusterComponents.bicep#scriptInCluster.properties.retentionInterval: required property not set
          modules/bicep/network.bicep | @description('Name of the node subnet.') | // no description | modules/bicep/network.bicep#subnetName: param subnetName has no @description
          modules/bicep/network.bicep | output subnetId string = snetNodes.id | output subnetId string = snetNode.id | modules/bicep/network.bicep#outputs.subnetId: unknown symbol snetNode
          modules/bicep/network.bicep | "      addressPrefixes: [" | "     addressPrefixes: [" | modules/bicep/network.bicep#vnetMain.properties.addressSpace.addressPrefixes: indentation 5, expected 6
          modules/bicep/network.bicep | "addressPrefixes: [" | "addressPrefixes: [ " | modules/bicep/network.bicep#vnetMain.properties.addressSpace.addressPrefixes: trailing space
          modules/bicep/network.bicep | addressPrefixes: [ | addressPrefixes: [vnetCidr] | modules/bicep/network.bicep#vnetMain.properties.addressSpace.addressPrefixes: indentation 8, expected 6
          modules/bicep/inClusterComponents.bicep | "azCliVersion: '2.63.0'" | "azCliVersion: '2.63.0\\x'" | modules/bicep/inClusterComponents.bicep#scriptInCluster.properties.azCliVersion: unknown escape \\x
          research/inference-eastus2/bicep/main.bicep | vnetCidr: vnetCidr | vnetCidrs: vnetCidr | research/inference-eastus2/bicep/main.bicep#modNetwork.params.vnetCidrs: module modNetwork: modules/bicep/network.bicep declares no param vnetCidrs ;; research/inference-eastus2/bicep/main.bicep#modNetwork: module modNetwork: required param vnetCidr of modules/bicep/network.bicep not given
          research/inference-eastus2/bicep/main.bicep | maxCount: 16 | maxCount: 1001 | research/inference-eastus2/bicep/main.bicep#modGpuPool_h100ib.params.maxCount: module modGpuPool_h100ib param maxCount: above @maxValue
          research/inference-eastus2/bicep/main.bicep | osDiskSizeGB: 512 | osDiskSizeGB: '512' | research/inference-eastus2/bicep/main.bicep#modGpuPool_h100ib.params.osDiskSizeGB: module modGpuPool_h100ib param osDiskSizeGB: string given, int expected
          research/inference-eastus2/bicep/main.bicep | modCluster.outputs.kubeconfig | modCluster.outputs.kubeconfigs | research/inference-eastus2/bicep/main.bicep#outputs.kubeconfig: module modCluster has no output kubeconfigs
          research/inference-eastus2/bicep/main.bicep | @secure() | // not secure | research/inference-eastus2/bicep/main.bicep#outputs.kubeconfig: output kubeconfig carries a secret but is not @secure()
          research/inference-eastus2/bicep/main.bicep | scope: rgMain | scope: rgMain2 | research/inference-eastus2/bicep/main.bicep#modInfinibandFeatureCheck: unknown symbol rgMain2
          research/inference-eastus2/bicep/main.bicepparam | param subnetCidr = '10.20.0.0/20' | param subnetCidrs = '10.20.0.0/20' | research/inference-eastus2/bicep/main.bicepparam#subnetCidrs: parameters file: research/inference-eastus2/bicep/main.bicep declares no param subnetCidrs ;; research/inference-eastus2/bicep/main.bicepparam#using: parameters file: required param subnetCidr of research/inference-eastus2/bicep/main.bicep not given
          research/inference-eastus2/bicep/main.bicepparam | param location = 'eastus2' | param location = 'a\\qb' | research/inference-eastus2/bicep/main.bicepparam#location: unknown escape \\q
          """)
  void reportsTheMistake(String file, String find, String replace, String expected) {
    Map<String, String> files = edited(file, find, replace);
    assertEquals(List.of(expected.split(" ;; ")), BicepChecker.check(TYPES, files));
  }

  /**
   * Lines added above an edit change no expectation: the same mistake below twenty more comment
   * lines is reported in the same words.
   */
  @Test
  void aTemplateChangeThatMovesLinesChangesNoProblem() {
    String file = "modules/bicep/agentPool.bicep";
    List<String> problems =
        BicepChecker.check(TYPES, edited(file, "count: nodeCount", "count: 'three'"));
    Map<String, String> moved = edited(file, "count: nodeCount", "count: 'three'");
    moved.put(file, moved.get(file).replaceFirst("\n\n", "\n" + "// moved\n".repeat(20) + "\n"));
    assertEquals(problems, BicepChecker.check(TYPES, moved));
    assertEquals(1, problems.size());
  }

  private static Map<String, String> edited(String file, String find, String replace) {
    Map<String, String> files = new TreeMap<>(BicepTypeCheckTest.render("multi-pool.yaml"));
    String before = files.get(file);
    assertTrue(before.contains(find), "fixture text not found: " + find);
    files.put(
        file,
        before.replaceFirst(
            java.util.regex.Pattern.quote(find),
            java.util.regex.Matcher.quoteReplacement(replace)));
    return files;
  }
}
