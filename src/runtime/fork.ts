// What a fork of a run starts from (docs/runtime.md, "Fork and replay"): the skill it runs, its input,
// and the parent's records of the steps before the one it runs again from, with the edits applied.
import type { Skill } from '../ir/skill.js';
import { applyWrites, type Context } from './context.js';
import { RunRefused } from './errors.js';
import { isAncestor, planGraph } from './graph-plan.js';
import { pinnedSkill } from './pinned-skill.js';
import type { NodeRecord, RunRecord, Write } from './ports/store.js';
import { checkInput } from './run-input.js';
import type { RuntimeServices } from './services.js';
import { planUpgrade, type Upgrade } from './upgrade.js';

/** How to fork a run (`skein fork`, `POST /v1/runs/{id}/fork`, `Skein.fork`). */
export interface ForkOptions {
  /** The step to run again from (it and what follows it); default the first step: a replay. */
  from?: string;
  /** The fork's input, checked against the skill's schema; default the parent's. */
  input?: unknown;
  /** Values set in the state the step `from` sees, by dotted path (`summary`, `order.qty`). */
  set?: Readonly<Record<string, unknown>>;
  /** Run on the newest version of the skill when compatible (as `resume` with `upgrade`). */
  upgrade?: boolean;
}

/** A fork ready to store: its skill, input, step and copied records, and its upgrade if any. */
export interface ForkPlan {
  skill: Skill;
  input: unknown;
  from: string;
  records: NodeRecord[];
  upgrade?: Upgrade;
}

/**
 * Plans a fork of `parent`: the skill it was pinned to (or, with `upgrade`, the newest compatible
 * version), the parent's finished records of the steps `from` depends on, and the edits — a new input,
 * and `set` values written after the last of those steps (into the input when there is none).
 */
export async function planFork(
  services: RuntimeServices,
  parent: RunRecord,
  options: ForkOptions,
): Promise<ForkPlan> {
  if (parent.parentRunId || parent.skill.graph)
    throw new RunRefused(
      'bad_request',
      `run ${parent.id} is part of run ${parent.parentRunId}: fork that run`,
    );
  const skills = services.skills;
  if (!skills)
    throw new RunRefused(
      'skill_not_found',
      `cannot load ${parent.skill.id} to fork it: no skill library configured`,
    );
  const pinned = (await pinnedSkill(skills, services.store, parent.skill)).skill;
  if (!pinned.graph) throw new RunRefused('not_executable', `${pinned.id} has no steps to fork`);
  const plan = planGraph(pinned.graph);
  const from = stepNamed(pinned, options.from ?? pinned.graph.entry);
  const at = plan.index.get(from);
  if (at === undefined)
    throw new RunRefused(
      'step_not_found',
      `${pinned.id}@${pinned.version} has no step "${from}"; its steps: ${pinned.graph.nodes.map((n) => n.id).join(', ')}`,
    );
  const records = (await services.store.nodes(parent.id))
    .filter((r) => {
      const i = plan.index.get(r.node);
      return r.status !== 'awaiting' && i !== undefined && isAncestor(plan, i, at);
    })
    .map((r) => ({ ...r, writes: [...r.writes] }));
  const asked = options.input === undefined ? parent.input : options.input;
  const upgrade = options.upgrade
    ? await planUpgrade(skills, services.store, { ...parent, input: asked }, [
        ...records.map((r) => r.node),
        from,
      ])
    : undefined;
  const skill = upgrade?.skill ?? pinned;
  let input = options.input === undefined ? parent.input : checkInput(skill, options.input, services.limits);
  const edits = Object.entries(options.set ?? {}).map(([path, value]) => ({ path: path.split('.'), value }));
  if (edits.length) {
    const last = lastDone(skill, records);
    if (last) last.writes.push(...edits);
    else input = checkInput(skill, editInput(skill, input, edits, from), services.limits);
  }
  return { skill, input, from, records, ...(upgrade ? { upgrade } : {}) };
}

/** The step `name` names: its id, or the one id that ends with `/name` (a graph's `/main/report` as `report`). */
function stepNamed(skill: Skill, name: string): string {
  const ids = skill.graph!.nodes.map((n) => n.id);
  if (ids.includes(name)) return name;
  const ending = ids.filter((id) => id.endsWith(`/${name}`));
  return ending.length === 1 ? ending[0] : name;
}

/** Of the copied records, the finished one last in the skill's order: its writes reach the forked step last. */
function lastDone(skill: Skill, records: readonly NodeRecord[]): NodeRecord | undefined {
  const plan = planGraph(skill.graph!);
  let last: NodeRecord | undefined;
  for (const r of records)
    if (
      r.status === 'done' &&
      (!last || plan.rank[plan.index.get(r.node)!] > plan.rank[plan.index.get(last.node)!])
    )
      last = r;
  return last;
}

/** The input with `edits` made (their paths are in the run's state, where the input sits at `inputAt`). */
function editInput(skill: Skill, input: unknown, edits: readonly Write[], from: string): unknown {
  const at = skill.inputAt;
  const inside = edits.map((w) => {
    if (!at.every((key, k) => w.path[k] === key))
      throw new RunRefused(
        'bad_request',
        `no step before "${from}" to set ${w.path.join('.')} after; set a field of the input (${at.join('.')}) or give --input`,
      );
    return { path: w.path.slice(at.length), value: w.value };
  });
  return applyWrites((input ?? {}) as Context, inside);
}
