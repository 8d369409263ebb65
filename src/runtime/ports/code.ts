import type { CodeSpec } from '../../ir/nodes.js';

/** What running code may use besides its input. */
export interface CodeRunOptions {
  signal: AbortSignal;
  timeoutMs?: number;
  runId?: string;
  /** Runs another skill (any dialect) as a child run and returns its output; a failure throws. */
  call?: (skill: string, input: unknown) => Promise<unknown>;
  /** Says something about the call to whoever follows the run (a `log` event of its step). */
  log?: (text: string) => void;
}

/** Runs code of a language (src/code: Python in the sandbox, TS/JS modules). */
export interface CodeService {
  run(code: CodeSpec, input: unknown, options: CodeRunOptions): Promise<unknown>;
}
