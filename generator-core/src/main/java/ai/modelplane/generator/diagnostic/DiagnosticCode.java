package ai.modelplane.generator.diagnostic;

/**
 * Every stable diagnostic code, with the one-line summary the table in docs/validation.md and SARIF
 * rules show.
 */
public enum DiagnosticCode {
  MP001("input cannot be read"),
  MP002("input larger than the 256 KiB limit"),
  MP003("input is not UTF-8 text"),
  MP004("not valid YAML"),
  MP005("YAML anchors, aliases, merge keys and explicit tags are not supported"),
  MP006("YAML nested deeper than 32 levels"),
  MP007("duplicate key"),
  MP008("no AKSCluster document in the input"),
  MP009("a YAML document is not an object"),
  MP010("scalar value longer than 65536 characters"),
  MP011("invalid Unicode escape: half of a UTF-16 surrogate pair"),
  MP012(
      "symbolic link in a searched folder not followed: it points outside the folder or into a skipped one, loops, or is broken"),
  MP013("an input is the output folder, which is never read as input"),
  MP101("wrong or missing apiVersion"),
  MP102("wrong or missing kind"),
  MP103("metadata missing or not an object"),
  MP104("metadata.name missing or not a DNS-1123 subdomain"),
  MP105("metadata.namespace not a DNS-1123 label"),
  MP106("unknown metadata field"),
  MP107("invalid metadata labels or annotations"),
  MP108("YAML file in a searched folder is not a Kubernetes resource; skipped"),
  MP109("the same AKSCluster (namespace/name) is defined twice"),
  MP110(
      "upstream Modelplane or Crossplane field accepted and ignored: the generated code does not use it"),
  MP201("unknown field"),
  MP202("required field missing"),
  MP203("wrong value type"),
  MP204("value not in the allowed set"),
  MP205("value does not match the required pattern"),
  MP206("string too short or too long"),
  MP207("number out of range"),
  MP208("too few or too many list items"),
  MP209("duplicate list item or key"),
  MP210("other schema violation"),
  MP301("CRD validation rule (CEL) failed"),
  MP302("CRD validation rule (CEL) could not be evaluated"),
  MP401("GPU pool on a VM size without GPUs"),
  MP402("VM size not in the catalog, so GPU and InfiniBand facts cannot be checked"),
  MP403("InfiniBand on a VM size without InfiniBand"),
  MP404("acceleratorType contradicts the VM size's GPU"),
  MP405("value above the limit Azure sets"),
  MP406("InfiniBand pool spread over several zones"),
  MP407("zone is not 1, 2 or 3"),
  MP408("Kubernetes version outside AKS's supported window"),
  MP409("derived Azure name breaks Azure's naming rules"),
  MP410("derived pool rotation name collides with another pool"),
  MP411(
      "control, bidi or invisible (format) character in a value that reaches Azure or the generated code"),
  MP412(
      "value upstream Modelplane accepts is generated as a safe value (minNodeCount 0 on a System pool, a repeated zone)"),
  MP413("no System pool: the default pool upstream Modelplane injects is generated"),
  MP414("pool name is the name or rotation name of the injected default pool"),
  MP415("minNodeCount 0 on a GPU pool: DRA GPU pools cannot scale up from zero"),
  MP416("Kubernetes version past AKS's end of life for a new cluster"),
  MP417("Kubernetes patch version pinned under the patch upgrade channel"),
  MP418(
      "two AKSClusters of one run share an Azure name in its uniqueness scope (resource group, node resource group, cluster, VNet, deployment stack)"),
  MP419("two tag names that differ only in case, which Azure takes as one tag"),
  MP420("tag name Azure refuses: empty, longer than 512 characters, or holding < > % & \\ ? /"),
  MP421("gpuStack DRA on a Kubernetes version before 1.34, where AKS serves no DRA API"),
  MP422("gpu.migProfile on a VM size AKS does not support Multi-Instance GPU on"),
  MP430("vnet-name or subnet-name annotation together with spec.networking.subnetId"),
  MP434("maintenance.nodeOsUpgradeChannel SecurityPatch with an AzureLinux GPU pool"),
  // The lifecycle advisor's dated advice (package advice).
  MP501("Kubernetes version leaves AKS support within 60 days"),
  MP502("the output targets a Terraform provider major that a newer major has replaced"),
  MP503("an in-cluster chart or image pin is older than the version validated with the chart"),
  MP504("preview ARM API version in the Bicep output");

  private final String summary;

  DiagnosticCode(String summary) {
    this.summary = summary;
  }

  public String summary() {
    return summary;
  }
}
