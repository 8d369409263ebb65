import type { Reporter } from '../reporter.js';
import type { GatheredStep } from './gather.js';

/**
 * The type of a step written without `**type**` (older files), inferred as the Java engine does: a
 * `**tool**` makes a tool step, a prompt block a prompt, a template block a template, a yaml block with
 * `message` and `input_schema` an await step. Warns with the line to add; undefined (with an error) when
 * nothing tells.
 */
export function inferType(g: GatheredStep, report: Reporter): string | undefined {
  const { name, offset } = g.doc;
  const type = g.tool
    ? 'tool'
    : g.prompt
      ? 'prompt'
      : g.template
        ? 'template'
        : g.config && 'message' in g.config && 'input_schema' in g.config
          ? 'await'
          : undefined;
  if (!type) {
    report.error(
      'missing-type',
      `step "${name}" has no **type**; add **type**: tool, prompt, template or await`,
      offset,
    );
    return undefined;
  }
  const why =
    type === 'tool'
      ? 'it names a **tool**'
      : type === 'await'
        ? 'its yaml block has message and input_schema'
        : `it has a \`\`\`${type} block`;
  report.warn(
    'older-form',
    `step "${name}" has no **type**, an older form; it is read as ${type === 'await' ? 'an' : 'a'} ${type} step because ${why}: write **type**: ${type}`,
    offset,
  );
  return type;
}
