package ai.modelplane.generator.output;

/**
 * A file the generator needs to write or remove but must not, because that could lose someone's
 * work. Any conflict stops the run before anything is written.
 *
 * @param path relative to the output directory, {@code /}-separated
 * @param kind what is in the way
 */
public record OutputConflict(String path, Kind kind) {
  public enum Kind {
    /** The file exists with other bytes and the manifest does not list it: someone else's file. */
    NOT_GENERATED(
        "exists and was not written by modelplane (it is not in "
            + Manifest.PATH
            + "); move it away or choose another output folder"),
    /** Something that is not a regular file sits where a generated file or folder must go. */
    IN_THE_WAY(
        "is in the way of a generated file (a folder where a file must go, or a file where a folder must go)"),
    /**
     * A symbolic link inside the output folder on the way to (or at the place of) a file to write
     * or remove.
     */
    SYMLINK(
        "is a symbolic link; modelplane never writes or removes files through one: replace it with a real folder, or choose another output folder"),
    /** A generated file was changed by hand since the generator wrote it. */
    EDITED(
        "was edited by hand since modelplane generated it; move the change into the AKSCluster YAML, or force the overwrite"),
    /** A file the generator no longer produces was changed by hand since it wrote it. */
    EDITED_OBSOLETE(
        "is no longer generated but was edited by hand since modelplane generated it; remove it yourself, or force the removal");

    private final String explanation;

    Kind(String explanation) {
      this.explanation = explanation;
    }

    /** What happened and how to fix it, in words for any adapter. */
    public String explanation() {
      return explanation;
    }

    /** True for the conflicts that forcing resolves (the generator's own files, edited by hand). */
    public boolean isHandEdit() {
      return this == EDITED || this == EDITED_OBSOLETE;
    }
  }

  /** {@code PATH: explanation}, with the path as given below {@code root}. */
  public String describe(String root) {
    return (root.isEmpty() ? "" : root.endsWith("/") ? root : root + "/")
        + path
        + ": "
        + kind.explanation();
  }
}
