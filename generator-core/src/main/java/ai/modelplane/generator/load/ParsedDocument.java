package ai.modelplane.generator.load;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One YAML document of an input, as a JSON tree with the source position of every value.
 *
 * @param index zero-based document index in its file
 * @param start where the document's content starts
 * @param trustworthy false when the reader already reported that the tree does not mean what the
 *     YAML says (aliases, tags, too deep), so later stages must not pile guesses on it
 */
public record ParsedDocument(JsonNode root, SourceMap sourceMap, int index, SourcePosition start, boolean trustworthy) {}
