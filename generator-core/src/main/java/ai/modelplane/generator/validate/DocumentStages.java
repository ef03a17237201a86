package ai.modelplane.generator.validate;

import ai.modelplane.generator.bind.ClusterBinder;
import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Severity;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.ParsedDocument;
import ai.modelplane.generator.load.SourceMap;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.SourceRef;
import ai.modelplane.generator.naming.NameAnnotation;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The ordered stages one document goes through (metadata, upstream fields, defaults, schema, CEL,
 * safe values, then Azure and the Kubernetes calendar on the bound cluster), each writing into the
 * document's {@link Diagnostics}, and the validators they share, built once when first needed.
 * {@link Validator} runs it over every document of every source.
 */
final class DocumentStages {
  private final CrdSchema crd;
  private final Clock clock;
  private final boolean existingClusters;
  private SchemaValidator schemaValidator;
  private CelRules celRules;
  private AzureRules azureRules;
  private KubernetesVersionRule kubernetesVersionRule;

  /**
   * @param existingClusters whether every cluster read is one that already exists in Azure ({@code
   *     diff}, {@code drift}, {@code import}, {@code generate --adopt}); otherwise only a cluster
   *     whose name annotations {@code import} wrote counts as existing
   */
  DocumentStages(CrdSchema crd, Clock clock, boolean existingClusters) {
    this.crd = crd;
    this.clock = clock;
    this.existingClusters = existingClusters;
  }

  /**
   * Runs the stages on one document: what they find goes to {@code diagnostics}, and the bound
   * cluster to {@code clusters} when no stage found an error.
   */
  void run(
      String file,
      ParsedDocument document,
      List<AksCluster> clusters,
      List<FleetNames.NameSites> sites,
      List<Diagnostic> diagnostics) {
    JsonNode root = document.root();
    Diagnostics found = new Diagnostics(file, document);
    if (!root.isObject()) {
      found.atDocument(
          DiagnosticCode.MP009,
          Severity.ERROR,
          "each YAML document must be an AKSCluster object, not "
              + JsonTypes.withArticle(JsonTypes.name(root)),
          "");
      diagnostics.addAll(found.list());
      return;
    }
    // Stage 1: apiVersion, kind, metadata; a document that is no AKSCluster is judged no further.
    MetadataRules.Outcome metadata = MetadataRules.check(root, found);
    if (metadata != MetadataRules.Outcome.NOT_OURS) {
      // Stage 2: fields upstream Modelplane or Crossplane writes that the generated code ignores.
      UpstreamCompatibility.ignoredFields(root, document.sourceMap(), found);
      Defaulter.apply(crd.openApiSchema(), root);
      List<String> broken = checkSchema(root, document.sourceMap(), found);
      checkCel(root, broken, found);
      // Azure rules and binding need a typed tree and a usable name.
      if (broken.isEmpty() && metadata == MetadataRules.Outcome.CLEAN) {
        // Stage 5, after the CEL rules (which judge the values as written, as the API server
        // would): the safe values generated for what upstream accepts and AKS cannot use.
        UpstreamCompatibility.safeValues(root, found);
        AksCluster cluster =
            ClusterBinder.bind(
                root, new SourceRef(file, document.index(), document.start().line()));
        UpstreamCompatibility.injectedDefaultPool(cluster, found);
        checkAzure(cluster, existingClusters || hasNameAnnotation(root), found);
        if (!found.hasErrors()) {
          clusters.add(cluster);
          sites.add(FleetNames.NameSites.of(file, document, cluster));
        }
      }
    }
    diagnostics.addAll(found.list());
  }

  /** Stage 3 (after the CRD defaults): the CRD schema. Returns the pointers it found broken. */
  private List<String> checkSchema(JsonNode root, SourceMap sourceMap, Diagnostics found) {
    List<String> broken = new ArrayList<>();
    schemaValidator()
        .validate(
            root,
            pointer -> rawScalar(sourceMap, pointer),
            (pointer, code, severity, message, hint, atKey) -> {
              broken.add(pointer);
              found.add(pointer, code, severity, message, hint, atKey);
            });
    return broken;
  }

  /** Stage 4: the CRD's CEL rules, except on values the schema already rejected. */
  private void checkCel(JsonNode root, List<String> broken, Diagnostics found) {
    celRules().evaluate(root, target -> overlaps(target, broken), found);
  }

  /** Stage 6: Azure's rules and the Kubernetes-version advice, on the bound cluster. */
  private void checkAzure(AksCluster cluster, boolean existing, Diagnostics found) {
    azureRules().check(cluster, found);
    kubernetesVersionRule().check(cluster.spec().kubernetesVersion(), existing, found);
  }

  /**
   * Whether {@code import} marked the document as an adopted cluster: it writes a name annotation
   * for every live name that the derived one does not match.
   */
  private static boolean hasNameAnnotation(JsonNode root) {
    JsonNode annotations = root.path("metadata").path("annotations");
    for (String key : NameAnnotation.keys()) {
      if (annotations.hasNonNull(key)) {
        return true;
      }
    }
    return false;
  }

  private static boolean overlaps(String target, List<String> broken) {
    for (String pointer : broken) {
      if (pointer.equals(target)
          || pointer.startsWith(target + "/")
          || target.startsWith(pointer + "/")) {
        return true;
      }
    }
    return false;
  }

  private static String rawScalar(SourceMap sourceMap, String pointer) {
    SourceMap.Origin origin = sourceMap.origin(pointer);
    return origin == null ? null : origin.rawScalar();
  }

  synchronized void prepareValidators() {
    schemaValidator().prepareForConcurrentUse();
    celRules();
    azureRules();
    kubernetesVersionRule();
  }

  private synchronized SchemaValidator schemaValidator() {
    if (schemaValidator == null) {
      schemaValidator = new SchemaValidator(crd.openApiSchema());
    }
    return schemaValidator;
  }

  synchronized CelRules celRules() {
    if (celRules == null) {
      celRules = CelRules.of(crd);
    }
    return celRules;
  }

  private synchronized AzureRules azureRules() {
    if (azureRules == null) {
      azureRules = new AzureRules(VmSizeCatalog.bundled());
    }
    return azureRules;
  }

  private synchronized KubernetesVersionRule kubernetesVersionRule() {
    if (kubernetesVersionRule == null) {
      kubernetesVersionRule = KubernetesVersionRule.bundled(clock);
    }
    return kubernetesVersionRule;
  }
}
