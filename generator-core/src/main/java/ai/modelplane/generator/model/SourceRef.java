package ai.modelplane.generator.model;

/**
 * Where a document was read from.
 *
 * @param displayPath the path as the user gave it (relative paths stay relative), or {@code
 *     <stdin>}
 * @param documentIndex zero-based index of the YAML document inside the file
 * @param line one-based line where the document starts
 */
public record SourceRef(String displayPath, int documentIndex, int line) {}
