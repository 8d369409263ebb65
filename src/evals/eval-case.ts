import type { JsonSchema } from '../ir/schema.js';

/** What an assertion reads of a run's output: the whole of it, or a field at a dotted path (`total`, `items.0.name`). */
interface OnOutput {
  path?: string;
}

/**
 * One check of a cell (docs/eval.md, "Assertions"). Text assertions read the output's text: a string
 * output as it is, `{response}` (agents, document skills) its response, anything else its JSON.
 */
export type Assertion =
  | ({ type: 'equals'; value: unknown } & OnOutput)
  | ({ type: 'contains'; value: string; ignoreCase: boolean } & OnOutput)
  | ({ type: 'not-contains'; value: string; ignoreCase: boolean } & OnOutput)
  | ({ type: 'regex'; value: string; flags: string } & OnOutput)
  | ({ type: 'json-schema'; value: JsonSchema } & OnOutput)
  /** The run's status: completed, failed, awaiting, refused. */
  | { type: 'status'; value: string }
  /** A judge model scores the output against the rubric from 0 to 1; it passes at `threshold`. */
  | { type: 'llm-rubric'; value: string; threshold: number; model?: string }
  /**
   * A JavaScript check, run as code skills run: a module `file` whose `entry` function, or inline `code`
   * (a function body, or one expression), gets `{output, text, status, error, events}` and returns true or
   * false, a score from 0 to 1 (passing at `threshold`), or `{pass, score, reason}`.
   */
  | { type: 'javascript'; code?: string; file?: string; entry: string; threshold: number }
  /** Tools that ran: these, in this order (others may come between), or all of them in any order. */
  | { type: 'tool-calls'; value: string[]; order: 'in-order' | 'any-order' }
  /** Skills, document chunks or reference files the agent loaded (`skill`, `skill/chunk`). */
  | { type: 'loaded'; value: string[] }
  /** At most this much: US dollars, milliseconds, tokens (input and output). */
  | { type: 'cost' | 'latency' | 'tokens'; threshold: number };

export type AssertionType = Assertion['type'];

/** An eval case: what a cell runs and what it checks. */
export interface EvalCase {
  name: string;
  file: string;
  line: number;
  /** The skill's id; absent when the file's skill is meant. */
  skill?: string;
  /** The input of an executable skill. */
  input?: unknown;
  /** A request in words: what a document skill's agent is asked (Agent Skills `prompt`). */
  prompt?: string;
  /**
   * A trigger case (docs/eval.md, "Trigger evals"): the prompt is routed, not run; it passes when the
   * router picks the case's skill (true) or does not (false).
   */
  shouldTrigger?: boolean;
  /** Files given with the prompt (absolute paths). */
  files: string[];
  /** What a good answer is, in words (Agent Skills `expected_output`): shown to a judge. */
  expectedOutput?: string;
  /** Answers to the run's pauses, in order. */
  answers: unknown[];
  assert: Assertion[];
  /** Least share of trials that must pass (default 1). */
  passRate: number;
  timeoutMs: number;
}
