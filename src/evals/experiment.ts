import { SkeinError } from '../errors/index.js';

// An experiment as it is stored: its columns (model × skill variant), its cases and one cell per case ×
// column × trial, each cell linking the run it made (docs/eval.md). The store port is here; SQLite,
// PostgreSQL and memory implement it in src/evals/stores.

/** What a column runs besides its model: the skill as loaded, no skill, or the skill at another version. */
export type ColumnVariant =
  | { kind: 'skill' }
  | { kind: 'without-skill' }
  /** The skill of the same id at this version, among the skills loaded. */
  | { kind: 'version'; version: string }
  /** The skill of the same id as it is at a git ref (`HEAD~1`, a tag, a commit). */
  | { kind: 'ref'; ref: string };

/** One column of the matrix. */
export interface ExperimentColumn {
  /** Unique in the experiment: the model, and the variant when there are several. */
  key: string;
  /** `provider:model`, or `default` for the configured (or the skill's own) model. */
  model: string;
  variant: ColumnVariant;
  /** The column the other columns of its model are compared with (with several variants, the first). */
  baseline?: boolean;
}

/** A case of the experiment, as it was read. */
export interface ExperimentCase {
  /** `skill › name`: unique in the experiment. */
  key: string;
  skill: string;
  name: string;
  file: string;
  line: number;
  /** Least share of trials that must pass. */
  passRate: number;
}

/** What one assertion found in one cell. */
export interface AssertionResult {
  /** The assertion's type: `contains`, `llm-rubric`, … */
  type: string;
  pass: boolean;
  /** 0–1 where the assertion grades (llm-rubric); 1 or 0 otherwise. */
  score: number;
  /** Why it failed (or the judge's reason). */
  reason?: string;
  /** For llm-rubric: the judge's model and the prompt it was sent. */
  judge?: { model: string; prompt: string };
}

/** One trial of one case in one column: the run it made and what the assertions found. */
export interface CellRecord {
  experimentId: string;
  case: string;
  column: string;
  /** 0-based. */
  trial: number;
  /** The run in the run store; absent when the run could not start (refused input). */
  runId?: string;
  /** The run's status (`completed`, `failed`, `awaiting`), or `refused`. */
  status: string;
  passed: boolean;
  assertions: AssertionResult[];
  /** The run's error, or why the cell could not run. */
  error?: string;
  /** The run's output (text for document skills), cut to a few KB. */
  output?: unknown;
  ms: number;
  inputTokens: number;
  outputTokens: number;
  /** US dollars where the price table knows the model. */
  costUsd?: number;
}

/** A stored experiment, without its cells. */
export interface ExperimentRecord {
  id: string;
  status: 'running' | 'completed' | 'failed';
  /** The paths given to `skein eval`. */
  paths: string[];
  trials: number;
  columns: ExperimentColumn[];
  cases: ExperimentCase[];
  createdAt: string;
  finishedAt?: string;
}

/** One page of experiments, newest first. */
export interface ExperimentPage {
  experiments: ExperimentRecord[];
  next?: string;
}

/** Where experiments live: beside the runs (the same SQLite file or PostgreSQL database). */
export interface ExperimentStore {
  create(experiment: ExperimentRecord): Promise<void>;
  /** Adds finished cells (one transaction). */
  addCells(cells: readonly CellRecord[]): Promise<void>;
  finish(id: string, status: ExperimentRecord['status'], finishedAt: string): Promise<void>;
  /** By id or a unique prefix of it (ExperimentAmbiguous when several match). */
  get(idOrPrefix: string): Promise<ExperimentRecord | undefined>;
  list(query: { limit: number; cursor?: string }): Promise<ExperimentPage>;
  /** The cells of an experiment, in the order they were added. */
  cells(id: string): Promise<CellRecord[]>;
  close(): Promise<void>;
}

/** A prefix that starts several experiments' ids. */
export class ExperimentAmbiguous extends SkeinError {
  constructor(prefix: string, ids: readonly string[]) {
    super(
      'experiment_ambiguous',
      `"${prefix}" starts several experiments (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}); give more of the id`,
    );
  }
}
