package ai.modelplane.benchmarks;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A folder of N seed-shaped AKSCluster files, the same clusters {@code bench/make-fleet.sh} writes
 * (GPU pool with InfiniBand, unique names and VNets), so JMH and the CLI benchmarks measure the
 * same input.
 */
final class Fleet {
  private Fleet() {}

  static Path write(int count) throws IOException {
    Path dir = Files.createTempDirectory("modelplane-fleet-" + count + "-");
    for (int i = 0; i < count; i++) {
      int second = 100 + i / 250;
      int third = i % 250;
      Files.writeString(
          dir.resolve("cluster-" + i + ".yaml"),
          """
          apiVersion: infrastructure.modelplane.ai/v1alpha1
          kind: AKSCluster
          metadata:
            name: inference-%d
            namespace: fleet
          spec:
            location: westeurope
            kubernetesVersion: "1.35"
            networking:
              vnetCidr: 10.%d.%d.0/24
              subnetCidr: 10.%d.%d.0/25
            nodePools:
              - name: system
                role: System
                vmSize: Standard_D8s_v5
                nodeCount: 2
              - name: gpuh100
                role: GPU
                vmSize: Standard_ND96isr_H100_v5
                diskSizeGb: 200
                nodeCount: 1
                minNodeCount: 1
                maxNodeCount: 8
                fabric: InfiniBand
                gpu:
                  acceleratorType: nvidia-h100
          """
              .formatted(i, second, third, second, third));
    }
    return dir;
  }

  static List<InputSource> sources(Path dir) throws IOException {
    return Inputs.expand(List.of(dir.toString()), dir);
  }

  /** The fleet's clusters, validated; fails loudly if the input stopped being valid. */
  static List<AksCluster> clusters(Path dir, int expected) throws IOException {
    ValidationResult result = new Validator(CrdSchema.bundled()).validate(sources(dir));
    if (result.clusters().size() != expected) {
      throw new IllegalStateException(
          "expected "
              + expected
              + " valid clusters, got "
              + result.clusters().size()
              + ": "
              + result.diagnostics());
    }
    return result.clusters();
  }

  static void delete(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
