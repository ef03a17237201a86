package ai.modelplane.generator.diff;

import ai.modelplane.generator.model.AksCluster;
import java.util.List;
import java.util.Map;

/**
 * The clusters of one revision.
 *
 * @param clusters validated clusters
 * @param fileKeys per source display path, the key of that file inside the revision (its path
 *     relative to the folder given, or empty for a single file), so that a cluster renamed in place
 *     is recognised as the same document in both revisions
 */
public record Revision(List<AksCluster> clusters, Map<String, String> fileKeys) {
  public Revision {
    clusters = List.copyOf(clusters);
    fileKeys = Map.copyOf(fileKeys);
  }

  /** Where a cluster sits in its revision: file key and document index. */
  String slot(AksCluster cluster) {
    String file =
        fileKeys.getOrDefault(cluster.source().displayPath(), cluster.source().displayPath());
    return file + "#" + cluster.source().documentIndex();
  }
}
