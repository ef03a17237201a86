package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.drift.ArmStub;
import ai.modelplane.drift.TestTls;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The README's commands against the real shaded jars and the launcher: unit tests run on Maven's
 * class path and cannot see what the shade plugin left out (modelplane.jar is minimized and its
 * library classes carry no debug tables; the drift checker and the Azure SDK are in
 * modelplane-drift.jar beside it). Where a command's output is not spelled out here, the reference
 * is the same command run in this JVM, on the class path the unit tests use.
 */
class StandaloneJarIT {
  private static final Path JAR = Path.of("target/modelplane.jar");
  private static final Path DRIFT_JAR = Path.of("target/modelplane-drift.jar");
  private static final Path LAUNCHER = Path.of("target/modelplane");

  /**
   * The JDK running these tests, and the launcher (it finds java the same way, on the PATH or
   * JAVA_HOME).
   */
  private static final int TEST_JDK_FEATURE =
      javaFeatureVersion(Path.of(System.getProperty("java.home")));

  /** The budget for the jar without the drift checker's dependencies. */
  private static final long JAR_BUDGET_BYTES = 10_000_000;

  /** modelplane.jar alone in a folder, without the drift jar beside it. */
  @TempDir static Path alone;

  @TempDir Path dir;

  record Run(int exitCode, String out, String err) {}

  @BeforeAll
  static void copyTheJarAlone() throws IOException {
    Files.copy(JAR, alone.resolve("modelplane.jar"));
  }

  private Run run(List<String> command) throws IOException, InterruptedException {
    return run(command, Map.of());
  }

  private Run run(List<String> command, Map<String, String> environment)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile(dir, "stdout", ".txt");
    Path err = Files.createTempFile(dir, "stderr", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
    builder.environment().put("MODELPLANE_CACHE", dir.resolve("cache").toString());
    builder.environment().putAll(environment);
    Process process = builder.start();
    if (!process.waitFor(180, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("timed out: " + command);
    }
    return new Run(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static List<String> javaJar(Path jar, List<String> jvmOptions, String... args) {
    List<String> command = new ArrayList<>(List.of(java()));
    command.addAll(jvmOptions);
    command.addAll(List.of("-jar", jar.toString()));
    command.addAll(List.of(args));
    return command;
  }

  private static List<String> javaJar(String... args) {
    return javaJar(JAR, List.of(), args);
  }

  /** The same command in this JVM, on the unshaded class path. */
  private static Run inProcess(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = ModelplaneCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void validatesTheExamples() throws Exception {
    Run run = run(javaJar("validate", "../examples/"));
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(
        "10 AKSCluster(s) valid in 13 file(s), 1 warning(s)"
            + ValidateCommandTest.PIN_SUMMARY
            + "\n",
        run.out());
  }

  @Test
  void generatesBothTargetsForTheReferenceExampleWithoutReadingTheDriftJar() throws Exception {
    Path out = dir.resolve("out");
    Path classLog = dir.resolve("classes.log");
    Run run =
        run(
            javaJar(
                JAR,
                List.of("-Xlog:class+load=info:file=" + classLog),
                "generate",
                "--target",
                "all",
                "--out",
                out.toString(),
                "../examples/inference-westeurope.yaml"));
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(Files.isRegularFile(out.resolve("platform/inference-westeurope/terraform/main.tf")));
    assertTrue(Files.isRegularFile(out.resolve("platform/inference-westeurope/bicep/main.bicep")));
    List<String> loaded = Files.readAllLines(classLog);
    assertTrue(
        loaded.stream()
            .anyMatch(
                line ->
                    line.contains("[class,load] ai.modelplane.cli.GenerateCommand source: ")
                        && line.endsWith("/modelplane.jar")),
        "the class log names the jar classes come from");
    assertEquals(
        List.of(),
        loaded.stream().filter(line -> line.contains(DriftCheckerLookup.DRIFT_JAR)).toList());

    Run check =
        run(
            javaJar(
                "generate",
                "--check",
                "--target",
                "all",
                "--out",
                out.toString(),
                "../examples/inference-westeurope.yaml"));
    assertEquals(new Run(0, "", check.err()), check);
  }

  @Test
  void invalidInputIsOneLinePerProblemWithoutAStackTrace() throws Exception {
    Path broken = dir.resolve("broken.yaml");
    Files.writeString(
        broken,
        "apiVersion: infrastructure.modelplane.ai/v1alpha1\nkind: AKSCluster\nmetadata:\n  name: x\nspec:\n  location: westeurope\n  kubernetesVersion: 1.30\n  nodePools: []\n");
    Run run = run(javaJar("validate", broken.toString()));
    assertEquals(1, run.exitCode());
    assertTrue(run.err().contains(broken + ":7:22: error: spec.kubernetesVersion:"), run.err());
    assertTrue(!run.err().contains("\tat "), run.err());
  }

  @Test
  void theLauncherRunsTheJarAndBuildsItsArchiveOnce() throws Exception {
    String archiveSuffix = TEST_JDK_FEATURE >= 25 ? ".aot" : ".jsa";
    Run first =
        run(List.of(LAUNCHER.toString(), "validate", "../examples/inference-westeurope.yaml"));
    assertEquals(
        new Run(
            0,
            "1 AKSCluster(s) valid in 1 file(s)" + ValidateCommandTest.PIN_SUMMARY + "\n",
            ValidateCommandTest.PIN_ADVICE),
        first);
    // A cache that does not outlive its first run (a CI runner's) never pays for an archive.
    assertEquals(List.of(), cacheFiles(archiveSuffix));

    assertEquals(
        first,
        run(List.of(LAUNCHER.toString(), "validate", "../examples/inference-westeurope.yaml")));
    assertEquals(1, cacheFiles(archiveSuffix).size());
    assertEquals(
        first,
        run(List.of(LAUNCHER.toString(), "validate", "../examples/inference-westeurope.yaml")));
    assertEquals(1, cacheFiles(archiveSuffix).size());
  }

  @Test
  void aRebuiltJarsArchiveReplacesItsPredecessorsButNotAnotherInstallations() throws Exception {
    String archiveSuffix = TEST_JDK_FEATURE >= 25 ? ".aot" : ".jsa";
    Path install = Files.createDirectories(dir.resolve("install"));
    Path other = Files.createDirectories(dir.resolve("other"));
    for (Path folder : List.of(install, other)) {
      Files.copy(
          LAUNCHER, folder.resolve("modelplane"), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
      Files.copy(JAR, folder.resolve("modelplane.jar"));
    }
    List<String> validate = List.of("validate", "../examples/inference-westeurope.yaml");
    for (Path folder : List.of(install, install, other, other)) {
      assertEquals(0, run(launcher(folder, validate)).exitCode());
    }
    List<String> before = cacheFiles(archiveSuffix);
    assertEquals(2, before.size(), before.toString());

    // A rebuild: the same path, a new modification time.
    Path jar = install.resolve("modelplane.jar");
    Files.setLastModifiedTime(
        jar,
        java.nio.file.attribute.FileTime.fromMillis(
            Files.getLastModifiedTime(jar).toMillis() + 60_000));
    assertEquals(0, run(launcher(install, validate)).exitCode());
    assertEquals(
        before,
        cacheFiles(archiveSuffix),
        "the first run with the rebuilt jar only leaves a marker");
    assertEquals(0, run(launcher(install, validate)).exitCode());

    List<String> after = cacheFiles(archiveSuffix);
    assertEquals(2, after.size(), after.toString());
    assertEquals(
        1,
        after.stream().filter(before::contains).count(),
        "the other installation's archive stays: " + after);
    assertEquals(
        after.stream().map(name -> name + ".seen").toList(),
        cacheFiles(".seen"),
        "only the current archives' markers stay");
  }

  private static List<String> launcher(Path folder, List<String> arguments) {
    List<String> command = new ArrayList<>(List.of(folder.resolve("modelplane").toString()));
    command.addAll(arguments);
    return command;
  }

  @Test
  void onJdk25AndLaterTheLauncherKeepsAnAotCacheInstead() throws Exception {
    Path newerJdk = jdkBesideThisOne(25);
    Assumptions.assumeTrue(
        newerJdk != null, "no JDK 25 or later installed beside " + System.getProperty("java.home"));
    Map<String, String> environment = Map.of("JAVA_HOME", newerJdk.toString());
    Path out = dir.resolve("out");
    List<String> generate =
        List.of(
            LAUNCHER.toString(),
            "generate",
            "--target",
            "all",
            "--out",
            out.toString(),
            "../examples/inference-westeurope.yaml");

    Run first = run(generate, environment);
    assertEquals(0, first.exitCode(), first.toString());
    assertEquals(
        "",
        first.err(),
        "nothing on stderr, not even the JDK's sun.misc.Unsafe warning for protobuf");
    assertEquals(List.of(), cacheFiles(".aot"));
    assertEquals(0, run(generate, environment).exitCode());
    assertEquals(1, cacheFiles(".aot").size(), String.join(",", cacheFiles("")));
    assertEquals(List.of(), cacheFiles(".jsa"));
    // The third run starts from the cache (-XX:AOTMode=on fails rather than ignore one it cannot
    // use).
    Run third =
        run(
            generate,
            Map.of("JAVA_HOME", newerJdk.toString(), "MODELPLANE_JAVA_OPTS", "-XX:AOTMode=on"));
    assertEquals(
        new Run(
            0,
            first
                .out()
                .replaceFirst(
                    "(\\d+) file\\(s\\) written, 0 unchanged", "0 file(s) written, $1 unchanged"),
            ""),
        third);
  }

  /** Names of the launcher's cache files that end with suffix. */
  private List<String> cacheFiles(String suffix) throws IOException {
    try (Stream<Path> files = Files.list(dir.resolve("cache"))) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(name -> name.endsWith(suffix))
          .sorted()
          .toList();
    }
  }

  /** The feature version in a JDK's release file, as the launcher reads it (0 if unknown). */
  private static int javaFeatureVersion(Path javaHome) {
    try {
      for (String line : Files.readAllLines(javaHome.resolve("release"))) {
        java.util.regex.Matcher version =
            java.util.regex.Pattern.compile("^JAVA_VERSION=\"(\\d+)").matcher(line);
        if (version.find()) {
          return Integer.parseInt(version.group(1));
        }
      }
    } catch (IOException | NumberFormatException e) {
      // no release file: unknown
    }
    return 0;
  }

  /** A JDK of at least this feature version installed beside the one running the tests, or null. */
  private static Path jdkBesideThisOne(int feature) throws IOException {
    Path installed = Path.of(System.getProperty("java.home")).toRealPath().getParent();
    try (Stream<Path> jdks = Files.list(installed)) {
      return jdks.filter(
              jdk ->
                  Files.isExecutable(jdk.resolve("bin/java")) && javaFeatureVersion(jdk) >= feature)
          .sorted()
          .findFirst()
          .orElse(null);
    }
  }

  @Test
  void theStandaloneJarStaysWithinItsBudgetAndTheDriftJarHoldsWhatItLeftOut() throws IOException {
    long size = Files.size(JAR);
    assertTrue(
        size < JAR_BUDGET_BYTES,
        "modelplane.jar is " + size + " bytes, over the " + JAR_BUDGET_BYTES + "-byte budget");
    Set<String> standalone = entries(JAR);
    Set<String> drift = entries(DRIFT_JAR);

    Set<String> sharedClasses = new TreeSet<>(standalone);
    sharedClasses.retainAll(drift);
    sharedClasses.removeIf(name -> !name.endsWith(".class"));
    assertEquals(
        Set.of(), sharedClasses, "a class in both jars would load from modelplane.jar only");

    assertEquals(
        List.of(),
        standalone.stream()
            .filter(
                name ->
                    name.startsWith("com/azure/")
                        || name.startsWith("ai/modelplane/drift/")
                        || name.equals(
                            "META-INF/services/ai.modelplane.generator.drift.DriftService"))
            .toList());
    assertTrue(drift.contains("ai/modelplane/drift/AzureDriftService.class"));
    assertTrue(drift.contains("com/azure/core/http/jdk/httpclient/JdkHttpClientProvider.class"));
    assertTrue(drift.contains("META-INF/services/ai.modelplane.generator.drift.DriftService"));
    // Licence texts stay in both jars.
    assertTrue(standalone.contains("META-INF/LICENSE") && drift.contains("META-INF/LICENSE"));
  }

  @Test
  void everyClassOfTheStandaloneJarIsAJava6OrLaterClassFileSoTheLaunchersArchiveCanHoldIt()
      throws IOException {
    List<String> old = new ArrayList<>();
    try (ZipFile zip = new ZipFile(JAR.toFile())) {
      for (ZipEntry entry : java.util.Collections.list(zip.entries())) {
        if (entry.getName().endsWith(".class")) {
          try (var in = new java.io.DataInputStream(zip.getInputStream(entry))) {
            in.readInt(); // magic
            in.readUnsignedShort(); // minor version
            if (in.readUnsignedShort() < 50) {
              old.add(entry.getName());
            }
          }
        }
      }
    }
    assertEquals(List.of(), old);
  }

  private static Set<String> entries(Path jar) throws IOException {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      return zip.stream()
          .map(ZipEntry::getName)
          .collect(java.util.stream.Collectors.toCollection(TreeSet::new));
    }
  }

  static Stream<List<String>> commandsWithoutDrift() {
    return Stream.of(
        List.of("--version"),
        List.of("--help"),
        List.of("validate", "../examples/"),
        List.of("validate", "--output", "json", "../examples/"),
        List.of("validate", "--output", "sarif", "../examples/"),
        List.of("validate", "--strict", "../examples/multi-pool.yaml"),
        List.of("validate", "--as-of", "2030-01-15", "../examples/minimal.yaml"),
        List.of("schema"),
        List.of("schema", "--json"),
        List.of("explain"),
        List.of("explain", "spec.nodePools"),
        List.of("diff", "../examples/minimal.yaml", "../examples/multi-pool.yaml"),
        List.of(
            "diff", "--output", "json", "../examples/minimal.yaml", "../examples/multi-pool.yaml"),
        List.of(
            "diff",
            "--output",
            "markdown",
            "../examples/minimal.yaml",
            "../examples/multi-pool.yaml"),
        // Nothing generated there yet: prints every file as a unified diff, exit 2.
        List.of(
            "generate",
            "--check",
            "--target",
            "all",
            "--out",
            "target/never-generated",
            "../examples/multi-pool.yaml"),
        List.of("generate", "--target", "all", "--no-such-option"));
  }

  @ParameterizedTest
  @MethodSource("commandsWithoutDrift")
  void everyOtherCommandWorksWithoutTheDriftJarAndPrintsWhatTheClassPathBuildPrints(
      List<String> args) throws Exception {
    Run jar = run(javaJar(alone.resolve("modelplane.jar"), List.of(), args.toArray(String[]::new)));
    assertEquals(inProcess(args.toArray(String[]::new)), jar);
  }

  @Test
  void generatesTheExamplesAndAFleetByteForByteLikeTheClassPathBuild() throws Exception {
    Path fleet = dir.resolve("fleet");
    Process maker =
        new ProcessBuilder("sh", "../bench/make-fleet.sh", "40", fleet.toString())
            .inheritIO()
            .start();
    assertEquals(0, maker.waitFor());
    // The files generated (with the output's .gitignore for Terraform state), plus the tree's own
    // record under .modelplane/: the manifest and the .gitignore that keeps the rest out of git
    // (the
    // lock holds the last run's pid, the stat cache this checkout's file stats and timings, so
    // tree() leaves them out).
    Map<String, Integer> files = Map.of("../examples/", 181 + 2, fleet.toString(), 448 + 2);
    for (String input : List.of("../examples/", fleet.toString())) {
      Path fromJar = dir.resolve("jar-out-" + files.get(input));
      Path reference = dir.resolve("reference-out-" + files.get(input));
      Run jar =
          run(
              javaJar(
                  alone.resolve("modelplane.jar"),
                  List.of(),
                  "generate",
                  "--target",
                  "all",
                  "--out",
                  fromJar.toString(),
                  input));
      Run expected = inProcess("generate", "--target", "all", "--out", reference.toString(), input);
      assertEquals(expected.exitCode(), jar.exitCode(), jar.err());
      assertEquals(expected.out().replace(reference.toString(), fromJar.toString()), jar.out());
      assertEquals(expected.err(), jar.err());
      Map<String, String> generated = tree(fromJar);
      assertEquals(files.get(input), generated.size(), input);
      assertEquals(tree(reference), generated, input);
    }
  }

  private static Map<String, String> tree(Path root) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path file : walk.filter(Files::isRegularFile).toList()) {
        String relative = root.relativize(file).toString();
        if (!relative.equals(".modelplane/stat-cache") && !relative.equals(".modelplane/lock")) {
          files.put(relative, Files.readString(file, StandardCharsets.UTF_8));
        }
      }
    }
    return files;
  }

  @Test
  void driftWithoutItsJarSaysWhatIsMissingOnOneLine() throws Exception {
    Run run =
        run(
            javaJar(
                alone.resolve("modelplane.jar"), List.of(), "drift", "../examples/minimal.yaml"));
    assertEquals(
        new Run(
            1,
            "",
            "modelplane: drift needs modelplane-drift.jar beside modelplane.jar; "
                + alone.resolve("modelplane-drift.jar").toAbsolutePath()
                + " is missing\n"),
        run);
  }

  @Test
  void driftRunsFromTheDriftJarThroughJavaJarAndTheLauncher() throws Exception {
    try (ArmStub stub = new ArmStub()) {
      String group = "rg-platform_inference-westeurope";
      stub.getReturns(
          ArmStub.clusterPath(group, "inference-westeurope"),
          200,
          ArmStub.text(ArmStub.fixture("inference-cluster.json")));
      stub.getReturns(
          ArmStub.vnetPath(group, "vnet-inference-westeurope"),
          200,
          ArmStub.text(ArmStub.fixture("inference-vnet.json")));
      stub.getReturns(
          ArmStub.FEATURE_PATH, 200, ArmStub.text(ArmStub.fixture("feature-registered.json")));
      List<String> trustStore =
          List.of(
              "-Djavax.net.ssl.trustStore=" + TestTls.TRUST_STORE,
              "-Djavax.net.ssl.trustStorePassword=" + TestTls.PASSWORD,
              "-Djavax.net.ssl.trustStoreType=PKCS12");
      Map<String, String> environment =
          new TreeMap<>(
              Map.of(
                  "AZURE_CLIENT_ID", ArmStub.CLIENT_ID,
                  "AZURE_CLIENT_SECRET", ArmStub.CLIENT_SECRET,
                  "AZURE_TENANT_ID", ArmStub.TENANT,
                  "AZURE_AUTHORITY_HOST", stub.baseUrl(),
                  "AZURE_SUBSCRIPTION_ID", ArmStub.SUBSCRIPTION,
                  // Only the service principal from the environment: never probe this machine's
                  // managed identity endpoint.
                  "AZURE_TOKEN_CREDENTIALS", "EnvironmentCredential"));
      String inSync =
          """
          platform/inference-westeurope (../examples/inference-westeurope.yaml): in sync
            managed cluster inference-westeurope in resource group rg-platform_inference-westeurope, 4 ARM request(s)

          1 cluster(s): 1 in sync, 0 with drift, 0 could not be checked; 5 ARM request(s) in subscription 00000000-0000-0000-0000-000000000001
          """;
      Path classLog = dir.resolve("drift-classes.log");
      List<String> jvmOptions = new ArrayList<>(trustStore);
      jvmOptions.add("-Xlog:class+load=info:file=" + classLog);

      Run jar =
          run(
              javaJar(
                  JAR,
                  jvmOptions,
                  "drift",
                  "--arm-endpoint",
                  stub.baseUrl(),
                  "../examples/inference-westeurope.yaml"),
              environment);
      assertEquals(new Run(0, inSync, ""), jar);
      String driftService =
          Files.readAllLines(classLog).stream()
              .filter(
                  line ->
                      line.contains("[class,load] ai.modelplane.drift.AzureDriftService source: "))
              .findFirst()
              .orElseThrow();
      assertTrue(driftService.endsWith("/" + DriftCheckerLookup.DRIFT_JAR), driftService);

      environment.put("MODELPLANE_JAVA_OPTS", String.join(" ", trustStore));
      List<String> launcherDrift =
          List.of(
              LAUNCHER.toString(),
              "drift",
              "--arm-endpoint",
              stub.baseUrl(),
              "../examples/inference-westeurope.yaml");
      Run launcher = run(launcherDrift, environment);
      assertEquals(new Run(0, inSync, ""), launcher);
      if (TEST_JDK_FEATURE < 25) {
        assertEquals(
            List.of(),
            cacheFiles(".jsa").stream()
                .filter(name -> name.startsWith("modelplane-drift-"))
                .toList());
        // The second run, completed, records drift's own archive, which the next run starts from
        // with the same output.
        assertEquals(launcher, run(launcherDrift, environment));
        assertEquals(
            List.of("modelplane-drift"),
            cacheFiles(".jsa").stream()
                .map(name -> name.replaceAll("-[0-9]+-[0-9]+\\.jsa$", ""))
                .filter(name -> name.startsWith("modelplane-drift"))
                .toList());
        environment.put("MODELPLANE_JAVA_OPTS", String.join(" ", trustStore) + " -Xshare:on");
        assertEquals(launcher, run(launcherDrift, environment));
      }
      for (String secret : List.of(ArmStub.CLIENT_SECRET, ArmStub.ACCESS_TOKEN)) {
        assertFalse(
            jar.toString().contains(secret) || launcher.toString().contains(secret), secret);
      }
      try (Stream<Path> archives = Files.list(dir.resolve("cache"))) {
        for (Path archive : archives.toList()) {
          assertFalse(
              new String(Files.readAllBytes(archive), StandardCharsets.ISO_8859_1)
                  .contains(ArmStub.CLIENT_SECRET),
              archive.toString());
        }
      }
    }
  }
}
