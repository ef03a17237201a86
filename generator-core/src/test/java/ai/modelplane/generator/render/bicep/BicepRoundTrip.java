package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.plan.PoolPlan;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.testsupport.bicep.ArmTypes;
import ai.modelplane.testsupport.bicep.BicepAst.Arr;
import ai.modelplane.testsupport.bicep.BicepAst.BicepFile;
import ai.modelplane.testsupport.bicep.BicepAst.Expr;
import ai.modelplane.testsupport.bicep.BicepAst.ModuleDecl;
import ai.modelplane.testsupport.bicep.BicepAst.Obj;
import ai.modelplane.testsupport.bicep.BicepAst.Str;
import ai.modelplane.testsupport.bicep.BicepChecker;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Bicep half of the escaping property: the files parse and pass the type check, and each value
 * arrives exactly, so no value can end a string, start an interpolation or break out of a comment.
 */
public final class BicepRoundTrip {
  private static final ArmTypes TYPES = new ArmTypes();

  private BicepRoundTrip() {}

  public static void assertCarriesValues(
      AksCluster cluster, List<GeneratedFile> generated, String where) {
    Map<String, String> files = new TreeMap<>();
    generated.forEach(file -> files.put(file.relativePath(), file.content()));
    assertEquals(List.of(), BicepChecker.check(TYPES, files), where);

    Map<String, BicepFile> parsed = BicepChecker.parseAll(files);
    String root = cluster.namespace() + "/" + cluster.name() + "/bicep/";
    BicepFile params = parsed.get(root + "main.bicepparam");
    assertEquals(cluster.spec().location(), literal(params.paramAssigns().get(0).value()), where);
    assertEquals(
        cluster.spec().kubernetesVersion(), literal(params.paramAssigns().get(1).value()), where);
    assertEquals(
        cluster.spec().networking().vnetCidr(),
        literal(params.paramAssigns().get(2).value()),
        where);
    assertEquals(
        cluster.spec().networking().subnetCidr(),
        literal(params.paramAssigns().get(3).value()),
        where);

    BicepFile main = parsed.get(root + "main.bicep");
    assertEquals(cluster.names().cluster(), literal(main.vars().get(4).value()), where);
    Obj clusterParams = params(main, "modCluster");
    NodePool first = cluster.spec().defaultPool();
    assertEquals(
        first.vmSize(), literal(clusterParams.get("systemPoolVmSize").orElseThrow()), where);
    for (NodePool pool : cluster.spec().additionalPools()) {
      String id = new PoolPlan(pool, "", new TreeMap<>(), List.of(), "", false).identifier();
      Obj poolParams = params(main, (pool.isGpu() ? "modGpuPool_" : "modSystemPool_") + id);
      assertEquals(pool.vmSize(), literal(poolParams.get("vmSize").orElseThrow()), where);
      Obj labels = (Obj) poolParams.get("nodeLabels").orElseThrow();
      assertEquals(pool.name(), literal(labels.get(Platform.POOL_LABEL).orElseThrow()), where);
      pool.gpu()
          .ifPresent(
              gpu ->
                  assertEquals(
                      gpu.acceleratorType(),
                      literal(labels.get(Platform.GPU_LABEL).orElseThrow()),
                      where));
      assertEquals(
          pool.zones(), strings((Arr) poolParams.get("availabilityZones").orElseThrow()), where);
    }
    // The source path, stack name and location in the header comments cannot end a comment early:
    // the deploy and delete commands stay on their lines and the code starts where it should.
    String[] lines = files.get(root + "main.bicep").split("\n", -1);
    assertTrue(lines[1].startsWith("// Deploy with: az stack sub create --name "), where);
    assertTrue(
        lines[1].endsWith(
            " --template-file main.bicep --parameters main.bicepparam --action-on-unmanage deleteResources --deny-settings-mode none --yes"),
        where);
    assertTrue(lines[2].startsWith("// The stack deletes "), where);
    assertTrue(
        lines[3].startsWith("// Remove the whole cluster with: az stack sub delete --name "),
        where);
    assertTrue(lines[3].endsWith(" --action-on-unmanage deleteAll --yes"), where);
    assertEquals("targetScope = 'subscription'", lines[4], where);
  }

  private static Obj params(BicepFile main, String module) {
    ModuleDecl decl =
        main.modules().stream().filter(m -> m.name().equals(module)).findFirst().orElseThrow();
    return (Obj) decl.body().get("params").orElseThrow();
  }

  private static List<String> strings(Arr array) {
    List<String> values = new ArrayList<>();
    for (Expr item : array.items()) {
      values.add(literal(item));
    }
    return values;
  }

  private static String literal(Expr expr) {
    return ((Str) expr).literal();
  }
}
