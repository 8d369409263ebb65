import type { Graph } from '../../ir/graph.js';
import type { Node } from '../../ir/nodes.js';
import type { JsonSchema } from '../../ir/schema.js';
import type { Skill } from '../../ir/skill.js';
import { cut } from '../../tokens/index.js';

const SNIPPET = 240;
const BODY_BUDGET = 6000;

/**
 * What the IR says about a skill, as Markdown for the model that writes its SKILL.md: identity, the
 * input and output fields from the schemas, the steps of the graph in order, examples when the skill
 * carries some, and the text of a document skill.
 */
export function skillFacts(skill: Skill): string {
  const out = [
    `Skill id: ${skill.id}`,
    `Version: ${skill.version}`,
    `Written in: ${skill.dialect}`,
    `Description: ${skill.description || '(none)'}`,
  ];
  if (skill.tags.length) out.push(`Tags: ${skill.tags.join(', ')}`);
  out.push('', '## Input fields', ...fields(skill.input), '', '## Output fields', ...fields(skill.output));
  if (skill.graph) out.push('', '## Steps, in order', ...steps(skill.graph));
  const examples = skill.meta?.examples;
  if (Array.isArray(examples) && examples.length)
    out.push('', '## Examples', ...examples.map((e) => `- ${JSON.stringify(e)}`));
  if (skill.doc) out.push('', '## Its current documentation', cut(skill.doc.body, BODY_BUDGET).text);
  return out.join('\n');
}

/** The names of a schema's top-level fields. */
export function fieldNames(schema: JsonSchema): string[] {
  return Object.keys(schema.properties ?? {});
}

function fields(schema: JsonSchema): string[] {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const names = Object.keys(props);
  if (!names.length) return ['(none declared)'];
  return names.map((name) => {
    const p = props[name];
    const bits = [typeOf(p), required.has(name) ? 'required' : 'optional'];
    if (p.enum) bits.push(`one of ${p.enum.map((v) => JSON.stringify(v)).join(', ')}`);
    if (p.default !== undefined) bits.push(`default ${JSON.stringify(p.default)}`);
    return `- \`${name}\` (${bits.join(', ')})${p.description ? `: ${p.description}` : ''}`;
  });
}

function typeOf(schema: JsonSchema): string {
  const t = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  if (t === 'array' && schema.items) return `array of ${typeOf(schema.items)}`;
  if (t === 'object' && schema.properties) return `object with ${Object.keys(schema.properties).join(', ')}`;
  return t;
}

/** The nodes in the order they run (edges followed from the entry), then any left over. */
function steps(graph: Graph): string[] {
  const order: Node[] = [];
  const seen = new Set<string>();
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const queue = [graph.entry];
  while (queue.length) {
    const id = queue.shift()!;
    const node = byId.get(id);
    if (!node || seen.has(id)) continue;
    seen.add(id);
    order.push(node);
    for (const e of graph.edges) if (e.from === id) queue.push(e.to);
  }
  for (const n of graph.nodes) if (!seen.has(n.id)) order.push(n);
  return order
    .filter((n) => n.kind !== 'end')
    .map((n, i) => `${i + 1}. ${describe(n)}${n.guard ? ` (only when ${n.guard.source})` : ''}`);
}

function describe(node: Node): string {
  switch (node.kind) {
    case 'template':
      return `${node.id}: renders text: ${snippet(node.template.source)}`;
    case 'llm':
      return `${node.id}: asks a model${node.json ? ' for JSON' : ''}: ${snippet(node.prompt.source)}`;
    case 'tool':
      return `${node.id}: calls the tool \`${node.tool}\``;
    case 'await':
      return `${node.id}: waits for a person (${fieldNames(node.inputSchema).join(', ') || 'an answer'}): ${snippet(node.message.source)}`;
    case 'assign':
      return `${node.id}: sets ${node.assignments.map((a) => a.path.join('.')).join(', ')}`;
    case 'code':
      return `${node.id}: runs ${node.code.language} code${node.code.file ? ` from ${node.code.file}` : ''} (${node.code.entry})`;
    case 'call':
      return `${node.id}: runs ${'skill' in node.target ? `the skill ${node.target.skill}` : `the subgraph ${node.target.graph}`}`;
    case 'route':
      return `${node.id}: chooses the next step among ${Object.keys(node.targets).join(', ')}`;
    case 'agent':
      return `${node.id}: an agent${node.tools.length ? ` with the tools ${node.tools.join(', ')}` : ''}: ${snippet(node.prompt.source)}`;
    case 'end':
      return `${node.id}: returns the output`;
  }
}

function snippet(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > SNIPPET ? `${t.slice(0, SNIPPET)}…` : t;
}
