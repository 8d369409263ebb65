import { stringify } from 'yaml';
import type { Node } from '../ir/nodes.js';
import type { JsonSchema } from '../ir/schema.js';
import type { Skill } from '../ir/skill.js';
import { chainOf, localId, readLater, singleVar, type Loss } from './chain.js';
import { fieldsOf, storedName } from './stored-result.js';
import { answerName } from './write-agenticdsl.js';
import { injaToAegis, translateWritten, type Translated } from './templates.js';

/** A skill's chain as an Aegis file (docs/distribution.md, "Convert"), and what it could not carry. */
export function writeAegis(skill: Skill): { text: string; lost: Loss[] } {
  const { steps, lost, guards } = chainOf(skill);
  const fromAegis = skill.dialect === 'aegis';
  const template = (source: string): Translated =>
    fromAegis ? { ok: true, text: source } : injaToAegis(source);
  const out: string[] = [
    `# skill: ${skill.id}`,
    '',
    `**version**: ${skill.version}`,
    '',
    '## description',
    skill.description || skill.id,
    '',
    '## input_schema',
    '',
    yamlBlock(fields(skill.input, 'input_schema', lost)),
    '',
    '## output_schema',
    '',
    yamlBlock(fields(skill.output, 'output_schema', lost)),
    '',
    '## steps',
  ];
  const folded = new Set<Node>();
  for (const [i, node] of steps.entries()) {
    if (folded.has(node)) continue;
    const head = [``, `### step: ${localId(node.id)}`, ``];
    const loss = (construct: string) => lost.push({ step: node.id, construct });
    if (node.guard && !fromAegis) loss('a guard (when)');
    const guardText = node.guard && fromAegis ? node.guard.source : guards.get(node.id);
    const when = guardText !== undefined ? [`**when**: ${guardText}`] : [];
    if (node.retry || node.timeoutMs || node.continueOnError) loss('retry, timeout or continue-on-error');
    const name = singleVar(node);
    if (node.kind === 'template' && name) {
      const t = template(node.template.source);
      if (!t.ok) loss(t.why);
      out.push(
        ...head,
        '**type**: template',
        `**varName**: ${name}`,
        ...when,
        '',
        fence('template', t.ok ? t.text : node.template.source),
      );
    } else if (
      node.kind === 'assign' &&
      node.assignments.length === 1 &&
      node.assignments[0].path.length === 1
    ) {
      const written = node.assignments[0].value.written;
      const t =
        typeof written === 'string'
          ? template(written)
          : { ok: false as const, why: 'an assignment of a non-text value' };
      if (!t.ok) loss(t.why);
      out.push(
        ...head,
        '**type**: template',
        `**varName**: ${node.assignments[0].path[0]}`,
        ...when,
        '',
        fence('template', t.ok ? t.text : String(written)),
      );
    } else if (node.kind === 'llm' && name) {
      if (node.system || node.json || node.model || node.temperature !== undefined)
        loss("a model step's system prompt, JSON schema, model or temperature");
      const t = template(node.prompt.source);
      if (!t.ok) loss(t.why);
      out.push(
        ...head,
        '**type**: prompt',
        `**varName**: ${name}`,
        ...when,
        '',
        fence('prompt', t.ok ? t.text : node.prompt.source),
      );
    } else if (
      node.kind === 'tool' &&
      node.input.written !== undefined &&
      (('merge' in node.output && node.output.merge.length === 0) || storedHere(node))
    ) {
      const args = fromAegis
        ? { ok: true as const, text: '', value: node.input.written }
        : translateWritten(node.input.written, injaToAegis);
      if (!args.ok) loss(args.why);
      // A result stored under the step's name (and the fields copied out of it after): an older step.
      const stored = storedHere(node);
      const fields = stored && 'set' in node.output ? (fieldsOf(steps[i + 1], stored) ?? []) : [];
      if (fields.length) folded.add(steps[i + 1]);
      if (stored && !readLater(steps.slice(i + 1 + (fields.length ? 1 : 0)), stored))
        loss("a tool result stored under the step's name that no later step reads");
      const declared = Object.fromEntries(
        [...new Set([...(node.declares ?? []), ...fields])].map((k) => [
          k,
          skill.output.properties?.[k] ?? { type: 'string' },
        ]),
      );
      out.push(
        ...head,
        '**type**: tool',
        `**tool**: ${node.tool}`,
        ...when,
        '',
        yamlBlock({ input: args.value ?? node.input.written, output_schema: aegisFields(declared, []) }),
      );
    } else if (node.kind === 'await') {
      const t = template(node.message.source);
      if (!t.ok) loss(t.why);
      const also = answerName(node.output);
      if (also === null) loss('an answer stored at a nested path');
      out.push(
        ...head,
        '**type**: await',
        ...(also ? [`**varName**: ${also}`] : []),
        ...when,
        '',
        yamlBlock({
          message: t.ok ? t.text : node.message.source,
          input_schema: fields(node.inputSchema, node.id, lost),
        }),
      );
    } else {
      loss(node.kind === 'tool' ? 'a tool result stored under one key' : `a ${node.kind} step`);
    }
  }
  return { text: out.join('\n') + '\n', lost };
}

/**
 * The name a tool step's result is stored under when it is the step's own name, which an Aegis step
 * without varName does when later steps read it so (whole, or merged as well).
 */
function storedHere(node: Node): string | undefined {
  const name = localId(node.id);
  const stored = 'output' in node && 'set' in node.output ? node.output.set : undefined;
  if (stored?.length === 1 && stored[0] === name) return name;
  return storedName(node) === name ? name : undefined;
}

/** JSON Schema keywords Aegis writes under `validation:`, by their name there. */
const VALIDATION: Record<string, string> = {
  minimum: 'min',
  maximum: 'max',
  minLength: 'minLength',
  maxLength: 'maxLength',
  pattern: 'pattern',
  minItems: 'minItems',
  maxItems: 'maxItems',
};

/** JSON Schema keywords an Aegis field writes. */
const WRITTEN = new Set([
  'type',
  'description',
  'enum',
  'default',
  'x-label',
  'x-placeholder',
  'x-uiHint',
  'x-options',
  'x-message',
  ...Object.keys(VALIDATION),
]);

/** A schema's fields as Aegis writes them; keywords it has no attribute for are losses. */
function fields(schema: JsonSchema, where: string, lost: Loss[]): Record<string, unknown> {
  for (const [key, p] of Object.entries(schema.properties ?? {})) {
    const other = Object.keys(p).filter(
      (k) => !WRITTEN.has(k) && !(k === 'items' && (p['x-options'] !== undefined || writtenItems(p.items))),
    );
    if (other.length)
      lost.push({ step: where, construct: `the field attributes ${other.join(', ')} of ${key}` });
  }
  return aegisFields(schema.properties ?? {}, schema.required ?? []);
}

function aegisFields(
  props: Record<string, JsonSchema>,
  required: readonly string[],
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(props).map(([key, p]) => [
      key,
      {
        type: Array.isArray(p.type) ? (p.type.find((t) => t !== 'null') ?? 'string') : (p.type ?? 'string'),
        required: required.includes(key),
        ...(p.description ? { description: p.description } : {}),
        // Options give the enum (and an array's items) themselves.
        ...(p['x-options'] !== undefined ? { options: p['x-options'] } : p.enum ? { enum: p.enum } : {}),
        ...(p.default !== undefined ? { default: p.default } : {}),
        ...(p['x-options'] === undefined && writtenItems(p.items)
          ? { items: itemsField(p.items as JsonSchema) }
          : {}),
        ...validation(p),
        ...Object.fromEntries(
          (['label', 'placeholder', 'uiHint'] as const).flatMap((a) =>
            p[`x-${a}`] !== undefined ? [[a, p[`x-${a}`]]] : [],
          ),
        ),
      },
    ]),
  );
}

function yamlBlock(value: unknown): string {
  return fence('yaml', stringify(value, { lineWidth: 0 }).trimEnd());
}

function fence(lang: string, body: string): string {
  const ticks = body.includes('```') ? '````' : '```';
  return `${ticks}${lang}\n${body.replace(/\n$/, '')}\n${ticks}`;
}

/** Items Aegis can write: of one plain type (`{type: string}`), or objects of fields. */
function writtenItems(items: unknown): boolean {
  const i = items as JsonSchema | undefined;
  if (typeof i?.type !== 'string') return false;
  if (i.type === 'object' && i.properties)
    return Object.keys(i).every((k) => ['type', 'properties', 'required'].includes(k));
  return Object.keys(i).every((k) => k === 'type');
}

/** `items: {type: …}`, or the field map of object items. */
function itemsField(items: JsonSchema): unknown {
  return items.properties ? aegisFields(items.properties, items.required ?? []) : { type: items.type };
}

/** A field's `validation:` (min, max, lengths, pattern, items, message), when it has any. */
function validation(p: JsonSchema): Record<string, unknown> {
  const rules = Object.fromEntries(
    Object.entries(VALIDATION).flatMap(([keyword, name]) =>
      p[keyword] !== undefined ? [[name, p[keyword]]] : [],
    ),
  );
  if (p['x-message'] !== undefined) rules.message = p['x-message'];
  return Object.keys(rules).length ? { validation: rules } : {};
}
