package ai.modelplane.generator.naming;

import static ai.modelplane.generator.TestClusters.cluster;
import static ai.modelplane.generator.TestClusters.gpuPool;
import static ai.modelplane.generator.TestClusters.systemPool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.model.Fabric;
import java.util.Collections;
import org.junit.jupiter.api.Test;

class NamingTest {
  @Test
  void namesOfTheReferenceExample() {
    AzureNames names =
        cluster(
                "platform",
                "inference-westeurope",
                systemPool(0, "system"),
                gpuPool(1, "gpuh100", Fabric.INFINIBAND))
            .names();

    assertEquals("rg-platform_inference-westeurope", names.resourceGroup());
    assertEquals("rg-platform_inference-westeurope-nodes", names.nodeResourceGroup());
    assertEquals("vnet-inference-westeurope", names.virtualNetwork());
    assertEquals("snet-nodes", names.subnet());
    assertEquals("inference-westeurope", names.cluster());
    assertEquals("inference-westeurope", names.dnsPrefix());
    assertEquals("systemtmp", names.rotationName("system"));
    assertEquals("gpuh100tmp", names.rotationName("gpuh100"));
  }

  /**
   * The API server accepts dots in a custom resource's name; AKS cluster names and DNS prefixes do
   * not.
   */
  @Test
  void aNameWithDotsGetsHyphensAndTheHashOfTheNameAsWritten() {
    AzureNames dotted =
        cluster("platform", "inference.west-europe.v2", systemPool(0, "system")).names();
    AzureNames hyphens =
        cluster("platform", "inference-west-europe-v2", systemPool(0, "system")).names();

    assertEquals("inference-west-europe-v2-9c08688c", dotted.cluster());
    assertEquals("inference-west-europe-v2-9c08688c", dotted.dnsPrefix());
    assertEquals("rg-platform_inference-west-europe-v2-9c08688c", dotted.resourceGroup());
    assertEquals("vnet-inference-west-europe-v2-9c08688c", dotted.virtualNetwork());
    assertEquals(
        "modelplane-platform_inference-west-europe-v2-9c08688c",
        Naming.deploymentStack("platform", "inference.west-europe.v2"));
    assertFalse(dotted.cluster().contains(".") || dotted.dnsPrefix().contains("."));
    assertNotEquals(hyphens.cluster(), dotted.cluster());
    assertNotEquals(hyphens.resourceGroup(), dotted.resourceGroup());
    assertEquals(
        "inference-west-europe-v2", hyphens.cluster(), "a name without dots is used as written");
  }

  @Test
  void aLongDottedNameStillFitsEveryLimit() {
    String name = String.join(".", Collections.nCopies(40, "abcde"));
    AzureNames names = cluster("platform", name, systemPool(0, "system")).names();

    assertTrue(names.cluster().length() <= Naming.CLUSTER_MAX, names.cluster());
    assertTrue(names.dnsPrefix().length() <= Naming.DNS_PREFIX_MAX, names.dnsPrefix());
    assertTrue(names.resourceGroup().length() <= Naming.RESOURCE_GROUP_MAX, names.resourceGroup());
    assertFalse(names.cluster().contains("."));
  }

  @Test
  void namespaceAndNameNeverCollideWhenDashesMove() {
    AzureNames left = cluster("a-b", "c", systemPool(0, "system")).names();
    AzureNames right = cluster("a", "b-c", systemPool(0, "system")).names();

    assertNotEquals(left.resourceGroup(), right.resourceGroup());
    assertNotEquals(left.nodeResourceGroup(), right.nodeResourceGroup());
  }

  @Test
  void longNamesAreCutWithAStableHashWithinAzureLimits() {
    String namespace = "n".repeat(63);
    String name = "c".repeat(63);
    AzureNames names = cluster(namespace, name, systemPool(0, "abcdefghijkl")).names();

    assertEquals(Naming.RESOURCE_GROUP_MAX, names.resourceGroup().length());
    assertTrue(names.resourceGroup().matches("rg-n+_c+-[0-9a-f]{8}"), names.resourceGroup());
    assertTrue(names.nodeResourceGroup().length() <= Naming.NODE_RESOURCE_GROUP_MAX);
    assertTrue(names.virtualNetwork().length() <= Naming.VIRTUAL_NETWORK_MAX);
    assertTrue(names.dnsPrefix().length() <= Naming.DNS_PREFIX_MAX);
    assertEquals("abcdefghitmp", names.rotationName("abcdefghijkl"));
    // Same input, same names: the hash is part of a contract with live resources.
    assertEquals(names, cluster(namespace, name, systemPool(0, "abcdefghijkl")).names());
  }

  @Test
  void deploymentStacksAreOnePerClusterWithinTheStackNameRule() {
    assertEquals(
        "modelplane-platform_inference-westeurope",
        Naming.deploymentStack("platform", "inference-westeurope"));
    // The same name in two namespaces, or a dash moved between namespace and name, never shares a
    // stack.
    assertNotEquals(
        Naming.deploymentStack("research", "inference"),
        Naming.deploymentStack("platform", "inference"));
    assertNotEquals(Naming.deploymentStack("a-b", "c"), Naming.deploymentStack("a", "b-c"));

    String longest = Naming.deploymentStack("n".repeat(63), "c".repeat(253));
    assertEquals(Naming.DEPLOYMENT_STACK_MAX, longest.length());
    assertTrue(longest.matches("^[-\\w._()]+$"), longest);
    assertNotEquals(longest, Naming.deploymentStack("n".repeat(63), "c".repeat(252)));
    assertEquals(longest, Naming.deploymentStack("n".repeat(63), "c".repeat(253)));
  }

  @Test
  void deploymentsInASharedResourceGroupAreOnePerClusterWithinTheDeploymentNameRule() {
    assertEquals(
        "existing-subnet-platform_inference-westeurope",
        Naming.sharedGroupDeployment("existing-subnet", "platform", "inference-westeurope"));
    // Clusters of one spoke resource group: the same name in two namespaces never shares one.
    assertNotEquals(
        Naming.sharedGroupDeployment("existing-subnet", "research", "inference"),
        Naming.sharedGroupDeployment("existing-subnet", "platform", "inference"));
    assertNotEquals(
        Naming.sharedGroupDeployment("existing-subnet", "a-b", "c"),
        Naming.sharedGroupDeployment("existing-subnet", "a", "b-c"));

    String longest =
        Naming.sharedGroupDeployment(
            "route-table-role-assignment", "n".repeat(63), "c".repeat(253));
    assertEquals(Naming.DEPLOYMENT_MAX, longest.length());
    assertTrue(longest.matches("^[-\\w._()]+$"), longest);
    assertNotEquals(
        longest,
        Naming.sharedGroupDeployment(
            "route-table-role-assignment", "n".repeat(63), "c".repeat(252)));
  }

  @Test
  void dnsPrefixStartsWithALetterEvenWhenTheNameDoesNot() {
    assertEquals(
        "aks-1cluster",
        cluster("default", "1cluster", systemPool(0, "system")).names().dnsPrefix());
  }

  /** An adopted cluster keeps its live names; what no annotation names is still derived. */
  @Test
  void annotatedNamesReplaceDerivedOnes() {
    NameOverrides live =
        NameOverrides.fromAnnotations(
            java.util.Map.of(
                "infrastructure.modelplane.ai/resource-group", "Legacy-RG",
                "infrastructure.modelplane.ai/cluster-name", "legacy-aks",
                "example.com/owner", "team-a"));
    AzureNames names = Naming.derive("platform", "inference", java.util.List.of("system"), live);

    assertEquals("Legacy-RG", names.resourceGroup());
    assertEquals("Legacy-RG-nodes", names.nodeResourceGroup());
    assertEquals("legacy-aks", names.cluster());
    assertEquals("vnet-inference", names.virtualNetwork());
    assertEquals("snet-nodes", names.subnet());
    assertEquals("inference", names.dnsPrefix());
    assertEquals(
        java.util.Optional.of("Legacy-RG"), names.annotated().get(NameAnnotation.RESOURCE_GROUP));
    assertEquals(
        Naming.derive("platform", "inference", java.util.List.of("system")),
        Naming.derive(
            "platform",
            "inference",
            java.util.List.of("system"),
            NameOverrides.fromAnnotations(java.util.Map.of())));
  }
}
