package ai.modelplane.generator.advice;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Subject;

/**
 * One piece of dated advice about the generated output, always a warning.
 *
 * @param code one of the advisor's codes about the output ({@code MP502}-{@code MP504})
 * @param output the generated file that carries the pin
 * @param field the dotted path of the pin in the generated file
 * @param message what is out of date, with the date it became so and the day judged
 * @param hint what to do
 */
public record Advice(
    DiagnosticCode code,
    Subject.GeneratedOutput output,
    String field,
    String message,
    String hint) {}
