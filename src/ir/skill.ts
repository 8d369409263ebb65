import type { Diagnostic } from './diagnostic.js';
import type { Condition, SourceRef } from './expr.js';
import type { Graph } from './graph.js';
import type { JsonSchema } from './schema.js';

/** The dialects Skein reads. */
export const DIALECT_NAMES = ['aegis', 'skilljson', 'engine', 'agenticdsl', 'skilldoc'] as const;
export type DialectName = (typeof DIALECT_NAMES)[number];

/** Limits on a whole run. */
export interface Budget {
  maxNodes?: number;
  maxLlmCalls?: number;
  maxDurationMs?: number;
}

/**
 * When a skill may be chosen (by the planner, a router, a chat), from any dialect that states it:
 * engine skill folders do, from skill.meta.json. Conditions read `state` (and `context`).
 */
export interface PlanningFacts {
  /** Session contexts the skill is for (`matter`, `consultation`); empty: any. */
  contexts: readonly string[];
  /** `triggers.state_conditions`: every one must hold. */
  when: readonly Condition[];
  /** `requires.all`: every one must hold. */
  requiresAll: readonly Condition[];
  /** `requires.any`: one must hold (none listed: no requirement). */
  requiresAny: readonly Condition[];
  /** State paths the skill writes (`profile.summary`, `evidence_list`). */
  provides: readonly string[];
  /** Only run when named (internal or api_call_only): never chosen by rules or a model. */
  internal: boolean;
}

/** A part of a document skill that an agent can load on demand. */
export interface DocPart {
  id: string;
  description: string;
  /** Heading level or chunk, for display. */
  kind: 'chunk' | 'section' | 'reference' | 'script' | 'asset';
  load(): Promise<string>;
}

/** Knowledge for an agent: a summary shown first, parts loaded on demand. */
export interface SkillDoc {
  summary: string;
  body: string;
  parts: readonly DocPart[];
}

/**
 * What a skill declares about the requests it is for, read by the router (never by the runtime). Each
 * front end fills it from its own fields: Aegis `## aliases`, skill.json `category`, engine
 * `triggers.keywords` and `triggers.contexts`, AgenticDSL `/__meta__` `aliases`, a skill document's
 * `aliases` (frontmatter or `metadata`), and the headings of the skill's documents.
 */
export interface SkillRouting {
  /** The skill's group (skill.json `category`). */
  category?: string;
  /** Other words and phrases people use for what the skill does: synonyms, other languages. */
  aliases: readonly string[];
  /** Words naming the situations the skill is for (engine `triggers.contexts`). */
  triggers: readonly string[];
  /** Headings of the skill's own documents (a skill document's body, an engine SKILL.md, graph prose). */
  headings: readonly string[];
}

/**
 * A skill, whatever dialect it was written in. The runtime reads only this.
 * An executable skill has a `graph`; a document skill has a `doc` and feeds an agent.
 */
export interface Skill {
  id: string;
  version: string;
  /** Informational: which front end produced it. The runtime never branches on it. */
  dialect: DialectName;
  description: string;
  tags: readonly string[];
  /** The file or folder it was loaded from. */
  source: string;
  input: JsonSchema;
  output: JsonSchema;
  /** Path in the run's context where the run's input is placed (`[]`: the root). */
  inputAt: readonly string[];
  graph?: Graph;
  /** Named subgraphs reachable by `call` nodes with `{ graph }`. */
  subgraphs?: Readonly<Record<string, Graph>>;
  doc?: SkillDoc;
  /** `provider:model` preferred by the skill. */
  model?: string;
  budget?: Budget;
  /** Other skills this one calls, for checks and listings. */
  calls?: readonly string[];
  /** Where each entry of `calls` is written (same order), for diagnostics about it. */
  callSites?: readonly SourceRef[];
  /** When the skill may be chosen; never read by the runtime. */
  planning?: PlanningFacts;
  /** What the skill declares for routing requests to it. */
  routing?: SkillRouting;
  /** Free-form facts for surfaces (UI hints, examples); never read by the runtime. */
  meta?: Readonly<Record<string, unknown>>;
}

/** What a front end returns for one file or folder. */
export interface LoadResult {
  skills: Skill[];
  diagnostics: Diagnostic[];
}

/** What checks across skills (calls, route overlap) and validate reports read of a skill: plain data only. */
export type CheckFacts = Pick<
  Skill,
  'id' | 'version' | 'source' | 'description' | 'tags' | 'calls' | 'callSites' | 'routing'
>;

/** A skill's facts, as a copy that can cross a thread. */
export function checkFacts(skill: Skill): CheckFacts {
  const { id, version, source, description, tags, calls, callSites, routing } = skill;
  return { id, version, source, description, tags, calls, callSites, routing };
}
