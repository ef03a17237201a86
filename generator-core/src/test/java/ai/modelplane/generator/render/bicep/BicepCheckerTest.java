package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.testsupport.bicep.ArmTypes;
import ai.modelplane.testsupport.bicep.BicepChecker;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The checker must catch each kind of mistake: one edit of a correct tree (multi-pool.yaml), and
 * the exact problem it reports. Proves the type check of {@link BicepTypeCheckTest} can fail.
 */
class BicepCheckerTest {
  private static final ArmTypes TYPES = new ArmTypes();

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
          modules/bicep/cluster.bicep | networkPluginMode: 'overlay' | networkPluginMod: 'overlay' | modules/bicep/cluster.bicep:{edit}: Microsoft.ContainerService/managedClusters.properties.networkProfile.networkPluginMod: no such property
          modules/bicep/cluster.bicep | networkPlugin: 'azure' | networkPlugin: 'Azure' | modules/bicep/cluster.bicep:{edit}: Microsoft.ContainerService/managedClusters.properties.networkProfile.networkPlugin: 'Azure' is not one of ["azure","kubenet","none"]
          modules/bicep/cluster.bicep | enableRBAC: true | fqdn: 'x' | modules/bicep/cluster.bicep:{edit}: Microsoft.ContainerService/managedClusters.properties.fqdn: read-only property
          modules/bicep/gpuNodePool.bicep | vnetSubnetID: subnetId | vnetSubnetId: subnetId | modules/bicep/gpuNodePool.bicep:{edit}: Microsoft.ContainerService/managedClusters/agentPools.properties.vnetSubnetId: no such property
          modules/bicep/gpuNodePool.bicep | driver: 'Install' | driver: 'install' | modules/bicep/gpuNodePool.bicep:{edit}: Microsoft.ContainerService/managedClusters/agentPools.properties.gpuProfile.driver: 'install' is not one of ["Install","None"]
          modules/bicep/gpuNodePool.bicep | @maxValue(2048) | @maxValue(4096) | modules/bicep/gpuNodePool.bicep:{line:osDiskSizeGB: osDiskSizeGB}: Microsoft.ContainerService/managedClusters/agentPools.properties.osDiskSizeGB: param osDiskSizeGB allows 10..4096, the property {"maxValue":2048,"minValue":0}
          modules/bicep/gpuNodePool.bicep | count: nodeCount | count: 'three' | modules/bicep/gpuNodePool.bicep:{edit}: Microsoft.ContainerService/managedClusters/agentPools.properties.count: string given, int expected
          modules/bicep/gpuNodePool.bicep | @2026-05-01' = { | @2026-13-01' = { | modules/bicep/gpuNodePool.bicep:{edit}: Microsoft.ContainerService/managedClusters/agentPools@2026-13-01: unknown api-version
          modules/bicep/inClusterComponents.bicep | retentionInterval: 'PT1H' | cleanupTimeout: 'PT1H' | modules/bicep/inClusterComponents.bicep: Microsoft.Resources/deploymentScripts.properties.retentionInterval is required ;; modules/bicep/inClusterComponents.bicep:{edit}: Microsoft.Resources/deploymentScripts.properties.cleanupTimeout: no such property
          modules/bicep/network.bicep | @description('Name of the node subnet.') | // no description | modules/bicep/network.bicep:{line:param subnetName }: param subnetName has no @description
          modules/bicep/network.bicep | output subnetId string = snetNodes.id | output subnetId string = snetNode.id | modules/bicep/network.bicep:{edit}: unknown symbol snetNode
          modules/bicep/network.bicep | "      addressPrefixes: [" | "     addressPrefixes: [" | modules/bicep/network.bicep:{edit}:6: indentation 5, expected 6
          modules/bicep/network.bicep | "addressPrefixes: [" | "addressPrefixes: [ " | modules/bicep/network.bicep:{edit}: trailing space
          modules/bicep/network.bicep | addressPrefixes: [ | addressPrefixes: [vnetCidr] | modules/bicep/network.bicep:{line:        vnetCidr}:9: indentation 8, expected 6
          modules/bicep/inClusterComponents.bicep | "azCliVersion: '2.63.0'" | "azCliVersion: '2.63.0\\x'" | modules/bicep/inClusterComponents.bicep:{edit}:26: unknown escape \\x
          research/inference-eastus2/bicep/main.bicep | vnetCidr: vnetCidr | vnetCidrs: vnetCidr | research/inference-eastus2/bicep/main.bicep:{line:module modNetwork }: module modNetwork: modules/bicep/network.bicep declares no param vnetCidrs ;; research/inference-eastus2/bicep/main.bicep:{line:module modNetwork }: module modNetwork: required param vnetCidr of modules/bicep/network.bicep not given
          research/inference-eastus2/bicep/main.bicep | maxCount: 16 | maxCount: 1001 | research/inference-eastus2/bicep/main.bicep:{line:module modGpuPool_h100ib }: module modGpuPool_h100ib param maxCount: above @maxValue
          research/inference-eastus2/bicep/main.bicep | osDiskSizeGB: 512 | osDiskSizeGB: '512' | research/inference-eastus2/bicep/main.bicep:{line:module modGpuPool_h100ib }: module modGpuPool_h100ib param osDiskSizeGB: string given, int expected
          research/inference-eastus2/bicep/main.bicep | modCluster.outputs.kubeconfig | modCluster.outputs.kubeconfigs | research/inference-eastus2/bicep/main.bicep:{edit}: module modCluster has no output kubeconfigs
          research/inference-eastus2/bicep/main.bicep | @secure() | // not secure | research/inference-eastus2/bicep/main.bicep:{line:output kubeconfig }: output kubeconfig carries a secret but is not @secure()
          research/inference-eastus2/bicep/main.bicep | scope: rgMain | scope: rgMain2 | research/inference-eastus2/bicep/main.bicep:{line:module modInfinibandFeatureCheck }: unknown symbol rgMain2
          research/inference-eastus2/bicep/main.bicepparam | param subnetCidr = '10.20.0.0/20' | param subnetCidrs = '10.20.0.0/20' | research/inference-eastus2/bicep/main.bicepparam:{line:using }: parameters file: required param subnetCidr of research/inference-eastus2/bicep/main.bicep not given ;; research/inference-eastus2/bicep/main.bicepparam:{line:using }: parameters file: research/inference-eastus2/bicep/main.bicep declares no param subnetCidrs
          research/inference-eastus2/bicep/main.bicepparam | param location = 'eastus2' | param location = 'a\\qb' | research/inference-eastus2/bicep/main.bicepparam:{edit}:20: unknown escape \\q
          """)
  void reportsTheMistake(String file, String find, String replace, String expected) {
    Map<String, String> files = new TreeMap<>(BicepTypeCheckTest.render("multi-pool.yaml"));
    String before = files.get(file);
    assertTrue(before.contains(find), "fixture text not found: " + find);
    files.put(
        file,
        before.replaceFirst(
            java.util.regex.Pattern.quote(find),
            java.util.regex.Matcher.quoteReplacement(replace)));
    List<String> problems = BicepChecker.check(TYPES, files);
    assertEquals(List.of(lines(expected, files.get(file), replace).split(" ;; ")), problems);
  }

  /**
   * The expectation with its line numbers filled in from the edited file, so that a template change
   * above the edit does not move the oracle: {@code {edit}} is the line of the edit, {@code
   * {line:TEXT}} the first line holding TEXT (the declaration a finding is reported on).
   */
  private static String lines(String expected, String edited, String replace) {
    List<String> fileLines = edited.lines().toList();
    String filled = expected.replace("{edit}", String.valueOf(lineOf(fileLines, replace)));
    java.util.regex.Matcher anchor =
        java.util.regex.Pattern.compile("\\{line:([^}]*)\\}").matcher(filled);
    return anchor.replaceAll(m -> String.valueOf(lineOf(fileLines, m.group(1))));
  }

  private static int lineOf(List<String> lines, String text) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(text)) {
        return i + 1;
      }
    }
    throw new AssertionError("not in the edited file: " + text);
  }
}
