package ai.modelplane.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.project.MavenProject;
import org.codehaus.plexus.util.xml.Xpp3Dom;

/**
 * The other modules of a Maven build that generate into, or check, the same output folder as this
 * one. An output folder has one manifest, and a run makes the folder hold exactly what its own
 * sources generate: two modules sharing it remove each other's clusters on every build, and {@code
 * check} can never pass for both. So the goals refuse such a build, naming the modules, before
 * anything is written.
 *
 * <p>Read from the reactor's effective models (the plugin's configuration, execution over plugin,
 * as Maven merges it), resolved against each module's basedir as Maven resolves a {@code File}
 * parameter, and compared as real paths, so that {@code ../infra} and a link to the same folder are
 * found too. A value that still holds an expression this cannot resolve is left out rather than
 * guessed.
 */
final class SharedOutputDirectories {
  /** The goals that make a folder hold one module's clusters: both fail or destroy when shared. */
  static final Set<String> GOALS = Set.of("generate", "check");

  private static final String PARAMETER = "outputDirectory";
  private static final String PROPERTY = "modelplane.outputDirectory";
  private static final Pattern EXPRESSION = Pattern.compile("\\$\\{([^}]+)}");

  /** One goal of one module that uses an output folder. */
  record Use(String module, String goal, Path directory) {}

  private SharedOutputDirectories() {}

  /**
   * The modules among {@code projects}, other than {@code current}, whose {@code generate} or
   * {@code check} uses {@code directory}.
   *
   * @param pluginKey this plugin's {@code groupId:artifactId}
   * @param commandLineGoal the goal when it was called from the command line ({@code mvn
   *     modelplane:check}), which then runs in every module of the build; empty when bound to a
   *     phase
   */
  static List<Use> sharing(
      Path directory,
      MavenProject current,
      List<MavenProject> projects,
      String pluginKey,
      Optional<String> commandLineGoal,
      Properties userProperties,
      Properties systemProperties) {
    Path mine = real(directory);
    List<Use> sharing = new ArrayList<>();
    for (MavenProject project : projects) {
      if (sameModule(project, current)) {
        continue;
      }
      for (Use use : uses(project, pluginKey, commandLineGoal, userProperties, systemProperties)) {
        if (real(use.directory()).equals(mine)) {
          sharing.add(use);
          break;
        }
      }
    }
    return sharing;
  }

  /** Every {@code generate} and {@code check} of {@code project}, with the folder it uses. */
  static List<Use> uses(
      MavenProject project,
      String pluginKey,
      Optional<String> commandLineGoal,
      Properties userProperties,
      Properties systemProperties) {
    Plugin plugin = project.getPlugin(pluginKey);
    Xpp3Dom pluginConfiguration = plugin == null ? null : (Xpp3Dom) plugin.getConfiguration();
    List<Use> uses = new ArrayList<>();
    if (plugin != null) {
      for (PluginExecution execution : plugin.getExecutions()) {
        for (String goal : execution.getGoals()) {
          if (GOALS.contains(goal)) {
            Xpp3Dom configuration =
                merged((Xpp3Dom) execution.getConfiguration(), pluginConfiguration);
            directory(project, configuration, userProperties, systemProperties)
                .ifPresent(d -> uses.add(new Use(name(project), goal, d)));
          }
        }
      }
    }
    if (commandLineGoal.isPresent() && GOALS.contains(commandLineGoal.get())) {
      // Called from the command line, the goal runs in every module, configured by the plugin's
      // own configuration and that of a "default-cli" execution.
      PluginExecution cli = plugin == null ? null : plugin.getExecutionsAsMap().get("default-cli");
      Xpp3Dom configuration =
          merged(cli == null ? null : (Xpp3Dom) cli.getConfiguration(), pluginConfiguration);
      directory(project, configuration, userProperties, systemProperties)
          .ifPresent(d -> uses.add(new Use(name(project), commandLineGoal.get(), d)));
    }
    return uses;
  }

  /**
   * The folder {@code configuration} gives, as the goal would resolve it in {@code project}; empty
   * when the goal is skipped there or the value holds an expression this cannot resolve.
   */
  static Optional<Path> directory(
      MavenProject project,
      Xpp3Dom configuration,
      Properties userProperties,
      Properties systemProperties) {
    if ("true".equals(value(configuration, "skip"))) {
      return Optional.empty();
    }
    String value = value(configuration, PARAMETER);
    if (value == null) {
      value = property(PROPERTY, project, userProperties, systemProperties);
    }
    if (value == null) {
      value = "${project.basedir}/infra"; // the parameter's default
    }
    Optional<String> resolved = resolve(value, project, userProperties, systemProperties);
    if (resolved.isEmpty()) {
      return Optional.empty();
    }
    Path basedir = project.getBasedir().toPath().toAbsolutePath();
    return Optional.of(basedir.resolve(resolved.get()).normalize());
  }

  /**
   * {@code value} with the expressions Maven leaves in a plugin's configuration replaced: the
   * basedir and build directory, and properties; empty when one is left.
   */
  private static Optional<String> resolve(
      String value, MavenProject project, Properties userProperties, Properties systemProperties) {
    StringBuilder resolved = new StringBuilder();
    Matcher expression = EXPRESSION.matcher(value);
    while (expression.find()) {
      String name = expression.group(1);
      String replacement =
          switch (name) {
            case "basedir", "project.basedir" -> project.getBasedir().getAbsolutePath();
            case "project.build.directory" -> project.getBuild().getDirectory();
            default -> property(name, project, userProperties, systemProperties);
          };
      if (replacement == null || replacement.contains("${")) {
        return Optional.empty();
      }
      expression.appendReplacement(resolved, Matcher.quoteReplacement(replacement));
    }
    expression.appendTail(resolved);
    return Optional.of(resolved.toString());
  }

  /** A property as a plugin parameter's {@code property} reads it: user, system, project. */
  private static String property(
      String name, MavenProject project, Properties userProperties, Properties systemProperties) {
    for (Properties properties :
        List.of(userProperties, systemProperties, project.getProperties())) {
      if (properties != null && properties.getProperty(name) != null) {
        return properties.getProperty(name);
      }
    }
    return null;
  }

  private static String value(Xpp3Dom configuration, String name) {
    Xpp3Dom child = configuration == null ? null : configuration.getChild(name);
    if (child == null || child.getValue() == null || child.getValue().isBlank()) {
      return null;
    }
    return child.getValue().strip();
  }

  /** The execution's configuration over the plugin's, as Maven merges them. */
  private static Xpp3Dom merged(Xpp3Dom execution, Xpp3Dom plugin) {
    if (execution == null) {
      return plugin;
    }
    if (plugin == null) {
      return execution;
    }
    return Xpp3Dom.mergeXpp3Dom(new Xpp3Dom(execution), new Xpp3Dom(plugin));
  }

  /**
   * The folder as its real path: the longest part that exists resolved through links, the rest
   * appended, so that folders a first build has not created yet compare too.
   */
  static Path real(Path directory) {
    Path absolute = directory.toAbsolutePath().normalize();
    Path existing = absolute;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return absolute;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(absolute)).normalize();
    } catch (IOException e) {
      return absolute;
    }
  }

  private static boolean sameModule(MavenProject a, MavenProject b) {
    return a.getGroupId().equals(b.getGroupId())
        && a.getArtifactId().equals(b.getArtifactId())
        && a.getBasedir().equals(b.getBasedir());
  }

  /** {@code groupId:artifactId}, as Maven names a module. */
  static String name(MavenProject project) {
    return project.getGroupId() + ":" + project.getArtifactId();
  }
}
