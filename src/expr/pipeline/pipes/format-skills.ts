import type { ExprFunction } from '../../compile/semantics.js';
import { isRecord } from '../../compile/properties.js';
import { formatValue } from '../../format.js';
import { isMissing } from './missing.js';

/**
 * `skills | format_skills`: a list of skills (`name`, `description`, `category`, optional `input` of
 * field → `{type, description, required}`) as Markdown lines, as OpenEvo's prompts use it.
 */
export const formatSkills: ExprFunction = {
  arity: [1, 1],
  call([skills]) {
    if (isMissing(skills)) return '';
    if (!Array.isArray(skills)) return formatValue(skills);
    return skills.map((s) => (isRecord(s) ? skillLine(s) : `- ${formatValue(s)}`)).join('\n');
  },
};

function skillLine(s: Readonly<Record<string, unknown>>): string {
  let line = `- **${formatValue(s.name)}** [${formatValue(s.category)}]: ${formatValue(s.description)}`;
  if (isRecord(s.input) && Object.keys(s.input).length) {
    const fields = Object.entries(s.input).map(([key, info]) => {
      const field = isRecord(info) ? info : {};
      const description = field.description ? ` — ${formatValue(field.description)}` : '';
      return `${key}(${formatValue(field.type)}, ${field.required ? '必填' : '可选'})${description}`;
    });
    line += `\n  输入: ${fields.join('; ')}`;
  }
  return line;
}
