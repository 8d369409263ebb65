import type { Skill } from '../ir/skill.js';
import type { LlmService } from '../runtime/index.js';
import { conditionScope, eligibility } from './eligibility.js';
import type { PriorityRule } from './rules.js';
import { SkeinError } from '../errors/index.js';

/** Which skill runs next, how it was chosen, and why. */
export interface Decision {
  /** The chosen skill's id; absent when none can run. */
  skill?: string;
  by: 'force' | 'rule' | 'only' | 'coverage' | 'model' | 'none';
  reason: string;
  /** Skills that could run, in the order given. */
  eligible: string[];
  /** Skills that could not, and why. */
  rejected: { skill: string; why: string }[];
}

/** A planning mistake in the configuration (a rule or forced skill that cannot run), or no way to choose. */
export class PlannerError extends SkeinError {
  constructor(message: string) {
    super('planner_failed', message);
    this.name = 'PlannerError';
  }
}

export interface PlanRequest {
  /** The candidates, in order of preference. */
  skills: readonly Skill[];
  state: Readonly<Record<string, unknown>>;
  /** The session's context (`matter`, `consultation`), for `triggers.contexts`. */
  context?: string;
  /** A skill to run whatever the rules say (it must still meet its `requires`). */
  force?: string;
  /** Checked in order before anything else; the first that holds picks its skill. */
  rules?: readonly PriorityRule[];
  /** State paths still missing (`profile.summary`, `evidence_list`): a lone skill providing one of them is chosen. */
  goals?: readonly string[];
  /** Skills that may not be chosen now (those that already ran this turn). */
  exclude?: readonly string[];
  /** The user's turn, shown to the model. */
  message?: string;
  /** Asked only when several skills are eligible and nothing else decides. */
  llm?: LlmService;
  model?: string;
  signal?: AbortSignal;
}

/**
 * Picks the next skill: a forced one; else the first priority rule that holds; else the only eligible
 * skill; else the only one covering a missing goal; else the model chooses among the eligible ones and
 * says why. Internal skills are chosen only when forced.
 */
export async function planNext(request: PlanRequest): Promise<Decision> {
  const { skills, state, context } = request;
  const eligible: Skill[] = [];
  const rejected: Decision['rejected'] = [];
  for (const skill of skills) {
    const verdict = eligibility(skill, state, context);
    if (request.exclude?.includes(skill.id))
      rejected.push({ skill: skill.id, why: 'it already ran this turn' });
    else if (skill.planning?.internal)
      rejected.push({ skill: skill.id, why: 'it is internal: it runs only when named' });
    else if (!verdict.eligible) rejected.push({ skill: skill.id, why: verdict.why });
    else eligible.push(skill);
  }
  const decide = (skill: Skill | undefined, by: Decision['by'], reason: string): Decision => ({
    ...(skill ? { skill: skill.id } : {}),
    by,
    reason,
    eligible: eligible.map((s) => s.id),
    rejected,
  });

  if (request.force) {
    const skill = skills.find((s) => s.id === request.force);
    if (!skill)
      throw new PlannerError(
        `the forced skill "${request.force}" is not among the candidates (${skills.map((s) => s.id).join(', ')})`,
      );
    const verdict = eligibility(skill, state, context, true);
    if (!verdict.eligible)
      throw new PlannerError(`the forced skill "${skill.id}" cannot run: ${verdict.why}`);
    return decide(skill, 'force', `${skill.id} was named explicitly`);
  }

  const scope = conditionScope(state, context);
  for (const rule of request.rules ?? []) {
    if (!rule.when.test(scope)) continue;
    const skill = eligible.find((s) => s.id === rule.skill);
    if (!skill) {
      const why = rejected.find((r) => r.skill === rule.skill)?.why ?? 'it is not among the candidates';
      throw new PlannerError(`the rule "${rule.when.source}" picks ${rule.skill}, which cannot run: ${why}`);
    }
    return decide(skill, 'rule', `rule "${rule.when.source}" holds${rule.reason ? `: ${rule.reason}` : ''}`);
  }

  if (!eligible.length)
    return decide(undefined, 'none', skills.length ? 'no skill is eligible' : 'there are no skills');
  if (eligible.length === 1)
    return decide(eligible[0], 'only', `${eligible[0].id} is the only eligible skill`);

  const missing = (request.goals ?? []).filter((goal) => isMissing(state, goal));
  if (missing.length) {
    const covering = eligible.filter((s) => s.planning?.provides.some((p) => missing.includes(p)));
    if (covering.length === 1)
      return decide(
        covering[0],
        'coverage',
        `${covering[0].id} is the only eligible skill that provides ${missing.filter((m) => covering[0].planning?.provides.includes(m)).join(', ')}`,
      );
  }

  if (!request.llm)
    throw new PlannerError(
      `several skills are eligible (${eligible.map((s) => s.id).join(', ')}) and no model is configured to choose among them`,
    );
  const choice = await askModel(request, eligible);
  return decide(
    eligible.find((s) => s.id === choice.skill),
    'model',
    choice.reason,
  );
}

/** Asks the model to choose one of the eligible skills, with a reason. */
async function askModel(
  request: PlanRequest,
  eligible: readonly Skill[],
): Promise<{ skill: string; reason: string }> {
  const list = eligible
    .map((s) => {
      const provides = s.planning?.provides ?? [];
      return `- ${s.id}: ${s.description}${provides.length ? ` (provides ${provides.join(', ')})` : ''}`;
    })
    .join('\n');
  const answer = await request.llm!.completeJson({
    model: request.model,
    system:
      "You choose which skill runs next in a session. Choose exactly one of the listed skills, the one that best moves the session forward given the state and the user's message, and say why in one sentence.",
    prompt: `Skills that can run now:\n${list}\n\nSession state:\n${JSON.stringify(request.state, null, 2)}\n\nUser's message:\n${request.message ?? '(none)'}`,
    schema: {
      type: 'object',
      required: ['skill', 'reason'],
      additionalProperties: false,
      properties: { skill: { enum: eligible.map((s) => s.id) }, reason: { type: 'string', minLength: 1 } },
    },
    repairAttempts: 2,
    signal: request.signal ?? new AbortController().signal,
  });
  return answer.value as { skill: string; reason: string };
}

/** Whether a dotted state path (`profile.summary`, `issues`) has no value yet (missing, null, "" or empty list). */
function isMissing(state: Readonly<Record<string, unknown>>, path: string): boolean {
  let value: unknown = state;
  for (const key of path.split('.'))
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}
