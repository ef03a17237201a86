/**
 * The views templates read: records of strings, numbers, booleans and lists, holding every decision
 * the output needs, built once per run by the plan stage and shared by Terraform and Bicep. The
 * template engine wraps nothing else (see {@link
 * ai.modelplane.generator.render.ViewsOnlyObjectWrapper}), so a template cannot reach into the
 * model.
 */
package ai.modelplane.generator.plan.view;
