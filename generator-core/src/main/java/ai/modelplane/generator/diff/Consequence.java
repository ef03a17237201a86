package ai.modelplane.generator.diff;

/**
 * What applying a change does in Azure, mildest first; the order ranks a cluster's worst change.
 * {@link #REFUSED} ranks above every destructive consequence: nothing is deleted, but the apply
 * fails, and a reviewer must not approve it as if it would succeed.
 */
public enum Consequence {
  NO_AZURE_CHANGE("no-azure-change", "no change in Azure", false),
  IN_PLACE("in-place", "in-place update", false),
  POOL_CREATED("pool-created", "node pool created", false),
  CLUSTER_CREATED("cluster-created", "cluster created", false),
  POOL_RECREATED("pool-recreated", "node pool recreated", true),
  POOL_DELETED("pool-deleted", "node pool deleted", true),
  CLUSTER_REMOVED("cluster-removed", "cluster removed", true),
  CLUSTER_RECREATED("cluster-recreated", "cluster recreated", true),
  REFUSED("refused", "refused by Azure", false);

  private final String id;
  private final String label;
  private final boolean destructive;

  Consequence(String id, String label, boolean destructive) {
    this.id = id;
    this.label = label;
    this.destructive = destructive;
  }

  /** Stable identifier used in the facts file and the JSON output. */
  public String id() {
    return id;
  }

  /** Words a reviewer reads. */
  public String label() {
    return label;
  }

  /** True when nodes or clusters are deleted: exit code 2, extra approval. */
  public boolean destructive() {
    return destructive;
  }

  /**
   * True when Azure rejects the change and the apply fails: exit code 3, the change must be redone.
   */
  public boolean refused() {
    return this == REFUSED;
  }

  public static Consequence fromId(String id) {
    for (Consequence consequence : values()) {
      if (consequence.id.equals(id)) {
        return consequence;
      }
    }
    throw new IllegalArgumentException("unknown consequence " + id);
  }
}
