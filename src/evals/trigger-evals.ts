import type { Skill } from '../ir/skill.js';
import { buildRouteIndex, type RouteIndex } from '../routing/index.js';
import type { LlmService } from '../runtime/index.js';
import type { BoundEval } from './find-evals.js';

/** A router trigger cases go through: the lexical stage alone, or with a model choosing among its candidates. */
export interface TriggerRouter {
  /** `lexical`, or the model's `provider:model` (`default`: the configured one). */
  name: string;
  llm?: LlmService;
}

/** One trigger case through one router. */
export interface TriggerCaseResult {
  skill: string;
  name: string;
  prompt: string;
  shouldTrigger: boolean;
  file: string;
  line: number;
  /** The skill each trial routed to; null: none. */
  chosen: (string | null)[];
  /** Trials that routed as the case wants, of how many. */
  passes: number;
  trials: number;
  /** The passes reach the case's pass rate. */
  passed: boolean;
  /** A model stage that failed (its first error); such a trial routed nowhere. */
  error?: string;
}

/** Per skill: how often its own prompts route to it, what routes to it that should not, and who won instead. */
export interface SkillTriggers {
  skill: string;
  /** Trials of its `should_trigger: true` prompts, and how many routed to it. */
  positives: number;
  triggered: number;
  /** triggered / positives; null without positive prompts. */
  triggerRate: number | null;
  /** Trials of its `should_trigger: false` prompts. */
  negatives: number;
  /** Trials routed to it that should not have: its own negatives, and other skills' positives. */
  falseTriggers: number;
  /** Its positive trials that went elsewhere: to which skill (null: none), how many times, which cases. */
  confusions: { chosen: string | null; count: number; cases: string[] }[];
}

/** The trigger cases through one router. */
export interface TriggerReport {
  router: string;
  trials: number;
  cases: TriggerCaseResult[];
  skills: SkillTriggers[];
}

/**
 * Routes the trigger cases (`should_trigger`) among `skills` (one per id, as `skein route` does) through
 * each router: the lexical stage once (it is deterministic), a model router `trials` times, at most
 * `concurrency` prompts at a time. A case passes when the share of trials routed as it wants reaches its
 * pass rate.
 */
export async function runTriggerEvals(
  cases: readonly BoundEval[],
  skills: readonly Skill[],
  routers: readonly TriggerRouter[],
  options: { trials: number; concurrency: number; onRouted?: () => void },
): Promise<TriggerReport[]> {
  const index = buildRouteIndex(skills);
  const reports: TriggerReport[] = [];
  for (const router of routers) {
    const trials = router.llm ? options.trials : 1;
    const plan = cases.flatMap((bound, i) => Array.from({ length: trials }, () => i));
    const chosen: (string | null)[][] = cases.map(() => []);
    const errors: (string | undefined)[] = [];
    let next = 0;
    const worker = async () => {
      while (next < plan.length) {
        const i = plan[next++];
        try {
          chosen[i].push(await routeOnce(index, cases[i].case.prompt ?? '', router.llm));
        } catch (e) {
          chosen[i].push(null);
          errors[i] ??= (e as Error).message;
        }
        options.onRouted?.();
      }
    };
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(options.concurrency, plan.length)) }, worker),
    );
    const results = cases.map((bound, i) => caseResult(bound, chosen[i], errors[i]));
    reports.push({ router: router.name, trials, cases: results, skills: bySkill(results) });
  }
  return reports;
}

/** Whether a trigger case's prompts route as it wants with the lexical stage alone (for `validate`'s hints). */
export function routeLexically(cases: readonly BoundEval[], skills: readonly Skill[]): TriggerReport {
  const index = buildRouteIndex(skills);
  const results = cases.map((bound) =>
    caseResult(bound, [index.rank(bound.case.prompt ?? '').choice?.id ?? null]),
  );
  return { router: 'lexical', trials: 1, cases: results, skills: bySkill(results) };
}

async function routeOnce(index: RouteIndex, prompt: string, llm?: LlmService): Promise<string | null> {
  const result = llm ? await index.route(prompt, { llm }) : index.rank(prompt);
  return result.choice?.id ?? null;
}

function caseResult(bound: BoundEval, chosen: (string | null)[], error?: string): TriggerCaseResult {
  const { case: c, skill } = bound;
  const shouldTrigger = c.shouldTrigger === true;
  const passes = chosen.filter((id) => (id === skill.id) === shouldTrigger).length;
  return {
    skill: skill.id,
    name: c.name,
    prompt: c.prompt ?? '',
    shouldTrigger,
    file: c.file,
    line: c.line,
    chosen,
    passes,
    trials: chosen.length,
    passed: passes >= c.passRate * chosen.length,
    ...(error ? { error } : {}),
  };
}

/** The per-skill figures of some case results, for every skill that has cases or was chosen wrongly. */
function bySkill(results: readonly TriggerCaseResult[]): SkillTriggers[] {
  const skills = new Map<string, SkillTriggers>();
  const of = (skill: string) => {
    let s = skills.get(skill);
    if (!s) {
      s = {
        skill,
        positives: 0,
        triggered: 0,
        triggerRate: null,
        negatives: 0,
        falseTriggers: 0,
        confusions: [],
      };
      skills.set(skill, s);
    }
    return s;
  };
  for (const r of results) {
    const own = of(r.skill);
    for (const chosen of r.chosen) {
      if (!r.shouldTrigger) {
        own.negatives++;
        if (chosen === r.skill) own.falseTriggers++;
        continue;
      }
      own.positives++;
      if (chosen === r.skill) {
        own.triggered++;
        continue;
      }
      if (chosen !== null) of(chosen).falseTriggers++;
      let confusion = own.confusions.find((x) => x.chosen === chosen);
      if (!confusion) own.confusions.push((confusion = { chosen, count: 0, cases: [] }));
      confusion.count++;
      if (!confusion.cases.includes(r.name)) confusion.cases.push(r.name);
    }
  }
  for (const s of skills.values()) {
    s.triggerRate = s.positives ? s.triggered / s.positives : null;
    s.confusions.sort((a, b) => b.count - a.count);
  }
  return [...skills.values()].sort((a, b) => a.skill.localeCompare(b.skill));
}
