import type { Diagnostic } from '../../ir/diagnostic.js';
import { SourceText } from '../../ir/source.js';
import type { EngineDiagnosticCode } from './codes.js';
import { parseYamlValue } from '../kit/read-yaml.js';

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * SKILL.md: the prompt and business rules, read as is. A frontmatter (as in Agent Skills) is left out of
 * the prompt; a `name` in it that differs from skill.meta.json's is reported.
 */
export function readSkillMd(file: string, text: string, name: string | undefined, out: Diagnostic[]): string {
  const src = new SourceText(file, text);
  const front = FRONTMATTER.exec(text);
  let body = text;
  if (front) {
    body = text.slice(front[0].length);
    const read = parseYamlValue(front[1]);
    const fields = 'value' in read ? read.value : undefined;
    if ('problem' in read) {
      const at = front[0].indexOf(front[1]);
      out.push(
        src.diagnostic(
          'warning',
          'engine/bad-frontmatter' satisfies EngineDiagnosticCode,
          `the frontmatter of SKILL.md is not valid YAML (${read.problem.message}); it is left out of the prompt`,
          at + read.problem.start,
          at + read.problem.end,
        ),
      );
    }
    const own = (fields as { name?: unknown } | null)?.name;
    if (name && typeof own === 'string' && own !== name)
      out.push(
        src.diagnostic(
          'warning',
          'engine/name-mismatch' satisfies EngineDiagnosticCode,
          `SKILL.md names the skill "${own}", but skill.meta.json names it "${name}"; make them the same`,
          0,
          front[0].length,
        ),
      );
  }
  if (!body.trim())
    out.push(
      src.diagnostic(
        'warning',
        'engine/empty-skill-md' satisfies EngineDiagnosticCode,
        'SKILL.md has no text; write the instructions and business rules the model must follow',
        0,
      ),
    );
  return body.trim();
}
