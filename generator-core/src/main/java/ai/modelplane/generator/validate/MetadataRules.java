package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.FieldPaths;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.naming.NameAnnotation;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code apiVersion}, {@code kind} and {@code metadata}, checked before the CRD schema (which
 * leaves metadata open, as every CRD does). {@code name} must be a DNS-1123 subdomain and {@code
 * namespace} a DNS-1123 label, as the API server requires, because both become parts of Azure
 * names; {@code labels} and {@code annotations} follow the Kubernetes rules. The other {@code
 * ObjectMeta} fields the API server knows (uid, resourceVersion, finalizers, managedFields …) are
 * accepted and ignored, as in output of {@code kubectl get -o yaml}; any other metadata field is an
 * unknown field, as under {@code kubectl --validate=strict}.
 */
final class MetadataRules {
  /** How far the later stages can judge the document after these rules. */
  enum Outcome {
    /** Nothing found. */
    CLEAN,
    /** Problems in metadata: the schema and CEL rules still run, binding does not. */
    FLAWED,
    /** Not an AKSCluster (apiVersion or kind): nothing else can be judged. */
    NOT_OURS
  }

  private final Findings findings;
  private boolean flawed;

  private static final Pattern DNS1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern LABEL_VALUE =
      Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");
  private static final Pattern LABEL_NAME =
      Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
  private static final Pattern DNS1123_SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final int SUBDOMAIN_MAX = 253;
  private static final List<String> CHECKED = List.of("name", "namespace", "labels", "annotations");
  private static final Set<String> IGNORED =
      Set.of(
          "generateName",
          "uid",
          "resourceVersion",
          "generation",
          "creationTimestamp",
          "deletionTimestamp",
          "deletionGracePeriodSeconds",
          "finalizers",
          "ownerReferences",
          "managedFields",
          "selfLink");

  private MetadataRules(Findings findings) {
    this.findings = findings;
  }

  /**
   * Writes what is wrong with {@code document}'s apiVersion, kind and metadata to {@code findings}.
   */
  static Outcome check(JsonNode document, Findings findings) {
    return new MetadataRules(findings).check(document);
  }

  private Outcome check(JsonNode document) {
    JsonNode apiVersion = document.get("apiVersion");
    JsonNode kind = document.get("kind");
    boolean isOurs = true;
    if (apiVersion == null && kind == null) {
      error(
          "",
          DiagnosticCode.MP101,
          "this is not an AKSCluster: apiVersion and kind are missing (expected apiVersion: "
              + CrdSchema.API_VERSION
              + " and kind: "
              + CrdSchema.KIND
              + ")");
      return Outcome.NOT_OURS;
    }
    if (apiVersion == null) {
      errorAtKey(
          "/apiVersion",
          DiagnosticCode.MP101,
          "Required value: this is not an AKSCluster (expected apiVersion: "
              + CrdSchema.API_VERSION
              + ")",
          "");
      isOurs = false;
    } else if (!CrdSchema.API_VERSION.equals(apiVersion.asText()) || !apiVersion.isTextual()) {
      error(
          "/apiVersion",
          DiagnosticCode.MP101,
          "Unsupported value: "
              + apiVersion
              + ": supported values: \""
              + CrdSchema.API_VERSION
              + "\"");
      isOurs = false;
    }
    if (kind == null) {
      errorAtKey(
          "/kind",
          DiagnosticCode.MP102,
          "Required value: this is not an AKSCluster (expected kind: " + CrdSchema.KIND + ")",
          "");
      isOurs = false;
    } else if (!CrdSchema.KIND.equals(kind.asText()) || !kind.isTextual()) {
      error(
          "/kind",
          DiagnosticCode.MP102,
          "Unsupported value: " + kind + ": supported values: \"" + CrdSchema.KIND + "\"");
      isOurs = false;
    }
    if (!isOurs) {
      return Outcome.NOT_OURS;
    }
    JsonNode metadata = document.get("metadata");
    if (metadata == null || !metadata.isObject()) {
      report(
          "/metadata",
          DiagnosticCode.MP103,
          metadata == null ? "Required value" : wrongType(metadata, "object"),
          "",
          metadata == null);
      return Outcome.FLAWED;
    }
    checkName("/metadata/name", metadata.get("name"), true, DiagnosticCode.MP104, SUBDOMAIN);
    checkName("/metadata/namespace", metadata.get("namespace"), false, DiagnosticCode.MP105, LABEL);
    checkStringMap("/metadata/labels", metadata.get("labels"), true);
    checkStringMap("/metadata/annotations", metadata.get("annotations"), false);
    for (Iterator<String> names = metadata.fieldNames(); names.hasNext(); ) {
      String field = names.next();
      if (!CHECKED.contains(field) && !IGNORED.contains(field)) {
        String suggestion = Suggestions.closest(field, CHECKED);
        errorAtKey(
            FieldPaths.pointer("/metadata", field),
            DiagnosticCode.MP106,
            "unknown field \"" + field + "\"",
            suggestion == null
                ? "metadata takes name, namespace, labels and annotations"
                : "did you mean \"" + suggestion + "\"?");
      }
    }
    return flawed ? Outcome.FLAWED : Outcome.CLEAN;
  }

  /** A Kubernetes name rule: its length limit, its pattern, and the words that explain it. */
  private record NameRule(int max, Pattern pattern, String explanation) {}

  /**
   * A custom resource's name is a DNS-1123 subdomain, as the API server checks it
   * (apiextensions-apiserver v0.36.3 {@code pkg/registry/customresource/validator.go:53}, {@code
   * NameIsDNSSubdomain}; apimachinery {@code pkg/util/validation/validation.go:184-206}); the words
   * are the API server's. Naming fits it to Azure's name rules.
   */
  private static final NameRule SUBDOMAIN =
      new NameRule(
          SUBDOMAIN_MAX,
          DNS1123_SUBDOMAIN,
          "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character");

  /** The namespace stays a DNS-1123 label (apimachinery {@code ValidateNamespaceName}). */
  private static final NameRule LABEL =
      new NameRule(
          63,
          DNS1123_LABEL,
          "a DNS-1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character");

  private void checkName(
      String pointer, JsonNode value, boolean required, DiagnosticCode code, NameRule rule) {
    if (value == null || value.isNull()) {
      if (required) {
        errorAtKey(pointer, code, "Required value", "");
      }
      return;
    }
    if (!value.isTextual()) {
      error(pointer, code, wrongType(value, "string"));
      return;
    }
    String text = value.asText();
    if (text.length() > rule.max()) {
      error(
          pointer,
          code,
          "Invalid value: " + value + ": must be no more than " + rule.max() + " characters");
    } else if (!rule.pattern().matcher(text).matches()) {
      error(pointer, code, "Invalid value: " + value + ": " + rule.explanation());
    }
  }

  private void checkStringMap(String pointer, JsonNode map, boolean labels) {
    if (map == null || map.isNull()) {
      return;
    }
    if (!map.isObject()) {
      error(pointer, DiagnosticCode.MP107, wrongType(map, "object"));
      return;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      String at = FieldPaths.pointer(pointer, entry.getKey());
      String keyProblem = qualifiedNameProblem(entry.getKey());
      if (keyProblem != null) {
        errorAtKey(
            at,
            DiagnosticCode.MP107,
            "Invalid value: \"" + entry.getKey() + "\": " + keyProblem,
            "");
      }
      if (!labels
          && entry.getKey().startsWith(NameAnnotation.PREFIX)
          && NameAnnotation.byKey(entry.getKey()).isEmpty()) {
        // Our own prefix: a typo here would silently fall back to a derived name, and so a second
        // cluster.
        String suggestion = Suggestions.closest(entry.getKey(), NameAnnotation.keys());
        errorAtKey(
            at,
            DiagnosticCode.MP107,
            "unknown annotation \"" + entry.getKey() + "\"",
            suggestion == null
                ? "annotations under "
                    + NameAnnotation.PREFIX
                    + " are "
                    + String.join(", ", NameAnnotation.keys())
                : "did you mean \"" + suggestion + "\"?");
      }
      JsonNode value = entry.getValue();
      if (!value.isTextual()) {
        String hint =
            value.isValueNode() && !value.isNull() ? "quote it: \"" + value.asText() + "\"" : "";
        report(at, DiagnosticCode.MP107, wrongType(value, "string"), hint, false);
      } else if (labels
          && (value.asText().length() > 63 || !LABEL_VALUE.matcher(value.asText()).matches())) {
        error(
            at,
            DiagnosticCode.MP107,
            "Invalid value: "
                + value
                + ": a label value must be at most 63 characters: alphanumerics, '-', '_' or '.', starting and ending with an alphanumeric");
      }
    }
  }

  /**
   * Kubernetes qualified names: optional DNS-subdomain prefix and '/', then a name of at most 63
   * characters.
   */
  private static String qualifiedNameProblem(String key) {
    String name = key;
    int slash = key.indexOf('/');
    if (slash >= 0) {
      String prefix = key.substring(0, slash);
      name = key.substring(slash + 1);
      if (prefix.isEmpty()
          || prefix.length() > 253
          || !DNS1123_SUBDOMAIN.matcher(prefix).matches()) {
        return "the prefix must be a DNS-1123 subdomain";
      }
    }
    if (name.isEmpty() || name.length() > 63 || !LABEL_NAME.matcher(name).matches()) {
      return "a qualified name must be at most 63 characters: alphanumerics, '-', '_' or '.', starting and ending with an alphanumeric";
    }
    return null;
  }

  private void error(String pointer, DiagnosticCode code, String message) {
    report(pointer, code, message, "", false);
  }

  private void errorAtKey(String pointer, DiagnosticCode code, String message, String hint) {
    report(pointer, code, message, hint, true);
  }

  /** The API server's words for a value of the wrong JSON type. */
  private static String wrongType(JsonNode value, String expected) {
    return "Invalid value: \"" + JsonTypes.name(value) + "\": must be of type " + expected;
  }

  private void report(
      String pointer, DiagnosticCode code, String message, String hint, boolean atKey) {
    flawed = true;
    if (atKey) {
      findings.errorAtKey(pointer, code, message, hint);
    } else {
      findings.error(pointer, code, message, hint);
    }
  }
}
