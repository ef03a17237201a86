package ai.modelplane.generator.render.terraform;

import static ai.modelplane.generator.parity.Trees.integer;
import static ai.modelplane.generator.parity.Trees.list;
import static ai.modelplane.generator.parity.Trees.map;
import static ai.modelplane.generator.parity.Trees.string;
import static ai.modelplane.generator.parity.Trees.strings;

import ai.modelplane.generator.emit.OutputLayout;
import ai.modelplane.generator.parity.AzureFacts;
import ai.modelplane.generator.parity.RunCommandObjects;
import ai.modelplane.generator.parity.Trees;
import ai.modelplane.generator.render.Target;
import ai.modelplane.testsupport.hcl.Hcl;
import ai.modelplane.testsupport.hcl.Hcl.Attribute;
import ai.modelplane.testsupport.hcl.Hcl.Block;
import ai.modelplane.testsupport.hcl.Hcl.Body;
import ai.modelplane.testsupport.hcl.Hcl.Call;
import ai.modelplane.testsupport.hcl.Hcl.Expr;
import ai.modelplane.testsupport.hcl.Hcl.Literal;
import ai.modelplane.testsupport.hcl.Hcl.ObjectCons;
import ai.modelplane.testsupport.hcl.Hcl.Template;
import ai.modelplane.testsupport.hcl.Hcl.Traversal;
import ai.modelplane.testsupport.hcl.Hcl.Tuple;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads {@link AzureFacts} from a generated Terraform tree by parsing the root's {@code .tf} files
 * and the bodies of the modules it calls with the strict {@link Hcl} parser: module arguments flow
 * into {@code var.*}, and resource arguments are read where they are declared; a module output
 * passed to another module is read in the scope of the call that declares it. Values only known
 * after apply (IDs) stay unknown and are never needed for a fact. The NicClusterPolicy is read from
 * the local chart the module releases, the chart values from the file the release reads; a private
 * cluster's in-cluster objects from the run command its in-cluster root posts.
 */
public final class TerraformFactsExtractor {
  /** A value only Azure knows at apply time. */
  private static final Object UNKNOWN =
      new Object() {
        @Override
        public String toString() {
          return "<known after apply>";
        }
      };

  private final Map<String, String> tree;

  private TerraformFactsExtractor(Map<String, String> tree) {
    this.tree = tree;
  }

  /** The facts of the cluster whose root is {@code root} (e.g. {@code platform/x/terraform/}). */
  public static AzureFacts extract(Map<String, String> tree, String root) {
    return new TerraformFactsExtractor(tree).cluster(root);
  }

  /** One module call: the module's merged body and its {@code var.*} values. */
  private record Scope(String dir, Body body, Map<String, Object> vars) {}

  private AzureFacts cluster(String root) {
    Body main = folder(root);
    List<Scope> networks = module(root, main, "network");
    Scope network = (networks.isEmpty() ? module(root, main, "resource-group") : networks).get(0);
    List<Scope> clusters = module(root, main, "cluster");
    Scope cluster = (clusters.isEmpty() ? module(root, main, "private-cluster") : clusters).get(0);

    Body group = resource(network, "azurerm_resource_group", "this");
    Body aks = resource(cluster, "azurerm_kubernetes_cluster", "this");
    String[] net;
    if (networks.isEmpty()) {
      // An existing subnet: every pool's vnet_subnet_id names it; no ranges of the cluster's own.
      String[] id =
          string(value(cluster, only(aks, "default_node_pool"), "vnet_subnet_id")).split("/");
      net = new String[] {id[8], "", id[10], ""};
    } else {
      Body vnet = resource(network, "azurerm_virtual_network", "this");
      Body subnet = resource(network, "azurerm_subnet", "nodes");
      net =
          new String[] {
            string(value(network, vnet, "name")),
            string(single(value(network, vnet, "address_space"))),
            string(value(network, subnet, "name")),
            string(single(value(network, subnet, "address_prefixes")))
          };
    }
    Body profile = only(aks, "network_profile");

    List<AzureFacts.Pool> pools = new ArrayList<>();
    pools.add(pool(cluster, only(aks, "default_node_pool"), "System"));
    for (Scope pool : module(root, main, "node-pool", "spot-node-pool")) {
      Body body = resource(pool, "azurerm_kubernetes_cluster_node_pool", "this");
      pools.add(pool(pool, body, string(value(pool, body, "mode"))));
    }

    // What runs inside the cluster is in the second root, which the infrastructure root names.
    String inClusterRoot = root + new OutputLayout(Target.TERRAFORM).rootToInCluster() + "/";
    Body inCluster = folder(inClusterRoot);
    Optional<AzureFacts.NetworkOperator> operator;
    List<AzureFacts.GpuRelease> gpuStack = new ArrayList<>();
    AzureFacts.StorageClass storage;
    Optional<Block> runCommand =
        block(inCluster, "resource", "azapi_resource_action", "in_cluster_components");
    if (runCommand.isPresent()) {
      // A private cluster: the objects are what the run command applies.
      RunCommandObjects objects =
          RunCommandObjects.read(
              staticText(
                  local(
                      inCluster,
                      ((ObjectCons) runCommand.get().body().attribute("body").orElseThrow().value())
                          .items()
                          .get("command"))),
              file -> null);
      operator = objects.networkOperator();
      gpuStack.addAll(objects.gpuStack());
      storage = objects.storageClass();
    } else {
      operator =
          module(inClusterRoot, inCluster, "nvidia-network-operator").stream()
              .findFirst()
              .map(this::operator);
      storage = storageClass(module(inClusterRoot, inCluster, "model-cache").get(0));
      for (String gpuModule :
          List.of(
              "node-feature-discovery",
              "nvidia-dra-driver",
              "nvidia-device-plugin",
              "nvidia-device-plugin-mig")) {
        module(inClusterRoot, inCluster, gpuModule).forEach(m -> gpuStack.add(gpuRelease(m)));
      }
    }
    boolean featureChecked =
        operator.isPresent() && featureChecked(new Scope(root, main, Map.of()));

    return new AzureFacts(
        string(value(network, group, "name")),
        string(value(network, group, "location")),
        net[0],
        net[1],
        net[2],
        net[3],
        new AzureFacts.Cluster(
            string(value(cluster, aks, "name")),
            string(value(cluster, aks, "kubernetes_version")),
            string(value(cluster, aks, "dns_prefix")),
            string(value(cluster, aks, "node_resource_group")),
            string(value(cluster, only(aks, "identity"), "type")),
            Boolean.FALSE.equals(value(cluster, aks, "local_account_disabled")),
            Boolean.TRUE.equals(value(cluster, aks, "role_based_access_control_enabled")),
            string(value(cluster, aks, "automatic_upgrade_channel")),
            new AzureFacts.NetworkProfile(
                string(value(cluster, profile, "network_plugin")),
                string(value(cluster, profile, "network_plugin_mode")),
                string(value(cluster, profile, "network_policy")),
                string(value(cluster, profile, "network_data_plane")),
                string(value(cluster, profile, "pod_cidr")),
                string(value(cluster, profile, "service_cidr")),
                string(value(cluster, profile, "dns_service_ip")),
                string(value(cluster, profile, "load_balancer_sku")),
                string(value(cluster, profile, "outbound_type"))),
            entraIdAdminGroups(cluster, aks),
            // azurerm's default when the code sets none (kubernetes_cluster_resource.go:1404).
            aks.attribute("node_os_upgrade_channel").isPresent()
                ? string(value(cluster, aks, "node_os_upgrade_channel"))
                : "NodeImage",
            window(cluster, only(aks, "maintenance_window_auto_upgrade")),
            window(cluster, only(aks, "maintenance_window_node_os"))),
        pools,
        featureChecked,
        operator,
        gpuStack,
        storage,
        outputs(main, inCluster));
  }

  /**
   * Both roots' outputs, {@code snake_case} names as {@code lowerCamelCase}, with {@code
   * sensitive}; not {@value #REMOVAL_COMMAND_OUTPUT}, the command a private Entra ID cluster's
   * in-cluster root gives for removing its components by hand (Bicep removes them with the stack).
   */
  private static final String REMOVAL_COMMAND_OUTPUT = "in_cluster_removal_command";

  private static TreeMap<String, Boolean> outputs(Body... roots) {
    TreeMap<String, Boolean> outputs = new TreeMap<>();
    for (Block output :
        java.util.Arrays.stream(roots)
            .flatMap(root -> root.blocks("output").stream())
            .filter(output -> !output.labels().get(0).equals(REMOVAL_COMMAND_OUTPUT))
            .toList()) {
      StringBuilder camel = new StringBuilder();
      for (String word : output.labels().get(0).split("_")) {
        camel.append(
            camel.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
      }
      Optional<Attribute> sensitive = output.body().attribute("sensitive");
      outputs.put(
          camel.toString(),
          sensitive.isPresent()
              && Boolean.TRUE.equals(((Literal) sensitive.get().value()).value()));
    }
    return outputs;
  }

  private static AzureFacts.Pool pool(Scope scope, Body pool, String mode) {
    TreeMap<String, String> labels = new TreeMap<>();
    map(value(scope, pool, "node_labels")).forEach((k, v) -> labels.put(k, string(v)));
    Object driver =
        pool.attribute("gpu_driver").isPresent() ? value(scope, pool, "gpu_driver") : "";
    if (driver == null) {
      driver = ""; // a System pool leaves the node-pool module's gpu_driver at its null default
    }
    return new AzureFacts.Pool(
        string(value(scope, pool, "name")),
        string(value(scope, pool, "vm_size")),
        mode,
        string(value(scope, pool, "orchestrator_version")),
        integer(value(scope, pool, "os_disk_size_gb")),
        string(value(scope, pool, "os_disk_type")),
        integer(value(scope, pool, "max_pods")),
        integer(value(scope, pool, "node_count")),
        integer(value(scope, pool, "min_count")),
        integer(value(scope, pool, "max_count")),
        Boolean.TRUE.equals(value(scope, pool, "auto_scaling_enabled")),
        upgradeSetting(scope, pool, "max_surge"),
        upgradeSetting(scope, pool, "max_unavailable"),
        strings(value(scope, pool, "zones")),
        labels,
        pool.attribute("node_taints").isPresent()
            ? strings(value(scope, pool, "node_taints"))
            : List.of(),
        string(driver),
        osSku(scope, pool),
        pool.attribute("priority").isPresent() ? string(value(scope, pool, "priority")) : "Regular",
        pool.attribute("eviction_policy").isPresent()
            ? string(value(scope, pool, "eviction_policy"))
            : "",
        pool.attribute("spot_max_price").isPresent()
            ? plain(value(scope, pool, "spot_max_price"))
            : "",
        // The node-pool module's null default sends none.
        pool.attribute("gpu_instance").isPresent()
                && value(scope, pool, "gpu_instance") instanceof String profile
            ? profile
            : "");
  }

  /** A number as a plain decimal: -1, 1.5. */
  private static String plain(Object number) {
    return number instanceof BigDecimal decimal
        ? decimal.stripTrailingZeros().toPlainString()
        : String.valueOf(number);
  }

  /**
   * The OS SKU a pool sends; empty when it sends none: no attribute, the node-pool module's null
   * default, or a default pool object without the optional attribute.
   */
  private static String osSku(Scope scope, Body pool) {
    Object value = pool.attribute("os_sku").isPresent() ? value(scope, pool, "os_sku") : null;
    return value instanceof String text ? text : "";
  }

  /**
   * One of max_surge / max_unavailable: unset (absent, or the module variable's null) is sent as
   * "0", since azurerm fills in the one not given (v5.2.0 {@code
   * kubernetes_cluster_node_pool_resource.go:1359-1376}); a Spot pool has no upgrade_settings block
   * and sends neither.
   */
  private static String upgradeSetting(Scope scope, Body pool, String name) {
    if (pool.blocks("upgrade_settings").isEmpty()) {
      return "0";
    }
    Body settings = only(pool, "upgrade_settings");
    if (settings.attribute(name).isEmpty()) {
      return "0";
    }
    Object value = value(scope, settings, name);
    return value == null ? "0" : string(value);
  }

  /**
   * A read-only azapi data source on AKSInfinibandSupport, in the infrastructure root (so it fails
   * the plan before pools are created), whose postcondition can fail the plan.
   */
  private static boolean featureChecked(Scope operator) {
    Block data =
        block(operator.body(), "data", "azapi_resource", "infiniband_feature").orElse(null);
    if (data == null) {
      return false;
    }
    boolean postcondition =
        data.body().blocks("lifecycle").stream()
            .anyMatch(l -> !l.body().blocks("postcondition").isEmpty());
    boolean ownsIt =
        operator.body().blocks("resource").stream()
            .anyMatch(
                r ->
                    r.labels().get(0).startsWith("azapi_")
                        || r.labels().get(0).equals("azurerm_resource_provider_registration"));
    return "AKSInfinibandSupport".equals(value(operator, data.body(), "name"))
        && string(value(operator, data.body(), "type"))
            .startsWith("Microsoft.Features/featureProviders/subscriptionFeatureRegistrations@")
        && postcondition
        && !ownsIt;
  }

  private static AzureFacts.StorageClass storageClass(Scope cache) {
    Body storageClass = resource(cache, "kubernetes_storage_class_v1", "this");
    TreeMap<String, String> parameters = new TreeMap<>();
    map(value(cache, storageClass, "parameters")).forEach((k, v) -> parameters.put(k, string(v)));
    return new AzureFacts.StorageClass(
        string(value(cache, only(storageClass, "metadata"), "name")),
        string(value(cache, storageClass, "storage_provisioner")),
        parameters,
        strings(value(cache, storageClass, "mount_options")),
        string(value(cache, storageClass, "reclaim_policy")),
        Boolean.TRUE.equals(value(cache, storageClass, "allow_volume_expansion")),
        string(value(cache, storageClass, "volume_binding_mode")));
  }

  /**
   * The value a {@code local.<name>} reference stands for, from the root's locals blocks (a private
   * Entra ID cluster's command is a local, which its token's version hashes); any other expression
   * as it is.
   */
  private static Expr local(Body root, Expr expr) {
    if (expr instanceof Traversal traversal
        && traversal.root().equals("local")
        && traversal.steps().size() == 1) {
      String name = (String) traversal.steps().get(0);
      return root.blocks("locals").stream()
          .flatMap(locals -> locals.body().attribute(name).stream())
          .findFirst()
          .orElseThrow(() -> new AssertionError("no local " + name))
          .value();
    }
    return expr;
  }

  /** A string with every interpolation only known at apply time written as {@code <runtime>}. */
  private static String staticText(Expr expr) {
    if (expr instanceof Literal literal) {
      return (String) literal.value();
    }
    StringBuilder out = new StringBuilder();
    for (Object part : ((Template) expr).parts()) {
      out.append(part instanceof String text ? text : "<runtime>");
    }
    return out.toString();
  }

  private AzureFacts.NetworkOperator operator(Scope scope) {
    Body release = resource(scope, "helm_release", "network_operator");
    Body namespace = resource(scope, "kubernetes_namespace_v1", "this");
    Expr releaseNamespace = release.attribute("namespace").orElseThrow().value();
    if (!(releaseNamespace instanceof Traversal t
        && t.dotted().equals("kubernetes_namespace_v1.this.metadata[].name"))) {
      throw new IllegalStateException(
          "the operator is not released into its namespace resource: " + releaseNamespace);
    }
    Map<String, Object> values =
        Trees.yaml(fileText(scope, single(value(scope, release, "values"))));

    Body policyRelease = resource(scope, "helm_release", "nic_cluster_policy");
    String chart = string(value(scope, policyRelease, "chart"));
    String policyFile = chart + "/templates/nic-cluster-policy.yaml";
    String policy = tree.get(policyFile);
    if (policy == null || !tree.containsKey(chart + "/Chart.yaml")) {
      throw new IllegalStateException("no local chart at " + policyFile);
    }
    Body namespaceMetadata = only(namespace, "metadata");
    TreeMap<String, String> namespaceLabels = new TreeMap<>();
    map(value(scope, namespaceMetadata, "labels"))
        .forEach((k, v) -> namespaceLabels.put(k, string(v)));
    if (!Boolean.TRUE.equals(value(scope, release, "wait"))) {
      throw new IllegalStateException("the operator release does not wait for its workloads");
    }
    return new AzureFacts.NetworkOperator(
        new AzureFacts.Chart(
            string(value(scope, release, "chart")),
            string(value(scope, release, "version")),
            string(value(scope, namespaceMetadata, "name")),
            string(value(scope, release, "repository"))),
        namespaceLabels,
        integer(value(scope, release, "timeout")),
        values,
        Trees.yaml(policy));
  }

  /** A GPU stack module's release: the chart, released into the module's namespace resource. */
  private AzureFacts.GpuRelease gpuRelease(Scope scope) {
    Body release = resource(scope, "helm_release", "this");
    Body namespace = only(resource(scope, "kubernetes_namespace_v1", "this"), "metadata");
    if (!Boolean.TRUE.equals(value(scope, release, "wait"))) {
      throw new IllegalStateException(scope.dir() + ": the release does not wait");
    }
    return new AzureFacts.GpuRelease(
        new AzureFacts.Chart(
            string(value(scope, release, "chart")),
            string(value(scope, release, "version")),
            string(value(scope, namespace, "name")),
            string(value(scope, release, "repository"))),
        Trees.yaml(fileText(scope, single(value(scope, release, "values")))));
  }

  // ---------------------------------------------------------------- files, modules, blocks

  /**
   * Every {@code .tf} file directly in {@code dir}, as one body (Terraform merges them the same
   * way).
   */
  private Body folder(String dir) {
    List<Attribute> attributes = new ArrayList<>();
    List<Block> blocks = new ArrayList<>();
    tree.forEach(
        (path, text) -> {
          if (path.startsWith(dir) && path.endsWith(".tf") && path.indexOf('/', dir.length()) < 0) {
            Body body = Hcl.parse(text);
            attributes.addAll(body.attributes());
            blocks.addAll(body.blocks());
          }
        });
    if (blocks.isEmpty()) {
      throw new IllegalStateException("no .tf files in " + dir);
    }
    return new Body(attributes, blocks);
  }

  /**
   * The calls in {@code caller} of the module folder named {@code moduleName}, with their arguments
   * as {@code var.*}.
   */
  private List<Scope> module(String callerDir, Body caller, String... moduleNames) {
    List<Scope> scopes = new ArrayList<>();
    for (Block call : caller.blocks("module")) {
      Expr source = call.body().attribute("source").orElseThrow().value();
      String relative = (String) ((Literal) source).value();
      String dir = normalize(callerDir + relative) + "/";
      if (java.util.Arrays.stream(moduleNames).noneMatch(name -> dir.endsWith("/" + name + "/"))) {
        continue;
      }
      scopes.add(scopeOf(callerDir, caller, call, dir));
    }
    return scopes;
  }

  /** One module call's scope: the module's body and the call's arguments as {@code var.*}. */
  private Scope scopeOf(String callerDir, Body caller, Block call, String dir) {
    Body body = folder(dir);
    Map<String, Object> vars = new HashMap<>();
    Scope callerScope = new Scope(callerDir, caller, Map.of());
    for (Attribute argument : call.body().attributes()) {
      if (!argument.name().equals("source")) {
        vars.put(argument.name(), argument(callerDir, caller, argument.value()));
      }
    }
    for (Block variable : body.blocks("variable")) {
      String name = variable.labels().get(0);
      if (!vars.containsKey(name)) {
        Optional<Attribute> fallback = variable.body().attribute("default");
        if (fallback.isEmpty()) {
          throw new IllegalStateException(
              "module " + call.labels() + " misses required variable " + name);
        }
        vars.put(name, eval(callerScope, fallback.get().value()));
      }
    }
    return new Scope(dir, body, vars);
  }

  /**
   * A module argument's value; {@code module.<call>.<output>} is the value of that output in that
   * call's scope (an output that passes on one of its inputs is known, a resource attribute not).
   */
  private Object argument(String callerDir, Body caller, Expr value) {
    if (value instanceof Traversal traversal
        && traversal.root().equals("module")
        && traversal.steps().size() == 2) {
      Block called = caller.block("module", (String) traversal.steps().get(0));
      String relative =
          (String) ((Literal) called.body().attribute("source").orElseThrow().value()).value();
      Scope scope = scopeOf(callerDir, caller, called, normalize(callerDir + relative) + "/");
      Block output = scope.body().block("output", (String) traversal.steps().get(1));
      return eval(scope, output.body().attribute("value").orElseThrow().value());
    }
    return eval(new Scope(callerDir, caller, Map.of()), value);
  }

  private static String normalize(String path) {
    List<String> parts = new ArrayList<>();
    for (String part : path.split("/")) {
      if (part.equals("..")) {
        parts.remove(parts.size() - 1);
      } else if (!part.isEmpty() && !part.equals(".")) {
        parts.add(part);
      }
    }
    return String.join("/", parts);
  }

  private static Optional<Block> block(Body body, String type, String... labels) {
    return body.blocks().stream()
        .filter(b -> b.type().equals(type) && b.labels().equals(List.of(labels)))
        .findFirst();
  }

  private static Body resource(Scope scope, String type, String name) {
    return block(scope.body(), "resource", type, name)
        .orElseThrow(
            () -> new IllegalStateException(scope.dir() + ": no resource " + type + "." + name))
        .body();
  }

  private static Body only(Body body, String type) {
    List<Block> found = body.blocks(type);
    if (found.size() != 1) {
      throw new IllegalStateException("expected one " + type + " block, found " + found.size());
    }
    return found.get(0).body();
  }

  /** A weekly maintenance window block; the extractor knows no other frequency. */
  private static String window(Scope scope, Body window) {
    if (!"Weekly".equals(value(scope, window, "frequency"))) {
      throw new IllegalStateException("a maintenance window that is not weekly");
    }
    return AzureFacts.Cluster.window(
        (Long) value(scope, window, "interval"),
        string(value(scope, window, "day_of_week")),
        string(value(scope, window, "start_time")),
        string(value(scope, window, "utc_offset")),
        (Long) value(scope, window, "duration"));
  }

  // ---------------------------------------------------------------- evaluation

  /**
   * The admin groups of the Entra ID block, written as a dynamic block over a list of at most one
   * element: present when that list has one element and the content turns Azure RBAC on.
   */
  private static Optional<List<String>> entraIdAdminGroups(Scope scope, Body aks) {
    for (Hcl.Block dynamic : aks.blocks("dynamic")) {
      if (!dynamic.labels().equals(List.of("azure_active_directory_role_based_access_control"))) {
        continue;
      }
      List<Object> each = list(value(scope, dynamic.body(), "for_each"));
      Body content = dynamic.body().blocks("content").get(0).body();
      if (each.size() == 1
          && Boolean.TRUE.equals(value(scope, content, "azure_rbac_enabled"))
          && each.get(0) instanceof Map<?, ?> element) {
        List<String> groups = new ArrayList<>();
        list(element.get("admin_group_object_ids")).forEach(id -> groups.add(string(id)));
        return Optional.of(groups);
      }
    }
    return Optional.empty();
  }

  private static Object value(Scope scope, Body body, String attribute) {
    return eval(
        scope,
        body.attribute(attribute)
            .orElseThrow(() -> new IllegalStateException("no attribute " + attribute))
            .value());
  }

  private static Object eval(Scope scope, Expr expr) {
    if (expr instanceof Literal literal) {
      // A whole number as a long; a fraction (a Spot max price) as it is.
      return literal.value() instanceof BigDecimal number
          ? number.stripTrailingZeros().scale() <= 0 ? (Object) number.longValueExact() : number
          : literal.value();
    }
    if (expr instanceof Template template) {
      StringBuilder out = new StringBuilder();
      for (Object part : template.parts()) {
        Object value = part instanceof String text ? text : eval(scope, (Expr) part);
        if (!(value instanceof String || value instanceof Long)) {
          return UNKNOWN;
        }
        out.append(value);
      }
      return out.toString();
    }
    if (expr instanceof Tuple tuple) {
      List<Object> items = new ArrayList<>();
      tuple.items().forEach(item -> items.add(eval(scope, item)));
      return items;
    }
    if (expr instanceof ObjectCons object) {
      Map<String, Object> map = new LinkedHashMap<>();
      object.items().forEach((key, value) -> map.put(key, eval(scope, value)));
      return map;
    }
    if (expr instanceof Traversal traversal
        && traversal.root().equals("var")
        && !traversal.steps().isEmpty()) {
      Object value = scope.vars().getOrDefault((String) traversal.steps().get(0), UNKNOWN);
      for (Object step : traversal.steps().subList(1, traversal.steps().size())) {
        if (!(step instanceof String key
            && value instanceof Map<?, ?> map
            && map.containsKey(key))) {
          return UNKNOWN;
        }
        value = map.get(key);
      }
      return value;
    }
    if (expr instanceof Call call
        && call.name().equals("length")
        && call.args().size() == 1
        && eval(scope, call.args().get(0)) instanceof List<?> items) {
      return (long) items.size();
    }
    if (expr instanceof Hcl.Binary binary && List.of("==", "!=").contains(binary.op())) {
      Object left = eval(scope, binary.left());
      Object right = eval(scope, binary.right());
      if (left == UNKNOWN || right == UNKNOWN) {
        return UNKNOWN;
      }
      return java.util.Objects.equals(left, right) == binary.op().equals("==");
    }
    if (expr instanceof Traversal traversal && traversal.dotted().equals("path.module")) {
      return scope.dir().substring(0, scope.dir().length() - 1);
    }
    if (expr instanceof Call call
        && call.name().equals("file")
        && call.args().size() == 1
        && eval(scope, call.args().get(0)) instanceof String path) {
      return new FileText(path);
    }
    return UNKNOWN;
  }

  /** {@code file(path)}: the file's content, read from the generated tree. */
  private record FileText(String path) {}

  private String fileText(Scope scope, Object value) {
    if (!(value instanceof FileText file) || !tree.containsKey(file.path())) {
      throw new IllegalStateException(
          scope.dir() + ": chart values are not file(...) of a generated file: " + value);
    }
    return tree.get(file.path());
  }

  private static Object single(Object value) {
    List<Object> items = list(value);
    if (items.size() != 1) {
      throw new IllegalStateException("expected one item: " + items);
    }
    return items.get(0);
  }
}
