package ai.modelplane.generator.render.bicep;

import ai.modelplane.testsupport.bicep.BicepAst.BicepFile;
import ai.modelplane.testsupport.bicep.BicepAst.Expr;
import ai.modelplane.testsupport.bicep.BicepAst.ModuleDecl;
import ai.modelplane.testsupport.bicep.BicepAst.Obj;
import ai.modelplane.testsupport.bicep.BicepAst.Ref;
import ai.modelplane.testsupport.bicep.BicepAst.ResourceDecl;
import ai.modelplane.testsupport.bicep.BicepAst.Statement;
import ai.modelplane.testsupport.bicep.BicepChecker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What a cluster root asks ARM for, as far as agent pools go, independent of how the Bicep is split
 * into files: each nested deployment with its name and the deployments and resources it waits for,
 * and each agent pool (the cluster's inline profiles and every {@code agentPools} child) with every
 * property path and its static value, one sorted line each.
 *
 * <p>Properties whose value is {@code null} are left out: ARM treats a property set to null as if
 * it were not present ("Null values", learn.microsoft.com/azure/azure-resource-manager/templates/
 * template-expressions#null-values).
 */
final class BicepPoolDeployments {
  private static final String AGENT_POOLS = "Microsoft.ContainerService/managedClusters/agentPools";
  private static final String CLUSTERS = "Microsoft.ContainerService/managedClusters";

  private BicepPoolDeployments() {}

  /** The lines of the cluster rooted at {@code root} (e.g. {@code platform/x/bicep/}). */
  static List<String> of(Map<String, String> tree, String root) {
    Map<String, BicepFile> files = BicepChecker.parseAll(tree);
    BicepFile main = files.get(root + "main.bicep");
    BicepFile parameters = files.get(root + "main.bicepparam");
    Map<String, Object> given = new HashMap<>();
    parameters
        .paramAssigns()
        .forEach(p -> given.put(p.name(), BicepFactsExtractor.eval(p.value(), Map.of())));
    Map<String, Object> env = BicepFactsExtractor.environment(main, given);
    Map<String, Statement> symbols = new HashMap<>();
    main.statements().forEach(s -> symbols.put(s.name(), s));
    // A module's outputs are known only at deployment time: named after where they come from, so
    // that a pool fed from another output reads differently.
    for (ModuleDecl module : main.modules()) {
      BicepFile callee = files.get(BicepChecker.resolve(main.path(), module.path()));
      Object deployment = BicepFactsExtractor.eval(module.body().get("name").get(), env);
      Map<String, Object> outputs = new HashMap<>();
      callee
          .outputs()
          .forEach(o -> outputs.put(o.name(), "<output " + o.name() + " of " + deployment + ">"));
      env.put(module.name(), Map.of("outputs", outputs));
    }

    TreeSet<String> lines = new TreeSet<>();
    for (ModuleDecl module : main.modules()) {
      String deployment = (String) BicepFactsExtractor.eval(module.body().get("name").get(), env);
      TreeSet<String> waitsFor = new TreeSet<>();
      BicepChecker.walk(
          module.body(),
          e -> {
            if (e instanceof Ref ref
                && (symbols.get(ref.name()) instanceof ModuleDecl
                    || symbols.get(ref.name()) instanceof ResourceDecl)) {
              waitsFor.add(deploymentOrResource(symbols.get(ref.name()), env));
            }
          });
      lines.add("deployment " + deployment + " waits for " + waitsFor);
      BicepFile callee = files.get(BicepChecker.resolve(main.path(), module.path()));
      Map<String, Object> arguments = new HashMap<>();
      module
          .body()
          .get("params")
          .ifPresent(
              params ->
                  ((Obj) params)
                      .props()
                      .forEach(
                          p -> arguments.put(p.key(), BicepFactsExtractor.eval(p.value(), env))));
      Map<String, Object> calleeEnv = BicepFactsExtractor.environment(callee, arguments);
      for (ResourceDecl resource : callee.resources()) {
        if (resource.existing()) {
          continue;
        }
        if (resource.type().equals(AGENT_POOLS)) {
          Map<?, ?> body = (Map<?, ?>) BicepFactsExtractor.eval(resource.body(), calleeEnv);
          String pool = "pool " + body.get("name") + " (child, deployment " + deployment + ")";
          lines.add(pool + " parent = " + parentName(callee, resource, calleeEnv).orElse("?"));
          flatten(pool + " properties", body.get("properties"), lines);
        } else if (resource.type().equals(CLUSTERS)) {
          Map<?, ?> body = (Map<?, ?>) BicepFactsExtractor.eval(resource.body(), calleeEnv);
          Object profiles = ((Map<?, ?>) body.get("properties")).get("agentPoolProfiles");
          for (Object profile : (List<?>) profiles) {
            String pool =
                "pool "
                    + ((Map<?, ?>) profile).get("name")
                    + " (inline in "
                    + body.get("name")
                    + ", deployment "
                    + deployment
                    + ")";
            flatten(pool + " properties", profile, lines);
          }
        }
      }
    }
    return new ArrayList<>(lines);
  }

  private static String deploymentOrResource(Statement symbol, Map<String, Object> env) {
    if (symbol instanceof ModuleDecl module) {
      return "deployment " + BicepFactsExtractor.eval(module.body().get("name").get(), env);
    }
    ResourceDecl resource = (ResourceDecl) symbol;
    return resource.type() + " " + BicepFactsExtractor.eval(resource.body().get("name").get(), env);
  }

  private static Optional<String> parentName(
      BicepFile file, ResourceDecl resource, Map<String, Object> env) {
    Optional<Expr> parent = resource.body().get("parent");
    if (parent.isEmpty() || !(parent.get() instanceof Ref ref)) {
      return Optional.empty();
    }
    return file.resources().stream()
        .filter(r -> r.name().equals(ref.name()))
        .findFirst()
        .map(r -> r.type() + " " + BicepFactsExtractor.eval(r.body().get("name").get(), env));
  }

  private static void flatten(String path, Object value, TreeSet<String> lines) {
    if (value == null) {
      return;
    }
    if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        lines.add(path + " = {}");
      }
      map.forEach((k, v) -> flatten(path + "." + k, v, lines));
    } else if (value instanceof List<?> list) {
      if (list.isEmpty()) {
        lines.add(path + " = []");
      }
      for (int i = 0; i < list.size(); i++) {
        flatten(path + "[" + i + "]", list.get(i), lines);
      }
    } else if (value instanceof String text) {
      lines.add(path + " = '" + text + "'");
    } else {
      lines.add(path + " = " + value);
    }
  }
}
