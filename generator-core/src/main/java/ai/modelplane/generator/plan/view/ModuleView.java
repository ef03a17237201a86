package ai.modelplane.generator.plan.view;

/** What a shared module's file reads: only the facts every cluster shares. */
public record ModuleView(PlatformView platform) {}
