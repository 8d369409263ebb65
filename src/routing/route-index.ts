import type { Skill } from '../ir/skill.js';
import { eligibility } from '../planner/index.js';
import { candidateWhy, describeWords, matchedWords, round, type MatchedWord } from './explain.js';
import { LexicalIndex, type LexicalMatch, type LexicalState } from './lexical-index.js';
import { askModel } from './model-stage.js';
import { decide, DEFAULT_SETTINGS, type RouterSettings } from './settings.js';
import type { RouteCandidate, RouteOptions, RouteResult } from './types.js';

/** The lexical score under which no skill is chosen (the shipped decision's least score). */
export const DEFAULT_THRESHOLD = DEFAULT_SETTINGS.decision.least;
const DEFAULT_LIMIT = 5;

/** A candidate before it is explained. */
interface Ranked {
  skill: Skill;
  score: number;
  words: MatchedWord[];
}

/**
 * Routes requests to skills: a lexical stage (BM25F over each skill's id, aliases, tags, triggers,
 * category, description, headings and inputs; Chinese as character pairs), the planner's rules when a
 * session state is given, and a model stage when a model is given. Build once, route many times.
 */
export class RouteIndex {
  private readonly lexical: LexicalIndex;
  readonly settings: RouterSettings;

  constructor(skills: readonly Skill[], settings: RouterSettings = DEFAULT_SETTINGS, state?: LexicalState) {
    this.settings = settings;
    // One skill per id (the first given: the library lists the highest version first); internal skills run only when named.
    const byId = new Map<string, Skill>();
    for (const s of skills) if (!byId.has(s.id) && !s.planning?.internal) byId.set(s.id, s);
    this.lexical = new LexicalIndex(state ? skills : [...byId.values()], settings, state);
  }

  /** The least lexical score a choice needs. */
  get threshold(): number {
    return this.settings.decision.least;
  }

  /** The skills routed to. */
  get skills(): readonly Skill[] {
    return this.lexical.skills;
  }

  /** The lexical index as plain data, to persist (see `routeIndexOf`). */
  state(): LexicalState {
    return this.lexical.state();
  }

  /** The lexical stage (and the planner's rules with a state): synchronous, no model. */
  rank(request: string, options: Omit<RouteOptions, 'llm' | 'model' | 'signal'> = {}): RouteResult {
    const { ranked, ruledOut, runnerUp } = this.candidates(request, options);
    const top = ranked[0];
    const chosen = top && decide(top.score, runnerUp?.score ?? 0, this.settings.decision) ? top : undefined;
    return {
      request,
      choice: chosen ? choiceOf(chosen) : null,
      candidates: this.explain(ranked),
      why: [this.overallWhy(top, runnerUp, chosen), ...ruledOut].join('; '),
    };
  }

  /** All stages: lexical, the planner's rules when `state` is given, the model when `llm` is given. */
  async route(request: string, options: RouteOptions = {}): Promise<RouteResult> {
    if (!options.llm) return this.rank(request, options);
    const { ranked, ruledOut } = this.candidates(request, options);
    const candidates = this.explain(ranked);
    if (!ranked.length)
      return { request, choice: null, candidates, why: [this.overallWhy(), ...ruledOut].join('; ') };
    const { llm, model, signal } = options;
    const pick = await askModel(
      request,
      ranked.map((r) => r.skill),
      { llm, model, signal },
    );
    const chosen = ranked.find((r) => r.skill.id === pick.skill);
    const said = `${pick.model} chose ${chosen ? chosen.skill.id : 'none'} among ${ranked.map((r) => r.skill.id).join(', ')}: ${pick.reason}`;
    for (const c of candidates) if (c.id !== chosen?.skill.id) c.why += `; the model did not choose it`;
    return {
      request,
      choice: chosen ? choiceOf(chosen) : null,
      candidates,
      why: [said, ...ruledOut].join('; '),
    };
  }

  /** The lexical matches that the rules leave, best first, at most `limit`; and what the rules ruled out. */
  private candidates(
    request: string,
    options: Pick<RouteOptions, 'limit' | 'state' | 'context'>,
  ): { ranked: Ranked[]; ruledOut: string[]; runnerUp?: Ranked } {
    const limit = options.limit ?? DEFAULT_LIMIT;
    const planning = options.state !== undefined || options.context !== undefined;
    const ruledOut: string[] = [];
    const accept = (doc: number) => {
      if (!planning) return true;
      const skill = this.lexical.skills[doc];
      const verdict = eligibility(skill, options.state ?? {}, options.context);
      if (!verdict.eligible) ruledOut.push(`${skill.id} is ruled out by its rules: ${verdict.why}`);
      return verdict.eligible;
    };
    const matches = this.lexical.match(this.lexical.requestTerms(request), Math.max(limit, 2), accept);
    const all = matches.map((m) => rankedOf(this.lexical.skills[m.doc], m));
    return { ranked: all.slice(0, limit), ruledOut, runnerUp: all[1] };
  }

  private explain(ranked: readonly Ranked[]): RouteCandidate[] {
    const best = ranked[0] && { id: ranked[0].skill.id, words: ranked[0].words, score: ranked[0].score };
    return ranked.map((r) => ({
      ...choiceOf(r),
      why: candidateWhy(r.skill.id, r.words, r.score, this.threshold, best),
    }));
  }

  private overallWhy(top?: Ranked, second?: Ranked, chosen?: Ranked): string {
    if (!top) return 'no skill fits: no skill shares a word with the request';
    const { least, sure, margin } = this.settings.decision;
    if (!chosen && top.score < least)
      return `no skill fits: the best, ${top.skill.id}, matches only ${describeWords(top.words)} (score ${round(top.score)}, below the threshold ${round(least)})`;
    if (!chosen)
      return `no skill fits: the best, ${top.skill.id} (${describeWords(top.words)}, score ${round(top.score)}), leads ${second!.skill.id} (${round(second!.score)}) by only ${percent(lead(top, second))}; below ${round(sure)} a choice must lead by ${percent(margin)}`;
    const runnerUp = second
      ? `; the runner-up ${second.skill.id} scores ${round(second.score)} (${describeWords(second.words)})`
      : '; no other skill matches';
    return `${top.skill.id} matches ${describeWords(top.words)} (score ${round(top.score)}, threshold ${round(least)})${runnerUp}`;
  }
}

/**
 * Builds the route index of some skills (one per id: the first given wins), with the shipped settings,
 * or others (`threshold` alone sets the least score a choice needs, with no margin rule).
 */
export function buildRouteIndex(
  skills: readonly Skill[],
  options: { threshold?: number; settings?: RouterSettings } = {},
): RouteIndex {
  const settings = options.settings ?? DEFAULT_SETTINGS;
  const { threshold } = options;
  return new RouteIndex(
    skills,
    threshold === undefined
      ? settings
      : { ...settings, decision: { least: threshold, sure: threshold, margin: 0 } },
  );
}

/** How far the best candidate leads the runner-up, as a share of its score. */
function lead(top: Ranked, second?: Ranked): number {
  return second ? (top.score - second.score) / top.score : 1;
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

function rankedOf(skill: Skill, m: LexicalMatch): Ranked {
  return { skill, score: m.score, words: matchedWords(m) };
}

function choiceOf(r: Ranked) {
  return { id: r.skill.id, version: r.skill.version, dialect: r.skill.dialect, score: round(r.score) };
}
