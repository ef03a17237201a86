import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.tools.JavaCompiler;

/**
 * Release build step: the self-contained runtime (docs/release.md, "Self-contained runtime"), a
 * Java runtime linked by jlink from the JDK running the build, holding only the modules the CLI
 * needs plus the CLI itself as a module, with a class-data sharing archive of the classes a run
 * loads.
 *
 * <p>Why the CLI becomes a module: on JDK 17 a class-data archive that holds classes from a jar
 * records the jar's absolute path and refuses to load anywhere else, so an archive made at build
 * time could never serve an unpacked copy. Classes of a module linked into the runtime image are
 * read from the image itself ({@code lib/modules}), which may move, so the archive dumped into
 * {@code lib/server/classes.jsa} (the place the JVM looks by default) serves every copy from its
 * first run. The standalone jar becomes an open module exporting all its packages, its {@code
 * META-INF/services} become {@code provides}, and every service it loads is declared with {@code
 * uses} (a named module may load only those; {@link #SERVICE_LOADERS}).
 *
 * <p>Steps: write and compile {@code module-info}, add it to a copy of the jar, link the image, put
 * the drift jar and the launcher in it, record the classes of a training run ({@code generate
 * --target all} of the given cluster file) and dump them into the archive.
 *
 * <p>Usage: {@code java BuildRuntimeImage.java JAR DRIFT_JAR LAUNCHER JDK_MODULES IMAGE
 * TRAINING_YAML WORK} (JDK_MODULES comma-separated; IMAGE and WORK are replaced).
 */
public final class BuildRuntimeImage {
  private static final String MODULE = "ai.modelplane.cli";
  private static final String MAIN_CLASS = "ai.modelplane.cli.ModelplaneCommand";
  private static final String SERVICE_LOADER = "java/util/ServiceLoader";

  /**
   * Every class of the jar that calls ServiceLoader, with the service it loads (read in its
   * bytecode). A class that calls it and is missing here fails the build: undeclared, its lookup
   * would throw at run time.
   */
  private static final Map<String, String> SERVICE_LOADERS =
      Map.of(
          "ai/modelplane/generator/drift/DriftService.class",
              "ai.modelplane.generator.drift.DriftService",
          "ai/modelplane/generator/adopt/ImportService.class",
              "ai.modelplane.generator.adopt.ImportService",
          "org/slf4j/LoggerFactory.class", "org.slf4j.spi.SLF4JServiceProvider",
          // ObjectMapper.findModules and MapperBuilder.findModules.
          "com/fasterxml/jackson/databind/ObjectMapper.class",
              "com.fasterxml.jackson.databind.Module",
          "com/fasterxml/jackson/databind/ObjectMapper$2.class",
              "com.fasterxml.jackson.databind.Module",
          "com/fasterxml/jackson/databind/cfg/MapperBuilder.class",
              "com.fasterxml.jackson.databind.Module",
          "com/fasterxml/jackson/databind/cfg/MapperBuilder$1.class",
              "com.fasterxml.jackson.databind.Module",
          "com/fasterxml/jackson/databind/ext/NioPathDeserializer.class",
              "java.nio.file.spi.FileSystemProvider");

  /** Multi-release entries the runtime (Java 17) reads: META-INF/versions/9 to 17. */
  private static final int RUNTIME_FEATURE = 17;

  private BuildRuntimeImage() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    Path jar = Path.of(args[0]);
    Path driftJar = Path.of(args[1]);
    Path launcher = Path.of(args[2]);
    List<String> jdkModules = List.of(args[3].split(","));
    Path image = Path.of(args[4]);
    Path training = Path.of(args[5]);
    Path work = Path.of(args[6]);
    deleteTree(work);
    deleteTree(image);
    Files.createDirectories(work);

    Path moduleJar = work.resolve(MODULE + ".jar");
    Files.copy(jar, moduleJar);
    Path moduleInfo = work.resolve("module-info/module-info.java");
    Files.createDirectories(moduleInfo.getParent());
    Files.writeString(moduleInfo, moduleInfo(jar, jdkModules), StandardCharsets.UTF_8);
    Path compiled = work.resolve("module-info/classes");
    JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
    check(
        "javac",
        javac.run(
            null,
            null,
            null,
            "-nowarn",
            "--release",
            "17",
            "--patch-module",
            MODULE + "=" + jar,
            "-d",
            compiled.toString(),
            moduleInfo.toString()));
    tool(
        "jar",
        "--update",
        "--file",
        moduleJar.toString(),
        "-C",
        compiled.toString(),
        "module-info.class");

    List<String> roots = new ArrayList<>(jdkModules);
    roots.add(MODULE);
    tool(
        "jlink",
        "--module-path",
        moduleJar.toString(),
        "--add-modules",
        String.join(",", roots),
        "--strip-debug",
        "--no-man-pages",
        "--no-header-files",
        "--output",
        image.toString());

    Files.copy(driftJar, image.resolve("lib").resolve(driftJar.getFileName()));
    Path imageLauncher = image.resolve("bin/modelplane");
    Files.copy(launcher, imageLauncher, StandardCopyOption.REPLACE_EXISTING);
    Files.setPosixFilePermissions(imageLauncher, PosixFilePermissions.fromString("rwxr-xr-x"));

    Path java = image.resolve("bin/java");
    Path classList = work.resolve("classes.lst");
    run(
        work.resolve("training.log"),
        java.toString(),
        "-XX:DumpLoadedClassList=" + classList,
        "-Xshare:off",
        "-m",
        MODULE + "/" + MAIN_CLASS,
        "generate",
        "--target",
        "all",
        "--out",
        work.resolve("training-out").toString(),
        training.toString());
    // The launcher's collector: JDK 17 ignores an archive's heap objects under any collector but
    // G1, so
    // dumping them (G1) would only add 2.5 MB.
    run(
        work.resolve("dump.log"),
        java.toString(),
        "-Xshare:dump",
        "-XX:+UseSerialGC",
        "-XX:SharedClassListFile=" + classList,
        "-XX:SharedArchiveFile=" + image.resolve("lib/server/classes.jsa"),
        "--add-modules",
        MODULE);
  }

  /**
   * The module declaration of the standalone jar: open, every package exported, services as they
   * are used.
   */
  static String moduleInfo(Path jar, List<String> jdkModules) throws IOException {
    Set<String> packages = new TreeSet<>();
    Set<String> classes = new TreeSet<>();
    Map<String, List<String>> provides = new TreeMap<>();
    Set<String> uses = new TreeSet<>();
    List<String> unknownLoaders = new ArrayList<>();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (ZipEntry entry : zip.stream().toList()) {
        String name = runtimeName(entry.getName());
        if (name == null || entry.isDirectory()) {
          continue;
        }
        if (name.startsWith("META-INF/services/")) {
          String service = name.substring("META-INF/services/".length());
          List<String> providers =
              new String(zip.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8)
                  .lines()
                  .map(line -> line.replaceAll("#.*", "").strip())
                  .filter(line -> !line.isEmpty())
                  .toList();
          provides.computeIfAbsent(service, s -> new ArrayList<>()).addAll(providers);
        } else if (name.endsWith(".class")
            && !name.endsWith("module-info.class")
            && name.contains("/")) {
          classes.add(name.substring(0, name.length() - ".class".length()).replace('/', '.'));
          // A package of nothing but package-info (all its classes minimized away) cannot be
          // exported.
          if (!name.endsWith("/package-info.class")) {
            packages.add(name.substring(0, name.lastIndexOf('/')).replace('/', '.'));
          }
          byte[] bytes = zip.getInputStream(entry).readAllBytes();
          if (contains(bytes, SERVICE_LOADER.getBytes(StandardCharsets.UTF_8))
              && !name.equals(SERVICE_LOADER + ".class")) {
            String service = SERVICE_LOADERS.get(name);
            if (service == null) {
              unknownLoaders.add(name);
            } else {
              uses.add(service);
            }
          }
        }
      }
    }
    if (!unknownLoaders.isEmpty()) {
      throw new IllegalStateException(
          "classes that call ServiceLoader, for services not declared in "
              + "BuildRuntimeImage.SERVICE_LOADERS (read their bytecode and add them): "
              + unknownLoaders);
    }
    StringBuilder out = new StringBuilder("open module " + MODULE + " {\n");
    jdkModules.stream()
        .filter(module -> !module.equals("java.base"))
        .forEach(module -> out.append("  requires ").append(module).append(";\n"));
    packages.forEach(p -> out.append("  exports ").append(p).append(";\n"));
    uses.forEach(service -> out.append("  uses ").append(service).append(";\n"));
    // Only providers the jar holds: the minimizer drops classes nothing references, such as
    // threeten-extra's
    // chronologies, but not the service files that name them.
    provides.forEach(
        (service, providers) -> {
          Set<String> present = new TreeSet<>(providers);
          present.retainAll(classes);
          if (!present.isEmpty()) {
            out.append("  provides ")
                .append(service)
                .append(" with ")
                .append(String.join(", ", present))
                .append(";\n");
          }
        });
    return out.append("}\n").toString();
  }

  /**
   * The entry's name as a Java 17 runtime sees it, or null for versioned entries it does not read.
   */
  private static String runtimeName(String name) {
    if (!name.startsWith("META-INF/versions/")) {
      return name;
    }
    String rest = name.substring("META-INF/versions/".length());
    int slash = rest.indexOf('/');
    if (slash < 0) {
      return null;
    }
    int feature = Integer.parseInt(rest.substring(0, slash));
    return feature <= RUNTIME_FEATURE ? rest.substring(slash + 1) : null;
  }

  private static boolean contains(byte[] bytes, byte[] part) {
    outer:
    for (int i = 0; i + part.length <= bytes.length; i++) {
      for (int j = 0; j < part.length; j++) {
        if (bytes[i + j] != part[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  private static void tool(String name, String... args) {
    ToolProvider tool =
        ToolProvider.findFirst(name)
            .orElseThrow(
                () -> new IllegalStateException("the JDK running the build has no " + name));
    check(name, tool.run(System.out, System.err, args));
  }

  private static void check(String name, int status) {
    if (status != 0) {
      throw new IllegalStateException(name + " failed (exit " + status + ")");
    }
  }

  /** Runs a command of the new runtime, its output into LOG, which is printed if it fails. */
  private static void run(Path log, String... command) throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
      process.destroyForcibly();
      System.err.print(Files.readString(log));
      throw new IllegalStateException("failed: " + String.join(" ", command));
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths
          .sorted(Comparator.reverseOrder())
          .forEach(
              path -> {
                try {
                  Files.delete(path);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    }
  }
}
