package ai.modelplane.drift;

import java.util.Locale;

/** What kind of difference a finding describes. */
public enum FindingKind {
  /** The YAML asks for something that does not exist in Azure. */
  MISSING,
  /** Azure has something the YAML does not declare. */
  UNEXPECTED,
  /** Both exist, with different values. */
  CHANGED;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
