// Moving a run to the newest version of its skill (docs/versions.md, "Upgrading a paused run").
import type { ErrorField } from '../errors/index.js';
import type { Skill } from '../ir/skill.js';
import { sourceOf } from '../ir/skill-files.js';
import { describeFieldErrors, validateValue } from '../schema/validate.js';
import { RunRefused } from './errors.js';
import type { RunEventBody } from './events.js';
import { digestOf, pinnedSkill } from './pinned-skill.js';
import type { SkillService } from './ports/skills.js';
import type { RunStore, SkillRef } from './ports/store.js';

/** A run's move to another version of its skill: the skill it goes on with, its ref, and the event that says so. */
export interface Upgrade {
  skill: Skill;
  ref: SkillRef;
  event: Extract<RunEventBody, { type: 'upgraded' }>;
}

/**
 * What stops a run of `old` whose `steps` finished (or paused) from going on with `next`: each step
 * that is gone or of another kind, an input the new input schema refuses, and a person's `answer` to a
 * paused await that the new await's schema refuses. Empty: compatible.
 */
export function upgradeDifferences(
  old: Skill,
  next: Skill,
  steps: readonly string[],
  input: unknown,
  answer?: { node: string; value: unknown },
): ErrorField[] {
  const was = new Map(old.graph?.nodes.map((n) => [n.id, n.kind]));
  const now = new Map(next.graph?.nodes.map((n) => [n.id, n.kind]));
  const differences: ErrorField[] = [];
  for (const step of new Set(steps)) {
    const kind = now.get(step);
    if (kind === undefined) differences.push({ field: step, message: `step "${step}" is gone` });
    else if (kind !== was.get(step))
      differences.push({
        field: step,
        message: `step "${step}" is now of kind ${kind} (was ${was.get(step) ?? 'none'})`,
      });
  }
  const checked = validateValue(next.input, input ?? {});
  if (!checked.ok)
    differences.push({
      field: 'input',
      message: `the run's input fails the new input schema: ${describeFieldErrors(checked.errors)}`,
    });
  const waiting = answer && next.graph?.nodes.find((n) => n.id === answer.node);
  const fits = waiting?.kind === 'await' ? validateValue(waiting.inputSchema, answer!.value) : undefined;
  if (fits && !fits.ok)
    differences.push({
      field: answer!.node,
      message: `the answer fails step "${answer!.node}"'s new answer schema: ${describeFieldErrors(fits.errors)}`,
    });
  return differences;
}

/**
 * The newest version of a run's skill when the run, having got through `steps`, can go on with
 * it (its files stored, ready for the run to be moved to them); undefined when it is the version the
 * run has already. Refused with `upgrade_incompatible`, naming each difference, otherwise.
 */
export async function planUpgrade(
  skills: SkillService | undefined,
  store: RunStore,
  run: { id: string; skill: SkillRef; input: unknown },
  steps: readonly string[],
  answer?: { node: string; value: unknown },
): Promise<Upgrade | undefined> {
  if (!skills?.newest)
    throw new RunRefused(
      'upgrade_incompatible',
      `run ${run.id} cannot be upgraded: no skill library configured`,
    );
  if (run.skill.graph)
    throw new RunRefused('upgrade_incompatible', `run ${run.id} is part of another run: upgrade that run`);
  const { skill: old } = await pinnedSkill(skills, store, run.skill);
  const next = await skills.newest(run.skill);
  const to = { version: next.version, ...digestOf(next) };
  const from = { version: run.skill.version, ...(run.skill.digest ? { digest: run.skill.digest } : {}) };
  if (to.version === from.version && to.digest === from.digest) return undefined;
  const differences = upgradeDifferences(old, next, steps, run.input, answer);
  if (differences.length)
    throw new RunRefused(
      'upgrade_incompatible',
      `run ${run.id} cannot move from ${old.id}@${from.version} to ${next.id}@${to.version}: ${differences.map((d) => d.message).join('; ')}`,
      differences,
    );
  const source = sourceOf(next);
  if (source) await store.keepSource(source);
  const ref: SkillRef = { id: next.id, version: next.version, source: next.source, ...digestOf(next) };
  return { skill: next, ref, event: { type: 'upgraded', from, to } };
}
