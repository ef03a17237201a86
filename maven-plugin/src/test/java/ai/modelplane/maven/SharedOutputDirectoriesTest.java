package ai.modelplane.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.DefaultMavenExecutionResult;
import org.apache.maven.execution.MavenExecutionRequest;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Build;
import org.apache.maven.model.Model;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.MojoDescriptor;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two modules of one Maven build that generate into one folder remove each other's clusters on
 * every build: the goals refuse such a build before writing, naming both modules.
 */
class SharedOutputDirectoriesTest {
  static final String KEY = "ai.modelplane:modelplane-maven-plugin";

  @TempDir Path build;

  /**
   * A module under the build with the plugin's {@code generate} bound, configured by {@code xml}.
   */
  MavenProject module(String name, String outputDirectory) throws IOException {
    Path basedir = Files.createDirectories(build.resolve(name));
    Model model = new Model();
    model.setGroupId("ai.modelplane.it");
    model.setArtifactId(name);
    model.setVersion("1.0");
    Build mavenBuild = new Build();
    mavenBuild.setDirectory(basedir.resolve("target").toString());
    Plugin plugin = new Plugin();
    plugin.setGroupId("ai.modelplane");
    plugin.setArtifactId("modelplane-maven-plugin");
    PluginExecution execution = new PluginExecution();
    execution.setId("default");
    execution.addGoal("generate");
    plugin.addExecution(execution);
    if (outputDirectory != null) {
      Xpp3Dom configuration = new Xpp3Dom("configuration");
      Xpp3Dom child = new Xpp3Dom("outputDirectory");
      child.setValue(outputDirectory);
      configuration.addChild(child);
      plugin.setConfiguration(configuration);
    }
    mavenBuild.addPlugin(plugin);
    model.setBuild(mavenBuild);
    MavenProject project = new MavenProject(model);
    project.setFile(basedir.resolve("pom.xml").toFile());
    return project;
  }

  List<SharedOutputDirectories.Use> sharing(MavenProject current, MavenProject... all) {
    return SharedOutputDirectories.sharing(
        SharedOutputDirectories.directory(
                current,
                (Xpp3Dom) current.getPlugin(KEY).getConfiguration(),
                new Properties(),
                new Properties())
            .orElseThrow(),
        current,
        List.of(all),
        KEY,
        Optional.empty(),
        new Properties(),
        new Properties());
  }

  @Test
  void twoModulesWritingOneFolderAreFound() throws IOException {
    MavenProject westeurope = module("westeurope", "${project.basedir}/../infra");
    MavenProject eastus2 = module("eastus2", "../infra");

    List<SharedOutputDirectories.Use> found = sharing(westeurope, westeurope, eastus2);

    assertEquals(
        List.of(
            new SharedOutputDirectories.Use(
                "ai.modelplane.it:eastus2", "generate", build.resolve("infra"))),
        found);
  }

  @Test
  void aLinkToTheSameFolderIsTheSameFolder() throws IOException {
    Files.createDirectories(build.resolve("infra"));
    Files.createSymbolicLink(build.resolve("link"), build.resolve("infra"));
    MavenProject westeurope = module("westeurope", build.resolve("infra").toString());
    MavenProject eastus2 = module("eastus2", "../link");

    assertEquals(1, sharing(westeurope, westeurope, eastus2).size());
  }

  @Test
  void eachModulesDefaultFolderIsItsOwn() throws IOException {
    MavenProject westeurope = module("westeurope", null);
    MavenProject eastus2 = module("eastus2", null);

    assertTrue(sharing(westeurope, westeurope, eastus2).isEmpty());
  }

  /** From the command line, {@code mvn modelplane:check} runs in every module of the build. */
  @Test
  void aGoalFromTheCommandLineWithOneAbsoluteFolderRunsInEveryModule() throws IOException {
    MavenProject westeurope = module("westeurope", null);
    MavenProject eastus2 = module("eastus2", null);
    eastus2.getBuild().getPlugins().clear();
    Properties user = new Properties();
    user.setProperty("modelplane.outputDirectory", build.resolve("infra").toString());

    List<SharedOutputDirectories.Use> found =
        SharedOutputDirectories.sharing(
            build.resolve("infra"),
            westeurope,
            List.of(westeurope, eastus2),
            KEY,
            Optional.of("check"),
            user,
            new Properties());

    assertEquals(
        List.of(
            new SharedOutputDirectories.Use(
                "ai.modelplane.it:eastus2", "check", build.resolve("infra"))),
        found);
  }

  @Test
  void aValueWithAnUnknownExpressionIsNotGuessed() throws IOException {
    MavenProject eastus2 = module("eastus2", "${unknown}/infra");

    assertFalse(
        SharedOutputDirectories.directory(
                eastus2,
                (Xpp3Dom) eastus2.getPlugin(KEY).getConfiguration(),
                new Properties(),
                new Properties())
            .isPresent());
  }

  GenerateMojo generateIn(MavenProject project, List<MavenProject> all) throws IOException {
    Path basedir = project.getBasedir().toPath();
    Files.createDirectories(basedir.resolve("src/main/modelplane"));
    Files.copy(
        Path.of("../examples/minimal.yaml"), basedir.resolve("src/main/modelplane/minimal.yaml"));
    MavenExecutionRequest request = new DefaultMavenExecutionRequest();
    request.setBaseDirectory(build.toFile());
    @SuppressWarnings("deprecation")
    MavenSession session = new MavenSession(null, null, request, new DefaultMavenExecutionResult());
    session.setProjects(all);
    PluginDescriptor plugin = new PluginDescriptor();
    plugin.setGroupId("ai.modelplane");
    plugin.setArtifactId("modelplane-maven-plugin");
    plugin.setVersion("test");
    MojoDescriptor descriptor = new MojoDescriptor();
    descriptor.setGoal("generate");
    descriptor.setPluginDescriptor(plugin);

    GenerateMojo mojo = new GenerateMojo();
    mojo.basedir = basedir.toFile();
    mojo.sources = new File("src/main/modelplane");
    Xpp3Dom configuration = (Xpp3Dom) project.getPlugin(KEY).getConfiguration();
    mojo.outputDirectory =
        new File(
            configuration == null ? "infra" : configuration.getChild("outputDirectory").getValue());
    mojo.targets = List.of("terraform");
    mojo.buildDirectory = basedir.resolve("target").toFile();
    mojo.session = session;
    mojo.project = project;
    mojo.mojoExecution = new MojoExecution(descriptor, "default", MojoExecution.Source.LIFECYCLE);
    mojo.setLog(new SystemStreamLog());
    return mojo;
  }

  @Test
  void generateRefusesAFolderAnotherModuleWritesNamingBothAndWritesNothing() throws Exception {
    MavenProject westeurope = module("westeurope", "../infra");
    MavenProject eastus2 = module("eastus2", "../infra");

    MojoFailureException e =
        assertThrows(
            MojoFailureException.class,
            () -> generateIn(eastus2, List.of(westeurope, eastus2)).execute());

    assertTrue(
        e.getMessage()
            .startsWith(
                "Give each module its own <outputDirectory>: ../infra of module"
                    + " ai.modelplane.it:eastus2 is also the output directory of module"
                    + " ai.modelplane.it:westeurope (modelplane:generate) in this build;"),
        e.getMessage());
    assertFalse(Files.exists(build.resolve("infra")));
  }

  @Test
  void generateWritesIntoAFolderOfItsOwn() throws Exception {
    MavenProject westeurope = module("westeurope", null);
    MavenProject eastus2 = module("eastus2", null);

    generateIn(eastus2, List.of(westeurope, eastus2)).execute();

    assertTrue(Files.isRegularFile(build.resolve("eastus2/infra/.modelplane/manifest")));
  }

  @Test
  void theLockNamesTheModuleAndTheBuild() throws Exception {
    MavenProject eastus2 = module("eastus2", null);

    assertEquals(
        "modelplane:generate (default) of module ai.modelplane.it:eastus2 of the Maven build in "
            + build,
        generateIn(eastus2, List.of(eastus2)).runDescription());
  }
}
