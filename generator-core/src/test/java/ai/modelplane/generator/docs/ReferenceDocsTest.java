package ai.modelplane.generator.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.load.CrdSchema;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/akscluster.md and explain are derived from the CRD, and the committed file is current. */
class ReferenceDocsTest {
  private static final Path COMMITTED = Path.of("..").resolve(ReferenceMarkdown.FILE);
  private static final String REGENERATE =
      "./mvnw -q -B -pl generator-core -am test -Dtest=ReferenceDocsTest -Dsurefire.failIfNoSpecifiedTests=false -Dmodelplane.regenerateDocs=true";

  @Test
  void committedReferenceIsCurrent() throws IOException {
    String generated = ReferenceMarkdown.render(new FieldReference(CrdSchema.bundled()));
    if (Boolean.getBoolean("modelplane.regenerateDocs")) {
      Files.writeString(COMMITTED, generated, StandardCharsets.UTF_8);
    }
    String committed =
        Files.exists(COMMITTED) ? Files.readString(COMMITTED, StandardCharsets.UTF_8) : "";
    assertEquals(
        generated,
        committed,
        ReferenceMarkdown.FILE
            + " is stale: the CRD, the property table or the change facts changed. Regenerate it"
            + " with: "
            + REGENERATE);
  }

  @Test
  void explainShowsTheCrdThenTheTargetsAndWhatAChangeDoesInEach() {
    FieldDoc disk =
        new FieldReference(CrdSchema.bundled()).find("spec.nodePools.diskSizeGb").orElseThrow();
    assertEquals(
        """
        KIND:     AKSCluster
        VERSION:  infrastructure.modelplane.ai/v1alpha1

        FIELD:    diskSizeGb <integer>
        PATH:     spec.nodePools[].diskSizeGb
        REQUIRED: no
        DEFAULT:  100
        BOUNDS:   10 to 65536; Azure allows at most 2048 (MP405)

        DESCRIPTION:
            Size of each node's OS disk in GB.

        TARGETS:
            Terraform  os_disk_size_gb
            Bicep      osDiskSizeGB
            drift      compared exactly
            import     the live value

        ON CHANGE:
            diskSizeGb
              terraform  pool-recreated: azurerm cycles the pool through its temporary
                         pool (temporary_name_for_rotation), without cordon and drain:
                         every node is replaced and pods are evicted when the old nodes
                         are deleted; the Terraform resource is updated, not replaced,
                         and quota for both pools is needed meanwhile
              bicep      refused: the OS disk size cannot change after the pool is
                         created: AKS rejects the update
        """,
        ExplainText.render(disk));
  }

  @Test
  void explainAcceptsIndexesAndTheResourceName() {
    FieldReference reference = new FieldReference(CrdSchema.bundled());
    assertEquals(
        "spec.nodePools[].name",
        reference.find("akscluster.spec.nodePools[0].name").orElseThrow().path());
    assertEquals(
        "spec.nodePools[].gpu.acceleratorType",
        reference.find("aks.spec.nodePools[].gpu.acceleratorType").orElseThrow().path());
    assertTrue(reference.find("spec.nodePools.colour").isEmpty());
  }

  @Test
  void explainAndDocsFollowAModifiedCrd() throws IOException {
    String crd;
    try (InputStream in =
        CrdSchema.class.getClassLoader().getResourceAsStream(CrdSchema.RESOURCE)) {
      crd = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String modified =
        crd.replace(
                "maximum: 65536\n                        default: 100",
                "maximum: 2048\n                        default: 128")
            .replace(
                "description: Size of each node's OS disk in GB.",
                "description: OS disk size in GiB, at most 2048 for AKS.");
    CrdSchema changed =
        CrdSchema.parse(new ByteArrayInputStream(modified.getBytes(StandardCharsets.UTF_8)));
    FieldReference reference = new FieldReference(changed);
    assertEquals(
        """
        KIND:     AKSCluster
        VERSION:  infrastructure.modelplane.ai/v1alpha1

        FIELD:    diskSizeGb <integer>
        PATH:     spec.nodePools[].diskSizeGb
        REQUIRED: no
        DEFAULT:  128
        BOUNDS:   10 to 2048

        DESCRIPTION:
            OS disk size in GiB, at most 2048 for AKS.

        TARGETS:
            Terraform  os_disk_size_gb
            Bicep      osDiskSizeGB
            drift      compared exactly
            import     the live value

        ON CHANGE:
            diskSizeGb
              terraform  pool-recreated: azurerm cycles the pool through its temporary
                         pool (temporary_name_for_rotation), without cordon and drain:
                         every node is replaced and pods are evicted when the old nodes
                         are deleted; the Terraform resource is updated, not replaced,
                         and quota for both pools is needed meanwhile
              bicep      refused: the OS disk size cannot change after the pool is
                         created: AKS rejects the update
        """,
        ExplainText.render(reference.find("spec.nodePools.diskSizeGb").orElseThrow()));
    String docs = ReferenceMarkdown.render(reference);
    assertTrue(
        docs.contains(
            """
        ### `spec.nodePools[].diskSizeGb`

        | type | required | default | bounds |
        | --- | --- | --- | --- |
        | `integer` | no | `128` | 10 to 2048 |

        OS disk size in GiB, at most 2048 for AKS.
        """),
        docs);
    assertTrue(!docs.equals(ReferenceMarkdown.render(new FieldReference(CrdSchema.bundled()))));
  }

  @Test
  void rulesAndEnumsComeFromTheCrd() {
    FieldDoc fabric =
        new FieldReference(CrdSchema.bundled()).find("spec.nodePools.fabric").orElseThrow();
    assertEquals(java.util.List.of("None", "InfiniBand"), fabric.enumValues());
    assertEquals(
        java.util.List.of("fabric InfiniBand is only allowed on GPU pools"), fabric.rules());
    FieldDoc top = new FieldReference(CrdSchema.bundled()).root();
    assertEquals(
        java.util.List.of("apiVersion", "kind", "metadata", "spec", "status"),
        top.children().stream().map(FieldDoc::name).toList());
  }
}
