package ai.modelplane.generator.render.bicep;

import static ai.modelplane.generator.parity.Trees.integer;
import static ai.modelplane.generator.parity.Trees.list;
import static ai.modelplane.generator.parity.Trees.map;
import static ai.modelplane.generator.parity.Trees.string;
import static ai.modelplane.generator.parity.Trees.strings;

import ai.modelplane.generator.parity.AzureFacts;
import ai.modelplane.generator.parity.RunCommandObjects;
import ai.modelplane.generator.parity.Trees;
import ai.modelplane.testsupport.bicep.BicepAst;
import ai.modelplane.testsupport.bicep.BicepAst.Arr;
import ai.modelplane.testsupport.bicep.BicepAst.BicepFile;
import ai.modelplane.testsupport.bicep.BicepAst.Bool;
import ai.modelplane.testsupport.bicep.BicepAst.Expr;
import ai.modelplane.testsupport.bicep.BicepAst.Int;
import ai.modelplane.testsupport.bicep.BicepAst.Member;
import ai.modelplane.testsupport.bicep.BicepAst.ModuleDecl;
import ai.modelplane.testsupport.bicep.BicepAst.Obj;
import ai.modelplane.testsupport.bicep.BicepAst.ParamDecl;
import ai.modelplane.testsupport.bicep.BicepAst.Prop;
import ai.modelplane.testsupport.bicep.BicepAst.Ref;
import ai.modelplane.testsupport.bicep.BicepAst.ResourceDecl;
import ai.modelplane.testsupport.bicep.BicepAst.Str;
import ai.modelplane.testsupport.bicep.BicepAst.VarDecl;
import ai.modelplane.testsupport.bicep.BicepChecker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads {@link AzureFacts} from a generated Bicep tree by parsing it and evaluating the static part
 * of it: parameter-file values flow into main.bicep, module arguments into the module files, and
 * resource properties are read where they are declared. Runtime values (resource IDs, outputs) stay
 * unknown and are never needed for a fact.
 */
public final class BicepFactsExtractor {
  /** A value only Azure knows at deployment time. */
  private static final Object UNKNOWN =
      new Object() {
        @Override
        public String toString() {
          return "<runtime>";
        }
      };

  private final Map<String, BicepFile> files;

  private BicepFactsExtractor(Map<String, BicepFile> files) {
    this.files = files;
  }

  /** The facts of the cluster whose root is {@code root} (e.g. {@code platform/x/bicep/}). */
  public static AzureFacts extract(Map<String, String> tree, String root) {
    return new BicepFactsExtractor(BicepChecker.parseAll(tree)).cluster(root);
  }

  private AzureFacts cluster(String root) {
    BicepFile main = files.get(root + "main.bicep");
    BicepFile parameters = files.get(root + "main.bicepparam");
    Map<String, Object> given = new HashMap<>();
    parameters.paramAssigns().forEach(p -> given.put(p.name(), eval(p.value(), Map.of())));
    Map<String, Object> env = environment(main, given);

    ResourceDecl rg = resource(main, "Microsoft.Resources/resourceGroups");
    Optional<Scope> network = module(main, env, "network.bicep");
    Scope cluster =
        module(main, env, "cluster.bicep")
            .or(() -> module(main, env, "privateCluster.bicep"))
            .orElseThrow();
    ResourceDecl aks = resource(cluster.file(), "Microsoft.ContainerService/managedClusters");
    Map<String, Object> aksBody = map(eval(aks.body(), cluster.env()));
    Map<String, Object> properties = map(aksBody.get("properties"));
    Map<String, Object> profile = map(properties.get("networkProfile"));

    List<AzureFacts.Pool> pools = new ArrayList<>();
    for (Object inline : list(properties.get("agentPoolProfiles"))) {
      Map<String, Object> pool = map(inline);
      pools.add(pool(string(pool.get("name")), pool));
    }
    for (Scope poolModule : modules(main, env, "agentPool.bicep", "spotAgentPool.bicep")) {
      ResourceDecl agentPool =
          resource(poolModule.file(), "Microsoft.ContainerService/managedClusters/agentPools");
      Map<String, Object> body = map(eval(agentPool.body(), poolModule.env()));
      pools.add(pool(string(body.get("name")), map(body.get("properties"))));
    }

    // The objects are what the deployment script hands the run command: its command and files.
    Scope inCluster = module(main, env, "inClusterComponents.bicep").orElseThrow();
    Map<String, Object> script =
        map(
            eval(
                resource(inCluster.file(), "Microsoft.Resources/deploymentScripts").body(),
                inCluster.env()));
    Map<String, Object> scriptEnv = new HashMap<>();
    for (Object variable : list(map(script.get("properties")).get("environmentVariables"))) {
      scriptEnv.put(string(map(variable).get("name")), map(variable).get("value"));
    }
    Map<String, Object> files = Trees.yaml(string(scriptEnv.get("MANIFESTS_JSON")));
    RunCommandObjects objects =
        RunCommandObjects.read(string(scriptEnv.get("KUBE_COMMAND")), files::get);
    Optional<AzureFacts.NetworkOperator> operator = objects.networkOperator();
    boolean featureChecked =
        main.resources().stream()
                .anyMatch(
                    r ->
                        r.existing()
                            && r.type()
                                .equals(
                                    "Microsoft.Features/featureProviders/subscriptionFeatureRegistrations")
                            && "Microsoft.ContainerService/AKSInfinibandSupport"
                                .equals(eval(r.body().get("name").orElseThrow(), env)))
            && module(main, env, "infinibandFeatureCheck.bicep").isPresent();

    AzureFacts.StorageClass storage = objects.storageClass();

    TreeMap<String, Boolean> outputs = new TreeMap<>();
    main.outputs()
        .forEach(
            o ->
                outputs.put(
                    o.name(), o.decorators().stream().anyMatch(d -> d.name().equals("secure"))));
    String[] net;
    if (network.isPresent()) {
      ResourceDecl vnet = resource(network.get().file(), "Microsoft.Network/virtualNetworks");
      ResourceDecl subnet =
          resource(network.get().file(), "Microsoft.Network/virtualNetworks/subnets");
      Map<String, Object> vnetBody = map(eval(vnet.body(), network.get().env()));
      Map<String, Object> subnetBody = map(eval(subnet.body(), network.get().env()));
      net =
          new String[] {
            string(vnetBody.get("name")),
            string(
                list(map(map(vnetBody.get("properties")).get("addressSpace"))
                        .get("addressPrefixes"))
                    .get(0)),
            string(subnetBody.get("name")),
            string(map(subnetBody.get("properties")).get("addressPrefix"))
          };
    } else {
      // An existing subnet: every pool's vnetSubnetID names it; no ranges of the cluster's own.
      String[] id =
          string(map(list(properties.get("agentPoolProfiles")).get(0)).get("vnetSubnetID"))
              .split("/");
      net = new String[] {id[8], "", id[10], ""};
    }
    return new AzureFacts(
        string(eval(rg.body().get("name").orElseThrow(), env)),
        string(eval(rg.body().get("location").orElseThrow(), env)),
        net[0],
        net[1],
        net[2],
        net[3],
        new AzureFacts.Cluster(
            string(aksBody.get("name")),
            string(properties.get("kubernetesVersion")),
            string(properties.get("dnsPrefix")),
            string(properties.get("nodeResourceGroup")),
            string(map(aksBody.get("identity")).get("type")),
            Boolean.FALSE.equals(properties.get("disableLocalAccounts")),
            Boolean.TRUE.equals(properties.get("enableRBAC")),
            string(map(properties.get("autoUpgradeProfile")).get("upgradeChannel")),
            new AzureFacts.NetworkProfile(
                string(profile.get("networkPlugin")),
                string(profile.get("networkPluginMode")),
                string(profile.get("networkPolicy")),
                string(profile.get("networkDataplane")),
                string(profile.get("podCidr")),
                string(profile.get("serviceCidr")),
                string(profile.get("dnsServiceIP")),
                string(profile.get("loadBalancerSku")),
                string(profile.get("outboundType"))),
            entraIdAdminGroups(properties.get("aadProfile")),
            // ARM's default for a cluster that sets none (auto-upgrade-node-os-image.md:38).
            map(properties.get("autoUpgradeProfile")).containsKey("nodeOSUpgradeChannel")
                ? string(map(properties.get("autoUpgradeProfile")).get("nodeOSUpgradeChannel"))
                : "NodeImage",
            maintenanceWindow(cluster, "aksManagedAutoUpgradeSchedule"),
            maintenanceWindow(cluster, "aksManagedNodeOSUpgradeSchedule")),
        pools,
        featureChecked,
        operator,
        objects.gpuStack(),
        storage,
        outputs);
  }

  private static AzureFacts.Pool pool(String name, Map<String, Object> p) {
    Map<String, String> labels = new TreeMap<>();
    map(p.get("nodeLabels")).forEach((k, v) -> labels.put(k, string(v)));
    Object gpuProfile = p.get("gpuProfile");
    return new AzureFacts.Pool(
        name,
        string(p.get("vmSize")),
        string(p.get("mode")),
        string(p.get("orchestratorVersion")),
        integer(p.get("osDiskSizeGB")),
        string(p.get("osDiskType")),
        integer(p.get("maxPods")),
        integer(p.get("count")),
        integer(p.get("minCount")),
        integer(p.get("maxCount")),
        Boolean.TRUE.equals(p.get("enableAutoScaling")),
        // A Spot pool sends no upgradeSettings.
        upgradeSetting(
            p.containsKey("upgradeSettings") ? map(p.get("upgradeSettings")) : Map.of(),
            "maxSurge"),
        upgradeSetting(
            p.containsKey("upgradeSettings") ? map(p.get("upgradeSettings")) : Map.of(),
            "maxUnavailable"),
        strings(p.get("availabilityZones")),
        new TreeMap<>(labels),
        strings(p.get("nodeTaints")),
        gpuDriver(gpuProfile),
        // A nullable osSku parameter left out sends none.
        p.get("osSKU") instanceof String osSku ? osSku : "",
        p.get("scaleSetPriority") instanceof String priority ? priority : "Regular",
        p.get("scaleSetEvictionPolicy") instanceof String eviction ? eviction : "",
        p.containsKey("spotMaxPrice") ? spotMaxPrice(p.get("spotMaxPrice")) : "",
        p.get("gpuInstanceProfile") instanceof String profile ? profile : "");
  }

  /** The max price the template sends, as a plain decimal. */
  private static String spotMaxPrice(Object value) {
    return new java.math.BigDecimal(String.valueOf(value)).stripTrailingZeros().toPlainString();
  }

  // ---------------------------------------------------------------- modules and scopes

  /** A module file with the values its params and vars take for one call. */
  private record Scope(BicepFile file, Map<String, Object> env) {}

  private Optional<Scope> module(BicepFile caller, Map<String, Object> env, String fileName) {
    List<Scope> scopes = modules(caller, env, fileName);
    if (scopes.size() > 1) {
      throw new IllegalStateException("more than one call of " + fileName);
    }
    return scopes.stream().findFirst();
  }

  private List<Scope> modules(BicepFile caller, Map<String, Object> env, String... fileNames) {
    List<Scope> scopes = new ArrayList<>();
    for (ModuleDecl module : caller.modules()) {
      for (String fileName : fileNames) {
        if (module.path().endsWith("/" + fileName)) {
          BicepFile target = files.get(BicepChecker.resolve(caller.path(), module.path()));
          Map<String, Object> arguments = new HashMap<>();
          ((Obj) module.body().get("params").orElseThrow())
              .props()
              .forEach(p -> arguments.put(p.key(), eval(p.value(), env)));
          scopes.add(new Scope(target, environment(target, arguments)));
        }
      }
    }
    return scopes;
  }

  /**
   * The values of {@code file}'s params and vars for one call: an argument, else the default, else
   * null for a nullable param, else unknown.
   */
  static Map<String, Object> environment(BicepFile file, Map<String, Object> arguments) {
    Map<String, Object> env = new HashMap<>();
    for (ParamDecl param : file.params()) {
      Object value =
          arguments.containsKey(param.name())
              ? arguments.get(param.name())
              : param.defaultValue() != null
                  ? eval(param.defaultValue(), env)
                  : param.nullable() ? null : UNKNOWN;
      env.put(param.name(), value);
    }
    for (VarDecl var : file.vars()) {
      env.put(var.name(), eval(var.value(), env));
    }
    return env;
  }

  /** The weekly window of the cluster module's maintenance configuration {@code name}. */
  private static String maintenanceWindow(Scope cluster, String name) {
    List<Map<String, Object>> named =
        cluster.file().resources().stream()
            .filter(
                r ->
                    r.type()
                        .equals(
                            "Microsoft.ContainerService/managedClusters/maintenanceConfigurations"))
            .map(r -> map(eval(r.body(), cluster.env())))
            .filter(body -> name.equals(body.get("name")))
            .toList();
    if (named.size() != 1) {
      throw new IllegalStateException("expected one maintenance configuration " + name);
    }
    Map<?, ?> window = map(map(named.get(0).get("properties")).get("maintenanceWindow"));
    Map<?, ?> weekly = map(map(window.get("schedule")).get("weekly"));
    return AzureFacts.Cluster.window(
        (Long) weekly.get("intervalWeeks"),
        string(weekly.get("dayOfWeek")),
        string(window.get("startTime")),
        string(window.get("utcOffset")),
        (Long) window.get("durationHours"));
  }

  private static ResourceDecl resource(BicepFile file, String type) {
    List<ResourceDecl> found =
        file.resources().stream().filter(r -> r.type().equals(type)).toList();
    if (found.size() != 1) {
      throw new IllegalStateException(
          file.path() + ": expected one " + type + ", found " + found.size());
    }
    return found.get(0);
  }

  // ---------------------------------------------------------------- evaluation

  /** The static value of {@code expr}; null for {@code null}, unknown for what only Azure knows. */
  static Object eval(Expr expr, Map<String, Object> env) {
    if (expr instanceof BicepAst.Null) {
      return null;
    }
    if (expr instanceof Str s) {
      StringBuilder out = new StringBuilder();
      for (Object part : s.parts()) {
        Object value = part instanceof String text ? text : eval((Expr) part, env);
        if (!(value instanceof String || value instanceof Long)) {
          return UNKNOWN;
        }
        out.append(value);
      }
      return out.toString();
    }
    if (expr instanceof Int i) {
      return i.value();
    }
    if (expr instanceof Bool b) {
      return b.value();
    }
    if (expr instanceof Arr a) {
      List<Object> items = new ArrayList<>();
      a.items().forEach(item -> items.add(eval(item, env)));
      return items;
    }
    if (expr instanceof Obj o) {
      Map<String, Object> map = new LinkedHashMap<>();
      for (Prop p : o.props()) {
        map.put(
            p.key() == null ? String.valueOf(eval(p.keyExpr(), env)) : p.key(),
            eval(p.value(), env));
      }
      return map;
    }
    if (expr instanceof Ref r) {
      return env.getOrDefault(r.name(), UNKNOWN);
    }
    if (expr instanceof BicepAst.Ternary t) {
      Object condition = eval(t.condition(), env);
      return condition instanceof Boolean choice
          ? eval(choice ? t.whenTrue() : t.whenFalse(), env)
          : UNKNOWN;
    }
    if (expr instanceof Member m) {
      Object target = eval(m.target(), env);
      return target instanceof Map<?, ?> map && map.containsKey(m.name())
          ? map.get(m.name())
          : UNKNOWN;
    }
    // json('1.5'): the number a string spells (the Spot max price, which ARM types as an integer).
    if (expr instanceof BicepAst.Call call
        && call.target().isEmpty()
        && call.name().equals("json")
        && call.args().size() == 1
        && eval(call.args().get(0), env) instanceof String text) {
      return new java.math.BigDecimal(text);
    }
    return UNKNOWN;
  }

  /** The admin groups of a managed Entra ID profile with Azure RBAC; empty without one. */
  private static Optional<List<String>> entraIdAdminGroups(Object aadProfile) {
    if (!(aadProfile instanceof Map<?, ?> aad)
        || !Boolean.TRUE.equals(aad.get("managed"))
        || !Boolean.TRUE.equals(aad.get("enableAzureRBAC"))) {
      return Optional.empty();
    }
    List<String> groups = new ArrayList<>();
    list(aad.get("adminGroupObjectIDs")).forEach(id -> groups.add(string(id)));
    return Optional.of(groups);
  }

  /** An upgrade setting, "0" (ARM's default for both) when the template sends none. */
  private static String upgradeSetting(Map<?, ?> settings, String name) {
    Object value = settings.get(name);
    return value == null ? "0" : string(value);
  }

  /**
   * The pool's GPU driver, empty when none is installed. System pools send {@code None} so that ARM
   * refuses a GPU to System change in place, as diff says; Terraform leaves gpu_driver unset on
   * them (setting it on an existing pool would replace it: ForceNew). On a VM size without GPUs
   * both install nothing, so both are the fact "no driver".
   */
  private static String gpuDriver(Object gpuProfile) {
    String driver = gpuProfile == null ? "" : string(map(gpuProfile).get("driver"));
    return driver.equals("None") ? "" : driver;
  }
}
