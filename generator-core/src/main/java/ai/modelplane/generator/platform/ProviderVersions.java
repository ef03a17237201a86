package ai.modelplane.generator.platform;

/**
 * The Terraform and provider version constraints every generated {@code terraform.tf} pins. Each
 * lower bound is the first release that has every argument the templates use; each upper bound is
 * the next major, whose breaking changes have not been reviewed.
 */
public final class ProviderVersions {
  /**
   * Terraform itself: {@code postcondition}, optional object attributes and provider-defined
   * functions are older. 1.9.3 is the first release that does not refresh an object a {@code
   * removed} block forgets (hashicorp/terraform v1.9.3
   * internal/terraform/node_resource_plan_orphan.go l.146, CHANGELOG 1.9.3, #35458): an in-cluster
   * root that switched endpointAccess forgets objects whose providers it cannot reach or does not
   * configure.
   */
  public static final String TERRAFORM = ">= 1.9.3";

  /**
   * The 5.x line (5.0.0 shipped 2026-07-27; 4.x ended at 4.81.0). 5.2.0 is the release the output
   * is checked against: its source (hashicorp/terraform-provider-azurerm v5.2.0, the ForceNew rows
   * of docs/facts/azurerm-forcenew.tsv) and its schema ({@code @cdktn/provider-azurerm} 18.2.0).
   * 5.x requires {@code node_provisioning_profile} on the cluster ({@code
   * kubernetes_cluster_resource.go} l.1725–1746) and registers no resource provider unless told
   * ({@code website/docs/guides/5.0-upgrade-guide.html.markdown} l.52).
   */
  public static final String AZURERM = "~> 5.2";

  /**
   * The {@code kubernetes = { ... }} attribute syntax and {@code set = [...]} lists are 3.x only;
   * {@code upgrade_install}, which adopts a release another root installed, arrived in 3.1.0.
   */
  public static final String HELM = "~> 3.1";

  /**
   * {@code kubernetes_storage_class_v1} and {@code kubernetes_namespace_v1}, unchanged from 2.38.0
   * to 3.2.1 but for the deprecation of their unversioned aliases (hashicorp/terraform-provider-
   * kubernetes v3.2.1 {@code kubernetes/provider.go}); checked against the 3.2.1 source and the
   * 3.4.0 schema.
   */
  public static final String KUBERNETES = "~> 3.2";

  /**
   * One azapi pin for every root. {@code ignore_not_found} and {@code exists} on the {@code
   * azapi_resource} data source (the feature check, the in-cluster roots' cluster read) arrived in
   * 2.7.0; a private cluster's in-cluster root needs 2.9.0, where {@code azapi_resource_action}
   * with {@code when = "destroy"} keeps an updated body in state (Azure/terraform-provider-azapi
   * 5e5dda1b, #1037; 2.7.0 and 2.8.0 leave the old state, so the next plan fails as inconsistent),
   * and a public one forgets those actions after a Private to Public switch.
   */
  public static final String AZAPI = "~> 2.9";

  /**
   * Terraform for the in-cluster root of a private Entra ID cluster only, whose run commands carry
   * a token in a write-only argument from an ephemeral variable: ephemeral input variables arrived
   * in 1.10 (hashicorp/terraform v1.10.0 {@code CHANGELOG.md} l.5), write-only arguments in 1.11
   * (v1.11.0 {@code CHANGELOG.md} l.6; public beta, {@code
   * website/docs/language/resources/ephemeral/write-only.mdx} l.12). Every other root keeps {@link
   * #TERRAFORM}.
   */
  public static final String TERRAFORM_WRITE_ONLY = ">= 1.11";

  /**
   * azapi for that same root only: {@code sensitive_body} and {@code sensitive_body_version} on
   * {@code azapi_resource_action} arrived in 2.11.0 (Azure/terraform-provider-azapi v2.11.0 {@code
   * CHANGELOG.md} l.5; {@code internal/services/azapi_resource_action_resource.go} l.178-188;
   * neither is in v2.10.0 or v2.9.0). A pin of its own so that no other root's lock file has to
   * move.
   */
  public static final String AZAPI_SENSITIVE_BODY = "~> 2.11";

  private ProviderVersions() {}
}
