package ai.modelplane.generator.diff;

import ai.modelplane.generator.model.SourceRef;
import ai.modelplane.generator.render.Target;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * The machine form of a {@link DiffReport}. Its shape is the contract documented by
 * docs/reviewing-changes.md; {@link #SCHEMA_VERSION} changes when a field is removed or changes
 * meaning (new fields may be added within a version). Version 2 judges every change per target:
 * {@code consequences} and {@code targets} per change, {@code consequences} per cluster, the
 * consequence {@code refused}; {@code consequence} is the worst over the targets compared.
 */
public final class DiffJson {
  public static final int SCHEMA_VERSION = 2;

  private DiffJson() {}

  public static String render(DiffReport report) {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    List<Target> targets = report.targets();
    root.put("schemaVersion", SCHEMA_VERSION);
    ArrayNode targetIds = root.putArray("targets");
    targets.forEach(t -> targetIds.add(t.id()));
    root.put("destructive", report.destructive());
    root.put("refused", report.refused());
    root.put("changeCount", report.changeCount());
    root.put("destructiveChangeCount", report.destructiveChangeCount());
    root.put("refusedChangeCount", report.refusedChangeCount());
    ArrayNode clusters = root.putArray("clusters");
    for (ClusterDiff cluster : report.clusters()) {
      ObjectNode node = clusters.addObject();
      node.put("name", cluster.name());
      node.put("status", cluster.status());
      cluster
          .previousName()
          .ifPresentOrElse(
              old -> node.put("previousName", old), () -> node.putNull("previousName"));
      source(node, "before", cluster.before());
      source(node, "after", cluster.after());
      node.put("consequence", cluster.worst(targets).orElseThrow().id());
      ObjectNode clusterConsequences = node.putObject("consequences");
      targets.forEach(t -> clusterConsequences.put(t.id(), cluster.worst(t).orElseThrow().id()));
      node.put("destructive", cluster.destructive(targets));
      node.put("refused", cluster.refused(targets));
      ArrayNode changes = node.putArray("changes");
      for (Change change : cluster.changes()) {
        ObjectNode item = changes.addObject();
        item.put("scope", change.fact().scope());
        change.pool().ifPresentOrElse(pool -> item.put("pool", pool), () -> item.putNull("pool"));
        item.put("property", change.fact().property());
        nullable(item, "variant", change.fact().variant());
        item.put("field", change.fact().field());
        item.put("azure", change.fact().azure());
        nullable(item, "before", change.before());
        nullable(item, "after", change.after());
        item.put("consequence", change.worst(targets).id());
        ObjectNode changeConsequences = item.putObject("consequences");
        targets.forEach(t -> changeConsequences.put(t.id(), change.consequence(t).id()));
        item.put("destructive", change.destructive(targets));
        item.put("refused", change.refused(targets));
        ObjectNode perTarget = item.putObject("targets");
        for (Target target : targets) {
          TargetFact fact = change.fact().target(target);
          ObjectNode detail = perTarget.putObject(target.id());
          detail.put("consequence", fact.consequence().id());
          detail.put("destructive", fact.consequence().destructive());
          detail.put("why", fact.why());
          fact.instead()
              .ifPresentOrElse(
                  instead -> detail.put("instead", instead), () -> detail.putNull("instead"));
          detail.put("source", fact.source());
          detail.put("verified", fact.verified());
        }
      }
      ArrayNode capacity = node.putArray("capacity");
      for (CapacityImpact impact : cluster.capacity()) {
        ObjectNode item = capacity.addObject();
        item.put("pool", impact.pool());
        item.put("maxGpusBefore", impact.maxGpusBefore());
        nullable(item, "gpuModelBefore", impact.modelBefore());
        item.put("maxGpusAfter", impact.maxGpusAfter());
        nullable(item, "gpuModelAfter", impact.modelAfter());
        item.put("text", impact.text());
      }
    }
    ArrayNode unchanged = root.putArray("unchanged");
    report.unchanged().forEach(unchanged::add);
    try {
      // Fixed "\n" line ends: the output must not depend on the platform.
      DefaultPrettyPrinter printer =
          new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
      return mapper.writer(printer).writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serialises", e);
    }
  }

  private static void source(ObjectNode node, String name, Optional<SourceRef> source) {
    if (source.isEmpty()) {
      node.putNull(name);
      return;
    }
    ObjectNode ref = node.putObject(name);
    ref.put("file", source.get().displayPath());
    ref.put("document", source.get().documentIndex());
    ref.put("line", source.get().line());
  }

  private static void nullable(ObjectNode node, String name, String value) {
    if (value.isEmpty()) {
      node.putNull(name);
    } else {
      node.put(name, value);
    }
  }
}
