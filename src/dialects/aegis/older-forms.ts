import type { OlderForm } from '../../expr/index.js';
import type { Reporter } from './reporter.js';

/** Warns about the older forms a template or expression used; `base` is the file offset of its text. */
export function warnOlderForms(
  forms: readonly OlderForm[],
  base: number,
  step: string,
  report: Reporter,
): void {
  for (const f of forms) {
    if (f.kind === 'section')
      report.warn(
        'older-form',
        `step "${step}": ${f.text} is a section of the older JMustache engine; it renders its text only when the value is set and not empty (Aegis templates have no conditions now: move the text to a step with **when**)`,
        base + f.start,
        base + f.end,
      );
    else
      report.warn(
        'older-form',
        `step "${step}": {{${f.text}.value}} / {{${f.text}.output}} is an older form for the result of step "${f.text}"; give that step a **varName** and read it by that name`,
        base + f.start,
        base + f.end,
      );
  }
}
