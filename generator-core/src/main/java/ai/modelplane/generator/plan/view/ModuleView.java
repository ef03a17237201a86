package ai.modelplane.generator.plan.view;

/**
 * What a shared module's file reads: only the facts every cluster shares.
 *
 * @param privateEndpoint true for the cluster module of private clusters ({@code
 *     spec.endpointAccess: Private}), rendered from the same templates into a module of its own, so
 *     that the module every public cluster calls stays as it is
 */
public record ModuleView(PlatformView platform, boolean privateEndpoint) {
  public ModuleView(PlatformView platform) {
    this(platform, false);
  }
}
