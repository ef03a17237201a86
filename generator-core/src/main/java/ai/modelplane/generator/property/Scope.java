package ai.modelplane.generator.property;

/** Whether a field belongs to the cluster or to each of its node pools. */
public enum Scope {
  CLUSTER("cluster"),
  POOL("pool");

  private final String id;

  Scope(String id) {
    this.id = id;
  }

  /** The list the field is declared in, and the scope of its change facts. */
  public String id() {
    return id;
  }
}
