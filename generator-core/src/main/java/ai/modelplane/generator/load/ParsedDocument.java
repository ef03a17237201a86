package ai.modelplane.generator.load;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One YAML document of an input, as a JSON tree with the source position of every value.
 *
 * @param index zero-based document index in its file
 * @param start where the document's content starts
 */
public record ParsedDocument(JsonNode root, SourceMap sourceMap, int index, SourcePosition start) {}
