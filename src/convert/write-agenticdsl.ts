import { stringify } from 'yaml';
import type { Node, WriteTarget } from '../ir/nodes.js';
import type { Skill } from '../ir/skill.js';
import { chainOf, localId, readsOfResult, singleVar, storedByName, type Loss } from './chain.js';
import { AWAIT_TOOL } from '../dialects/agenticdsl/index.js';
import { guardRoute } from './guards.js';
import { fieldsNode, storedName } from './stored-result.js';
import { aegisToInja, translateWritten, type Translated } from './templates.js';

/** A skill's chain as an AgenticDSL file: `/__meta__` and one `/main` subgraph; what it could not carry. */
export function writeAgenticDsl(skill: Skill): { text: string; lost: Loss[] } {
  const { steps, end, lost } = chainOf(skill);
  const fromInja = skill.dialect === 'agenticdsl';
  const results = storedByName(steps);
  const template = (source: string): Translated =>
    fromInja ? { ok: true, text: source } : aegisToInja(source, results);
  const nodes: Record<string, unknown>[] = [];
  const codelets: { path: string; code: string }[] = [];
  for (const node of steps) {
    const loss = (construct: string) => lost.push({ step: node.id, construct });
    const guarded = node.guard && guardRoute(node.guard, localId(node.id), skill.dialect, results);
    if (guarded && 'why' in guarded) loss(guarded.why);
    const route = guarded && !('why' in guarded) ? guarded : undefined;
    const nodesBefore = nodes.length;
    if (route) codelets.push({ path: route.codelet, code: route.code });
    if (node.timeoutMs || node.continueOnError) loss('a timeout or continue-on-error');
    const name = singleVar(node);
    const id = localId(node.id);
    if (node.kind === 'template' && name) {
      const t = template(node.template.source);
      if (!t.ok) loss(t.why);
      nodes.push({ id, type: 'assign', assign: { [name]: t.ok ? t.text : node.template.source } });
    } else if (node.kind === 'assign' && node.assignments.every((a) => typeof a.value.written === 'string')) {
      nodes.push({
        id,
        type: 'assign',
        assign: Object.fromEntries(node.assignments.map((a) => [a.path.join('.'), a.value.written])),
      });
    } else if (node.kind === 'llm' && name) {
      if (node.system || node.json || node.temperature !== undefined)
        loss("a model step's system prompt, JSON schema or temperature");
      const t = template(node.prompt.source);
      if (!t.ok) loss(t.why);
      nodes.push({
        id,
        type: 'llm_call',
        prompt_template: t.ok ? t.text : node.prompt.source,
        ...(node.model ? { model: node.model } : {}),
        output_keys: [name],
      });
    } else if (node.kind === 'tool' && node.input.written !== undefined) {
      const args = fromInja
        ? { ok: true as const, text: '', value: node.input.written }
        : translateWritten(node.input.written, template);
      if (!args.ok) loss(args.why);
      const declared = [
        ...new Set(node.declares?.length ? node.declares : readsOfResult(skill, steps, end, node)),
      ];
      const stored = storedName(node);
      const keys = stored ? [stored] : 'merge' in node.output ? mergeKeys(declared) : outputKey(node);
      if ('merge' in node.output && !declared.length)
        loss('a tool result merged into the context without declared keys');
      if (!stored && !('merge' in node.output) && !keys.length) loss('a tool result stored at a nested path');
      // Merged and stored under the step's name: stored, then the fields read later copied out of it.
      const copied = declared.filter((k) => k !== stored);
      const fields = stored && copied.length ? fieldsNode(stored, copied) : undefined;
      if (fields && 'why' in fields) loss(fields.why);
      nodes.push({
        id,
        type: 'tool_call',
        tool: node.tool,
        arguments: args.value ?? node.input.written,
        ...(keys.length ? { output_keys: keys } : {}),
        ...(node.retry ? { retry: node.retry.max } : {}),
      });
      if (fields && !('why' in fields)) nodes.push(fields);
    } else if (node.kind === 'await') {
      // A pause for a person: a call of the tool that asks one (Skein reads it back as an await).
      const also = answerName(node.output);
      if (also === null) loss('an answer stored at a nested path');
      const t = template(node.message.source);
      if (!t.ok) loss(t.why);
      nodes.push({
        id,
        type: 'tool_call',
        tool: AWAIT_TOOL,
        arguments: { message: t.ok ? t.text : node.message.source, input_schema: node.inputSchema },
        ...(also ? { output_keys: [also] } : {}),
      });
    } else {
      loss(`a ${node.kind} step`);
    }
    if (route && nodes.length > nodesBefore)
      nodes.splice(nodesBefore, 0, {
        id: route.id,
        type: 'dynamic_next',
        resolver: route.codelet,
        guards: nodes.length - nodesBefore,
      });
  }
  const ids = nodes.map((n) => n.id as string);
  const chain = ['start', ...ids, 'end'];
  // A guard's route chooses its step, or the node after the step's nodes (the step is skipped).
  const skip = (i: number) => chain[i + 2 + (nodes[i].guards as number)];
  const nextOf = (i: number) => (nodes[i].guards ? [chain[i + 2], skip(i)] : [chain[i + 2]]);
  for (const c of codelets) {
    const i = nodes.findIndex((n) => n.resolver === c.path);
    c.code = c.code.replace('[NEXT]', JSON.stringify([skip(i)]));
  }
  const outputKeys = Object.keys(skill.output.properties ?? {});
  const main = {
    graph_type: 'subgraph',
    entry: 'start',
    nodes: [
      { id: 'start', type: 'start', next: [chain[1]] },
      ...nodes.map(({ guards: _, ...n }, i) => ({ ...n, next: nextOf(i) })),
      { id: 'end', type: 'end', ...(outputKeys.length ? { output_keys: outputKeys } : {}) },
    ],
  };
  const meta = {
    name: skill.id,
    version: skill.version,
    ...(skill.description ? { description: skill.description } : {}),
    ...(skill.tags.length ? { tags: [...skill.tags] } : {}),
    input_schema: skill.input,
    ...(Object.keys(skill.output.properties ?? {}).length ? { output_schema: skill.output } : {}),
  };
  const text = [
    block('/__meta__', meta),
    block('/main', main),
    ...codelets.map((c) => block(c.path, { type: 'codelet', runtime: 'python3.10', code: c.code })),
  ].join('\n');
  return { text, lost };
}

/** A merged result's `output_keys`: one key is written [k, k] (several keys mean "merge the fields"). */
function mergeKeys(declared: readonly string[]): string[] {
  return declared.length === 1 ? [declared[0], declared[0]] : [...declared];
}

/** The one key a result stored whole goes to, as `output_keys`; none for a nested path. */
function outputKey(node: Node): string[] {
  const name = singleVar(node);
  return name ? [name] : [];
}

/** The name a person's answer is also stored under (older **varName**): undefined if none, null if not one name. */
export function answerName(output: WriteTarget): string | undefined | null {
  if ('merge' in output && output.merge.length === 0) return undefined;
  if (!('all' in output) || output.all.length !== 2 || !('merge' in output.all[0])) return null;
  const byName = output.all[1];
  return 'set' in byName && byName.set.length === 1 ? byName.set[0] : null;
}

function block(path: string, value: unknown): string {
  return [
    `### AgenticDSL \`${path}\``,
    '',
    '```yaml',
    '# --- BEGIN AgenticDSL ---',
    stringify(value, { lineWidth: 0 }).trimEnd(),
    '# --- END AgenticDSL ---',
    '```',
    '',
  ].join('\n');
}
