import { isScalar } from 'yaml';
import { compileAegisTemplate, type AegisOptions } from '../../../expr/index.js';
import type { WriteTarget } from '../../../ir/nodes.js';
import { readFields } from '../fields.js';
import { warnOlderForms } from '../older-forms.js';
import type { Reporter } from '../reporter.js';
import { deepestNodeAt } from '../../kit/yaml-block.js';
import { baseStep, warnUnknownKeys, type CompiledStep } from './compiled.js';
import type { GatheredStep } from './gather.js';

/**
 * Compiles an `await` step: pause with a message; the person's answer fills the input_schema fields. An
 * older `**varName**` also stores the whole answer under that name (as the Java engine does).
 */
export function compileAwaitStep(g: GatheredStep, report: Reporter, options: AegisOptions): CompiledStep {
  const step = baseStep(g, report);
  const name = g.doc.name;
  if (g.varName)
    report.warn(
      'older-form',
      `await step "${name}": **varName** is an older form; the answer is stored under "${g.varName.value}" as well as field by field, so read the fields by their own names`,
      g.varName.offset,
    );
  if (!g.config || !g.yaml) {
    step.opaque = Boolean(g.yamlFence);
    if (!g.yamlFence)
      report.error(
        'missing-block',
        `await step "${name}" needs a \`\`\`yaml block with message: and input_schema:`,
        g.doc.offset,
      );
    return step;
  }
  const block = g.yaml;
  warnUnknownKeys(g, ['message', 'input_schema', 'when'], report);
  const { message, input_schema } = g.config;
  if (typeof message !== 'string' || !message.trim())
    report.error(
      'missing-message',
      `await step "${name}" needs message: (the text shown to the person)`,
      block.base,
    );
  if (input_schema === undefined || input_schema === null)
    report.error(
      'missing-input-schema',
      `await step "${name}" needs input_schema: (the fields the person fills in)`,
      block.base,
    );
  if (typeof message !== 'string' || input_schema === undefined || input_schema === null) return step;

  const fields = readFields(
    block,
    ['input_schema'],
    input_schema,
    `await step "${name}" input_schema`,
    report,
  );
  for (const f of fields.names)
    step.defines.push({ name: f.name, offset: f.offset, schema: fields.schema.properties?.[f.name] });
  if (g.varName)
    step.defines.push({ name: g.varName.value, offset: g.varName.valueOffset, schema: fields.schema });

  const node = deepestNodeAt(block, ['message']);
  const offset =
    block.base +
    messageStart(node?.range?.[0] ?? 0, isScalar(node) ? node.type : undefined, g.yamlFence!.content);
  const compiled = compileAegisTemplate(message.replace(/\n$/, ''), report.ref(offset), options);
  if (!compiled.ok) {
    report.error(
      'bad-template',
      `await step "${name}" message: ${compiled.message}`,
      offset + compiled.offset,
      offset + compiled.offset + compiled.length,
    );
    return step;
  }
  warnOlderForms(compiled.value.olderForms, offset, name, report);
  step.reads.push({ refs: compiled.value.refs, loops: compiled.value.loops, offset });
  const output: WriteTarget = g.varName
    ? { all: [{ merge: [] }, { set: [g.varName.value] }] }
    : { merge: [] };
  step.node = {
    kind: 'await',
    id: name,
    at: step.at,
    guard: g.guard,
    message: compiled.value,
    inputSchema: fields.schema,
    output,
  };
  return step;
}

/** Where a scalar's text starts: after its quote, or on the line after a block scalar's `|`. */
function messageStart(start: number, type: string | undefined, content: string): number {
  if (type === 'QUOTE_DOUBLE' || type === 'QUOTE_SINGLE') return start + 1;
  if (type !== 'BLOCK_LITERAL' && type !== 'BLOCK_FOLDED') return start;
  let at = content.indexOf('\n', start) + 1;
  if (at === 0) return start;
  while (content[at] === ' ') at++;
  return at;
}
