package ai.modelplane.generator.advice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Subject.GeneratedOutput;
import ai.modelplane.generator.load.SupportCalendarClock;
import ai.modelplane.generator.platform.NicClusterPolicySpec;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.text.VersionOrder;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The advisor's judgements against the bundled pin facts, each on a fixed day. */
class LifecycleAdvisorTest {
  private static LifecycleAdvisor on(String day) {
    return LifecycleAdvisor.bundled(SupportCalendarClock.on(LocalDate.parse(day)));
  }

  @Test
  void theOutputsOwnProviderPinsAreOnTheCurrentMajors() {
    assertEquals(
        List.of(),
        on("2026-12-01").output(OutputPins.current(), false).stream()
            .filter(a -> a.code().equals(DiagnosticCode.MP502))
            .toList());
  }

  @Test
  void theProviderMajorsANewerMajorReplacedAreNamedFromTheirReleaseDay() {
    // The pins the output carried before the move to azurerm 5.x and kubernetes 3.x.
    GeneratedOutput root = GeneratedOutput.ofEveryCluster("Terraform", "terraform/terraform.tf");
    OutputPins fourX =
        new OutputPins(
            List.of(
                new OutputPins.Pin(
                    "hashicorp/azurerm",
                    "~> 4.68",
                    root,
                    "terraform.required_providers.azurerm.version"),
                new OutputPins.Pin(
                    "hashicorp/kubernetes",
                    "~> 2.38",
                    GeneratedOutput.ofEveryCluster(
                        "Terraform", "terraform/in-cluster/terraform.tf"),
                    "terraform.required_providers.kubernetes.version")),
            List.of(),
            List.of());
    List<Advice> advice = on("2026-12-01").output(fourX, false);

    List<String> majors =
        advice.stream()
            .filter(a -> a.code().equals(DiagnosticCode.MP502))
            .map(Advice::field)
            .toList();
    assertEquals(
        List.of(
            "terraform.required_providers.azurerm.version",
            "terraform.required_providers.kubernetes.version"),
        majors);
    Advice azurerm = advice.get(0);
    assertEquals(
        "the generated Terraform pins hashicorp/azurerm \"~> 4.68\" (major 4); major 5 has been released since 2026-07-27"
            + " (as of 2026-12-01)",
        azurerm.message());
    assertEquals(root, azurerm.output());
    // Before azurerm 5.0.0 shipped only the kubernetes provider's 3.x is news; before that,
    // nothing.
    assertEquals(
        List.of("terraform.required_providers.kubernetes.version"),
        on("2026-07-26").output(fourX, false).stream().map(Advice::field).toList());
    assertEquals(List.of(), on("2025-12-02").output(fourX, false));
  }

  @Test
  void inClusterPinsOlderThanTheValidatedOnesAreNamedOnlyWhenInstalled() {
    OutputPins old =
        new OutputPins(
            List.of(),
            List.of(
                new OutputPins.Pin(
                    "doca-driver image",
                    "doca3.2.0-25.10-1.2.8.0-2",
                    GeneratedOutput.shared("Terraform", "policy.yaml"),
                    "spec.ofedDriver.version")),
            List.of());

    Advice advice = on("2026-12-01").output(old, true).get(0);
    assertEquals(DiagnosticCode.MP503, advice.code());
    assertTrue(
        advice
            .message()
            .startsWith(
                "the output pins doca-driver image doca3.2.0-25.10-1.2.8.0-2, older than"
                    + " doca3.4.0-26.04-0.8.6.0-0, validated since 2026-06-04 ("),
        advice.message());
    assertEquals(List.of(), on("2026-12-01").output(old, false));
    assertEquals(List.of(), on("2026-06-03").output(old, true));
  }

  @Test
  void theCurrentInClusterPinsAreTheValidatedOnes() {
    // The decision recorded in the network-operator module README: the operator release's own
    // components.
    assertEquals(
        List.of(),
        on("2026-12-01").output(OutputPins.current(), true).stream()
            .filter(a -> a.code().equals(DiagnosticCode.MP503))
            .toList());
    assertEquals("26.4.0", Platform.NETWORK_OPERATOR_VERSION);
    assertEquals("doca3.4.0-26.04-0.8.6.0-0", NicClusterPolicySpec.DRIVER_VERSION);
  }

  @Test
  void previewApiVersionsAreNamed() {
    OutputPins preview =
        new OutputPins(
            List.of(),
            List.of(),
            List.of(
                new OutputPins.Pin(
                    "Microsoft.ContainerService/managedClusters",
                    "2026-06-02-preview",
                    GeneratedOutput.shared("Bicep", "cluster.bicep"),
                    "resource.apiVersion"),
                new OutputPins.Pin(
                    "Microsoft.Network/virtualNetworks",
                    "2025-09-01",
                    GeneratedOutput.shared("Bicep", "network.bicep"),
                    "resource.apiVersion")));

    List<Advice> advice = on("2026-12-01").output(preview, false);
    assertEquals(List.of(DiagnosticCode.MP504), advice.stream().map(Advice::code).toList());
    assertTrue(
        advice
            .get(0)
            .message()
            .startsWith(
                "Microsoft.ContainerService/managedClusters@2026-06-02-preview is a preview API version"));
    assertEquals(
        List.of(),
        on("2026-12-01").output(OutputPins.current(), false).stream()
            .filter(a -> a.code().equals(DiagnosticCode.MP504))
            .toList());
  }

  @Test
  void versionsCompareByTheirNumbers() {
    assertTrue(VersionOrder.compare("doca3.2.0-25.10-1.2.8.0-2", "doca3.4.0-26.04-0.8.6.0-0") < 0);
    assertTrue(VersionOrder.compare("network-operator-v25.10.0", "network-operator-v26.4.0") < 0);
    assertTrue(VersionOrder.compare("26.4.0", "26.4") > 0);
    assertEquals(0, VersionOrder.compare("26.4.0", "26.4.0"));
    assertEquals(Optional.of(4), LifecycleAdvisor.constrainedMajor("~> 4.68"));
    assertEquals(Optional.empty(), LifecycleAdvisor.constrainedMajor(">= 1.9.0"));
  }
}
