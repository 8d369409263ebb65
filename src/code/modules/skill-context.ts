import type { MemoryService } from '../../memory/memory-service.js';

/** The conversation a skill runs in (`skein chat`), or an empty one. */
export interface SkillSession {
  id: string;
  messages: readonly { role: 'user' | 'assistant'; content: string }[];
}

/** The configuration a skill may read: no keys or secrets. */
export interface SkillConfigView {
  model?: string;
  home: string;
  workspace: string;
  skills: readonly string[];
}

/** What `execute(input, ctx)` is given besides its input (spec §3.1, §6). */
export interface SkillContext {
  /** Long-term memory: search, store, forget (opened on first use). */
  readonly memory: MemoryService;
  readonly config: SkillConfigView;
  readonly session: SkillSession;
  /** Data shared by the skills that run in this process (a chat, a run and its child runs); not stored. */
  readonly scratch: Record<string, unknown>;
  /** Runs another skill, of any dialect, as a child run and returns its output; a failure throws. */
  call<T = unknown>(skill: string, input?: Record<string, unknown>): Promise<T>;
  /** Says something to whoever follows the run (a `log` event of the step). */
  log(text: string): void;
  /** Aborted when the step times out or the run is cancelled. */
  readonly signal: AbortSignal;
  readonly runId?: string;
}

/** The type of a code-mode skill's `execute` export. */
export type SkillExecutor = (input: Record<string, unknown>, ctx: SkillContext) => unknown;
