package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.AksClusterSpec;
import ai.modelplane.generator.model.Fabric;
import ai.modelplane.generator.model.GpuConfig;
import ai.modelplane.generator.model.Networking;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.model.Role;
import ai.modelplane.generator.model.SourceRef;
import ai.modelplane.generator.naming.Naming;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.text.NoRawUnsafeText;
import ai.modelplane.generator.render.bicep.BicepAst.Arr;
import ai.modelplane.generator.render.bicep.BicepAst.BicepFile;
import ai.modelplane.generator.render.bicep.BicepAst.Expr;
import ai.modelplane.generator.render.bicep.BicepAst.ModuleDecl;
import ai.modelplane.generator.render.bicep.BicepAst.Obj;
import ai.modelplane.generator.render.bicep.BicepAst.Str;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Hostile strings in every free-form field of a cluster built directly (bypassing validation):
 * the Bicep still parses and passes the type check, and each value arrives exactly, so no value
 * can end a string, start an interpolation or break out of a comment.
 */
class BicepEscapingPropertyTest {
  private static final ArmTypes TYPES = new ArmTypes();
  /** Characters that matter to Bicep strings and comments, plus ordinary and non-BMP text. */
  private static final String[] PIECES = {
    "'", "\\", "$", "{", "}", "${", "\\${", "'''", "\n", "\r", "\t", "\u0000", "\u001F", "\u007F", "\u0085",
    "\u2028", "\u2029", "\u202E", "\u202A", "\u2066", "\u2069", "\u200F", "\u061C", "//", "/*", "*/", "a", "Z", "0", " ", "-", ".", "é", "日", "\uD83D\uDE00", "\\u{41}", "\\n"
  };

  @Test
  void randomValuesSurviveExactly() {
    Random random = new Random(20261129L);
    for (int run = 0; run < 300; run++) {
      String location = text(random, 1, 32);
      String version = text(random, 1, 16);
      String vnetCidr = text(random, 9, 18);
      String subnetCidr = text(random, 9, 18);
      String systemSize = text(random, 1, 63);
      String gpuSize = text(random, 1, 63);
      String accelerator = text(random, 1, 63);
      List<String> zones = List.of(text(random, 1, 8), text(random, 1, 8));
      String sourcePath = text(random, 1, 40);
      AksCluster cluster =
          new AksCluster(
              new SourceRef(sourcePath, 0, 1),
              "c" + run,
              "ns",
              new AksClusterSpec(
                  version,
                  location,
                  new Networking(vnetCidr, subnetCidr),
                  List.of(
                      new NodePool(0, "system", Role.SYSTEM, systemSize, 100, 1, Optional.empty(), 3, Fabric.NONE, Optional.empty(), List.of()),
                      new NodePool(1, "gpu", Role.GPU, gpuSize, 200, 1, Optional.of(1), 4, Fabric.INFINIBAND,
                          Optional.of(new GpuConfig(accelerator)), zones))));
      Map<String, String> files = new TreeMap<>();
      for (GeneratedFile file : new BicepRenderer().render(List.of(cluster))) {
        files.put(file.relativePath(), file.content());
      }
      String where = "run " + run;
      assertEquals(List.of(), BicepChecker.check(TYPES, files), where);
      // Trojan-source text in reviewed code: controls and bidi controls only as escapes.
      files.forEach(NoRawUnsafeText::check);

      Map<String, BicepFile> parsed = BicepChecker.parseAll(files);
      BicepFile params = parsed.get("ns/c" + run + "/bicep/main.bicepparam");
      assertEquals(location, literal(params.paramAssigns().get(0).value()), where);
      assertEquals(version, literal(params.paramAssigns().get(1).value()), where);
      assertEquals(vnetCidr, literal(params.paramAssigns().get(2).value()), where);
      assertEquals(subnetCidr, literal(params.paramAssigns().get(3).value()), where);

      BicepFile main = parsed.get("ns/c" + run + "/bicep/main.bicep");
      assertEquals(Naming.of(cluster).cluster(), literal(main.vars().get(4).value()), where);
      Obj clusterParams = params(main, "modCluster");
      assertEquals(systemSize, literal(clusterParams.get("systemPoolVmSize").orElseThrow()), where);
      Obj gpuParams = params(main, "modGpuPool_gpu");
      assertEquals(gpuSize, literal(gpuParams.get("vmSize").orElseThrow()), where);
      assertEquals(accelerator, literal(((Obj) gpuParams.get("nodeLabels").orElseThrow()).get("modelplane.ai/gpu").orElseThrow()), where);
      List<String> zoneValues = new ArrayList<>();
      for (Expr zone : ((Arr) gpuParams.get("availabilityZones").orElseThrow()).items()) {
        zoneValues.add(literal(zone));
      }
      assertEquals(zones, zoneValues, where);
      String mainText = files.get("ns/c" + run + "/bicep/main.bicep");
      assertEquals(
          "// Deploy with: az deployment sub create --location <region> --template-file main.bicep --parameters main.bicepparam",
          mainText.split("\n", -1)[1],
          where);
    }
  }

  private static Obj params(BicepFile main, String module) {
    ModuleDecl decl = main.modules().stream().filter(m -> m.name().equals(module)).findFirst().orElseThrow();
    return (Obj) decl.body().get("params").orElseThrow();
  }

  private static String literal(Expr expr) {
    return ((Str) expr).literal();
  }

  private static String text(Random random, int minLength, int maxLength) {
    StringBuilder out = new StringBuilder();
    int target = minLength + random.nextInt(maxLength - minLength + 1);
    while (out.length() < target) {
      String piece = PIECES[random.nextInt(PIECES.length)];
      if (out.length() + piece.length() <= target) {
        out.append(piece);
      }
    }
    return out.toString();
  }
}
