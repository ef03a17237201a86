package ai.modelplane.generator.render;

import ai.modelplane.generator.TestClusters;
import ai.modelplane.generator.bind.ClusterBinder;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.AksClusterSpec;
import ai.modelplane.generator.model.Authentication;
import ai.modelplane.generator.model.EndpointAccess;
import ai.modelplane.generator.model.Fabric;
import ai.modelplane.generator.model.GpuConfig;
import ai.modelplane.generator.model.GpuStack;
import ai.modelplane.generator.model.Networking;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.model.PoolSettings;
import ai.modelplane.generator.model.PoolUpgrade;
import ai.modelplane.generator.model.Role;
import ai.modelplane.generator.model.SourceRef;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;

/**
 * Clusters built directly (so validation cannot filter them) with hostile text in every free-form
 * field, the same for every target. Lengths stay within the CRD's bounds, which the Bicep
 * parameters restate, so that a type check can pass.
 */
public final class HostileClusters {
  /**
   * Fragments that break naive escaping in HCL or Bicep: quotes, backslashes, interpolation and
   * template introducers, heredocs, comments, controls, bidi controls, non-ASCII and non-BMP text.
   */
  private static final List<String> HOSTILE =
      List.of(
          "\"",
          "'",
          "'''",
          "\"\"\"",
          "\\",
          "${",
          "%{",
          "$${",
          "%%{",
          "\\${",
          "$",
          "%",
          "{",
          "}",
          "\n",
          "\r",
          "\t",
          "\u0000",
          "\u0001",
          "\u001b",
          "\u001F",
          "\u007f",
          "\u0085",
          "\u2028",
          "\u2029",
          "\u202E",
          "\u202A",
          "\u2066",
          "\u2069",
          "\u200E",
          "\u200F",
          "\u061C",
          "é",
          "日本",
          "\uD83D\uDE00",
          "#",
          "//",
          "/*",
          "*/",
          "<<EOT",
          " = ",
          "a",
          "Z",
          "0",
          " ",
          "-",
          ".",
          "\\n",
          "\\u0041",
          "\\u{41}",
          "${var.x}",
          "%{ if true }");

  /**
   * Names end up in file paths too, so they leave out path separators, dots and characters a cut
   * could split.
   */
  private static final List<String> PATH_SAFE =
      List.of(
          "\"", "$", "%", "{", "}", "${", "%{", "$${", "é", "#", " = ", "a", "b", "0", "-", "'",
          "`");

  private HostileClusters() {}

  /** One cluster: a default System pool and up to two more pools of random role and fabric. */
  public static AksCluster random(Random random) {
    int extra = random.nextInt(3);
    List<NodePool> pools = new ArrayList<>();
    pools.add(pool(random, 0, Role.SYSTEM, Fabric.NONE));
    for (int i = 1; i <= extra; i++) {
      Role role = random.nextBoolean() ? Role.GPU : Role.SYSTEM;
      pools.add(
          pool(
              random,
              i,
              role,
              role == Role.GPU && random.nextBoolean() ? Fabric.INFINIBAND : Fabric.NONE));
    }
    return new AksCluster(
        new SourceRef(text(random, HOSTILE, 1, 40), 0, 1),
        text(random, PATH_SAFE, 1, 20),
        text(random, PATH_SAFE, 1, 20),
        new AksClusterSpec(
            text(random, HOSTILE, 1, 16),
            text(random, HOSTILE, 1, 32),
            EndpointAccess.PUBLIC,
            new Networking(text(random, HOSTILE, 9, 18), text(random, HOSTILE, 9, 18)),
            pools,
            tags(random),
            random.nextBoolean(),
            authentication(random),
            GpuStack.DRA,
            List.of(text(random, HOSTILE, 1, 18)),
            Optional.empty(),
            ClusterBinder.upstreamDefaultPool()));
  }

  /**
   * Local accounts, or Entra ID with up to two hostile admin group ids (user data in both targets).
   */
  private static Authentication authentication(Random random) {
    if (random.nextBoolean()) {
      return Authentication.LOCAL_ACCOUNTS;
    }
    List<String> groups = new ArrayList<>();
    int count = random.nextInt(3);
    for (int i = 0; i < count; i++) {
      groups.add(text(random, HOSTILE, 1, 36));
    }
    return new Authentication(Authentication.Mode.ENTRA_ID, groups);
  }

  /** Up to three tags with hostile names and values (user data that reaches every target). */
  private static TreeMap<String, String> tags(Random random) {
    TreeMap<String, String> tags = new TreeMap<>();
    int count = random.nextInt(4);
    for (int i = 0; i < count; i++) {
      tags.put(text(random, HOSTILE, 1, 40), text(random, HOSTILE, 1, 60));
    }
    return tags;
  }

  private static NodePool pool(Random random, int index, Role role, Fabric fabric) {
    List<String> zones =
        random.nextBoolean()
            ? List.of()
            : List.of(text(random, HOSTILE, 1, 8), text(random, HOSTILE, 1, 8));
    Optional<GpuConfig> gpu =
        role == Role.GPU
            ? Optional.of(
                new GpuConfig(
                    text(random, HOSTILE, 1, 63),
                    random.nextBoolean() ? Optional.of("MIG1g") : Optional.empty()))
            : Optional.empty();
    Optional<Integer> minCount = random.nextBoolean() ? Optional.of(1) : Optional.empty();
    boolean spot = role == Role.GPU && random.nextBoolean();
    // An enum of the CRD, not free-form text: left out, or one of its values.
    PoolSettings settings =
        random.nextBoolean()
            ? new PoolSettings(
                Map.of(
                    "diskSizeGb", "100", "osSku", random.nextBoolean() ? "Ubuntu" : "AzureLinux"))
            : TestClusters.disk(100);
    // Distinct names: the index keeps them apart whatever the random part is.
    return new NodePool(
        index,
        text(random, PATH_SAFE, 1, 10) + index,
        role,
        text(random, HOSTILE, 1, 63),
        1,
        minCount,
        3,
        fabric,
        gpu,
        zones,
        settings,
        spot ? NodePool.SPOT : NodePool.REGULAR,
        spot && random.nextBoolean() ? Optional.of(new BigDecimal("0.12345")) : Optional.empty(),
        // Upgrade settings reach both targets as strings: hostile text tests their escaping.
        !spot && random.nextBoolean()
            ? Optional.of(
                new PoolUpgrade(
                    Optional.of(text(random, HOSTILE, 1, 12)), Optional.empty(), Optional.of(45)))
            : Optional.empty());
  }

  /** Fragments joined up to a length between {@code min} and {@code max} UTF-16 units. */
  private static String text(Random random, List<String> fragments, int min, int max) {
    StringBuilder out = new StringBuilder();
    int target = min + random.nextInt(max - min + 1);
    while (out.length() < target) {
      String piece = fragments.get(random.nextInt(fragments.size()));
      if (out.length() + piece.length() <= target) {
        out.append(piece);
      }
    }
    return out.toString();
  }
}
