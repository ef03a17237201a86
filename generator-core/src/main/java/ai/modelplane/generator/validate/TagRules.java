package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.FieldPaths;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Azure's tag rules that the CRD does not say, each at the tag name it is about
 * (learn.microsoft.com azure-resource-manager/management/tag-resources, "Limitations"): a name is 1
 * to 512 characters long and holds none of {@code < > % & \ ? /} (MP420), and names are compared
 * case-insensitively ("Tag names are case-insensitive for operations"), so two names that differ
 * only in case are one tag to Azure, of which AKS keeps the alphabetically first (AKS docs
 * use-tags.md:35) (MP419). azurerm checks only the count and the lengths (go-azure-helpers
 * tags/validate.go), Bicep none of them. The count and the value length are the CRD's
 * (maxProperties, maxLength); the name rules are here rather than CEL on the map's keys so that
 * each finding points at its name (a rule on the map is reported at the map).
 */
final class TagRules {
  static final int MAX_NAME_LENGTH = 512;
  static final String FORBIDDEN = "<>%&\\?/";

  private TagRules() {}

  static void check(Map<String, String> tags, Findings findings) {
    Map<String, String> seen = new HashMap<>();
    // The tags arrive in name order (uppercase first): a duplicate is reported at the later name.
    for (String name : tags.keySet()) {
      String at = FieldPaths.pointer("/spec/tags", name);
      int length = name.codePointCount(0, name.length());
      if (length == 0 || length > MAX_NAME_LENGTH) {
        findings.errorAtKey(
            at,
            DiagnosticCode.MP420,
            "Invalid value: tag name of "
                + length
                + " characters: Azure takes names of 1 to "
                + MAX_NAME_LENGTH,
            "");
      }
      int forbidden = firstForbidden(name);
      if (forbidden >= 0) {
        findings.errorAtKey(
            at,
            DiagnosticCode.MP420,
            "Invalid value: \""
                + name
                + "\": Azure refuses "
                + name.charAt(forbidden)
                + " in a tag name (none of < > % & \\ ? / may appear)",
            "");
      }
      String earlier = seen.putIfAbsent(name.toLowerCase(Locale.ROOT), name);
      if (earlier != null) {
        findings.errorAtKey(
            at,
            DiagnosticCode.MP419,
            "Duplicate value: \""
                + name
                + "\": Azure compares tag names case-insensitively, so it is the same tag as \""
                + earlier
                + "\"",
            "keep one of the two names");
      }
    }
  }

  private static int firstForbidden(String name) {
    for (int i = 0; i < name.length(); i++) {
      if (FORBIDDEN.indexOf(name.charAt(i)) >= 0) {
        return i;
      }
    }
    return -1;
  }
}
