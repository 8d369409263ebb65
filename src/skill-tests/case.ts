import type { FakeReply } from './fake-openai.js';

/** The levels of a case, after the ai-engine's test markers. */
export const LEVELS = ['L1', 'L2', 'L3', 'integration'] as const;
export type Level = (typeof LEVELS)[number];

/** Levels that need a real model: opt-in, skipped with a notice otherwise. */
export const REAL_MODEL_LEVELS: readonly Level[] = ['L3', 'integration'];

/** What a case checks; every part is optional, and objects match as subsets. */
export interface Expectations {
  status?: 'completed' | 'awaiting' | 'failed' | 'refused';
  output?: unknown;
  await?: unknown;
  error?: unknown;
  /** L2 script cases: the script's return value. */
  value?: unknown;
  /** L1: what the model was sent. */
  prompt?: {
    system_contains?: string[];
    system_not_contains?: string[];
    user_contains?: string[];
    /** The largest system prompt, in tokens. */
    max_tokens?: number;
  };
  /** Tools that ran, in order. */
  tools_called?: string[];
  /** Tools the model asked for and was refused. */
  tools_refused?: string[];
  /** Event types that must occur in this order (others may come between). */
  events?: string[];
}

/** One case of a cases.yaml. */
export interface TestCase {
  name: string;
  level: Level;
  file: string;
  line: number;
  /** The skill's id; absent when the file's skill is meant. */
  skill?: string;
  input: unknown;
  /** L2: call this script of the skill directly (`validate`, `preprocess`, `postprocess`, or a code node's id). */
  script?: string;
  /** Scripted replies of the local model, in order. */
  model?: FakeReply[];
  /** Canned outputs of tools, by name; the real tools are not called. */
  tools: Record<string, unknown>;
  /** Answers to the run's pauses, in order: each one resumes it. */
  answers: unknown[];
  expect: Expectations;
  /** L3: what a grader model checks the final response against. */
  rubric?: string;
  /** Least share of runs that must pass with --repeat (default 1). */
  passRate: number;
  timeoutMs: number;
}
