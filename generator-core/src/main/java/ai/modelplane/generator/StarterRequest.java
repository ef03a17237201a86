package ai.modelplane.generator;

/**
 * The starter AKSCluster of {@code modelplane init}.
 *
 * @param name metadata.name
 * @param namespace metadata.namespace
 * @param location spec.location
 * @param gpu whether to add a GPU pool
 * @param schemaLocation where editors find the editor JSON Schema
 * @param displayPath how findings name the file ({@code <stdin>} for standard output)
 */
public record StarterRequest(
    String name,
    String namespace,
    String location,
    boolean gpu,
    String schemaLocation,
    String displayPath) {}
