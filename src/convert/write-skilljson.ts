import type { Node } from '../ir/nodes.js';
import type { Skill } from '../ir/skill.js';
import { chainOf, type Loss } from './chain.js';

/** What Skein adds to a guard of a step over a list (skill.json's engine skips a step whose list is not one). */
const LIST_GUARD = /(?:^| and )foreach is a list$/;

/**
 * A skill's chain as a skill.json composite (docs/distribution.md, "Convert"): each step a pipeline step
 * that calls a skill, with its input, condition, foreach, retry, timeout and continueOnError as written,
 * and `outputMapping`. A pipeline step only calls a skill, and values are in the pipeline's syntax, so
 * only steps that call skills with values written in that syntax (a skill.json's own) are carried.
 */
export function writeSkillJson(skill: Skill): { text: string; lost: Loss[] } {
  const { steps, end, lost } = chainOf(skill);
  const pipeline: Record<string, unknown>[] = [];
  const loss = (step: string, construct: string) => lost.push({ step, construct });
  for (const node of steps) {
    const step = pipelineStep(skill, node, (c) => loss(node.id, c));
    if (step) pipeline.push(step);
  }
  const mapping = end?.kind === 'end' ? end.output.written : undefined;
  if (end && mapping === undefined && skill.dialect !== 'skilljson')
    loss(skill.id, 'the output (skill.json maps it from the steps in its own syntax)');
  const name =
    skill.id
      .replace(/[^a-z0-9_]/gi, '_')
      .toLowerCase()
      .replace(/^[^a-z]+/, '') || 'skill';
  if (name !== skill.id) loss(skill.id, `the id (skill.json names are snake_case: ${name})`);
  const calls = [...new Set(pipeline.map((s) => s.skill as string))];
  const manifest = {
    name,
    description: skill.description || skill.id,
    category: String(skill.meta?.category ?? skill.routing?.category ?? 'workflow'),
    input: skill.input,
    output: skill.output,
    mode: 'composite',
    calls,
    pipeline,
    ...(mapping !== undefined ? { outputMapping: mapping } : {}),
    version: skill.version,
    ...(skill.tags.length ? { tags: [...skill.tags] } : {}),
    ...(typeof skill.meta?.author === 'string' ? { author: skill.meta.author } : {}),
  };
  return { text: JSON.stringify(manifest, null, 2) + '\n', lost };
}

/** One node as a pipeline step, or undefined (with the loss) when skill.json has no such step. */
function pipelineStep(
  skill: Skill,
  node: Node,
  loss: (construct: string) => void,
): Record<string, unknown> | undefined {
  if (node.kind !== 'call' || !('skill' in node.target)) {
    loss(
      node.kind === 'call'
        ? 'a call of a subgraph (a skill.json step calls a skill)'
        : `${/^[aeiou]/.test(node.kind) ? 'an' : 'a'} ${node.kind} step (a skill.json pipeline step only calls a skill)`,
    );
    return undefined;
  }
  const written = skill.dialect === 'skilljson' ? node.input.written : undefined;
  if (written === undefined || typeof written !== 'object' || Array.isArray(written)) {
    loss("the call's input (skill.json writes it as an object in its own syntax)");
    return undefined;
  }
  const out = 'set' in node.output ? node.output.set : [];
  const name = out[0] === 'steps' ? out[1] : undefined;
  if (!name) loss('a call result stored outside steps.<name>');
  const condition = node.guard?.source.replace(LIST_GUARD, '');
  const foreach = node.each?.items.written;
  if (node.each && (typeof foreach !== 'string' || node.each.as !== 'item'))
    loss('a call over a list that skill.json cannot write');
  return {
    step: name ?? node.id,
    skill: node.target.skill,
    input: written,
    ...(condition ? { condition } : {}),
    ...(node.each ? { foreach } : {}),
    ...(node.each && node.each.concurrency !== 1 ? { maxConcurrency: node.each.concurrency } : {}),
    ...(node.timeoutMs !== undefined ? { timeout: node.timeoutMs } : {}),
    ...(node.retry ? { retry: node.retry.max, retryDelay: node.retry.delayMs } : {}),
    ...(node.continueOnError ? { continueOnError: true } : {}),
  };
}
