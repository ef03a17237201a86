package ai.modelplane.generator.advice;

import ai.modelplane.generator.diagnostic.DiagnosticCode;

/**
 * One piece of dated advice, always a warning.
 *
 * @param code {@code MP408} or one of the advisor's own codes ({@code MP501}-{@code MP504})
 * @param file for advice about an input, empty (the caller knows the document); for advice about
 *     the output, the generated file that carries the pin
 * @param field a JSON pointer into the input ({@code /spec/kubernetesVersion}), or the dotted path
 *     of the pin in the generated file
 * @param message what is out of date, with the date it became so and the day judged
 * @param hint what to do
 */
public record Advice(DiagnosticCode code, String file, String field, String message, String hint) {}
