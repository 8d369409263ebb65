import type { DialectName, Skill } from '../ir/skill.js';
import type { FileReport } from '../library/index.js';
import type { RunEvent } from '../runtime/index.js';
import type { RunOptions, RunResult } from '../runtime/index.js';
import type { RunPage, RunQuery, RunRecord } from '../runtime/index.js';

/** What a caller of a run may give it: a listener for its events (stored and streamed-only ones) and a signal that cancels it. */
export type RunControl = Pick<RunOptions, 'onEvent' | 'signal'>;

/**
 * Everything the HTTP server (and the surfaces mounted on it) needs from Skein, and nothing more:
 * skills with their views, runs started and resumed through the runtime, and reads of the run store.
 * Failures to start or resume are `RunRefused` (bad input, not awaiting, unknown run); an unknown
 * skill or version is a `SkillLookupError`.
 */
export interface SkeinService {
  /** Skein's version, for `GET /v1/health`. */
  readonly version: string;
  /** Every skill of the skills path, every version, ids in order, highest version first within an id. */
  skills(): Promise<readonly Skill[]>;
  /** A skill by id: its highest version, or `version`. */
  findSkill(id: string, version?: string): Promise<Skill>;
  /** Checks the text of one skill file as if it were at `path`: one entry of `validate --json`. */
  validate(text: string, path: string, dialect?: DialectName): Promise<FileReport>;
  /** Starts a run and drives it until it completes, pauses or fails. */
  start(skill: Skill, input: unknown, control?: RunControl): Promise<RunResult>;
  /** Answers a run that awaits a person (or continues one whose process died, without input). */
  resume(runId: string, input: unknown, control?: RunControl): Promise<RunResult>;
  /** Cancels a run wherever it runs and returns it (failed with code `cancelled`, or still running if its process did not stop in time). */
  cancel(runId: string): Promise<RunRecord>;
  getRun(runId: string): Promise<RunRecord | undefined>;
  /** Runs newest first, filtered and paged. */
  listRuns(query: RunQuery): Promise<RunPage>;
  /** A run's stored events, those after `afterSeq` when given, in `seq` order. */
  events(runId: string, afterSeq?: number): Promise<RunEvent[]>;
  close(): Promise<void>;
}
