import type { DialectName } from '../ir/skill.js';
import type { LlmService } from '../runtime/index.js';

/** The skill a request was routed to. */
export interface RouteChoice {
  id: string;
  version: string;
  dialect: DialectName;
  /** The lexical score, 0 to 1 (the share of the request's weight the skill matches). */
  score: number;
}

/** A skill considered for a request, with why it ranks where it does. */
export interface RouteCandidate extends RouteChoice {
  why: string;
}

/** What `skein route --json` and `POST /v1/route` answer. */
export interface RouteResult {
  request: string;
  /** Null when no skill fits: never a guess below the threshold. */
  choice: RouteChoice | null;
  /** The best candidates, best first. */
  candidates: RouteCandidate[];
  /** Why this choice, and why the runners-up lost. */
  why: string;
}

export interface RouteOptions {
  /** Candidates listed (and shown to the model) at most. Default 5. */
  limit?: number;
  /**
   * A session state: the planner's rules (`triggers`, `state_conditions`, `requires`) then rule out the
   * skills that cannot run on it.
   */
  state?: Readonly<Record<string, unknown>>;
  /** The session's context (`matter`, `consultation`), for `triggers.contexts`. */
  context?: string;
  /** With a model service, the model chooses among the candidates (or none), and its reason is kept. */
  llm?: LlmService;
  /** `provider:model` for that choice; default the configured one. */
  model?: string;
  signal?: AbortSignal;
}
