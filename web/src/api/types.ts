// The shapes of the HTTP API the page reads (DESIGN.md, "Serving").

/** A JSON Schema as the API sends it. */
export type Schema = Record<string, unknown>;

export interface SkillSummary {
  id: string;
  version: string;
  versions: string[];
  dialect: string;
  description: string;
  tags: string[];
  executable: boolean;
}

export interface GraphNode {
  id: string;
  kind: string;
  label: string;
  /** The subgraph (in `groups`) the node belongs to. */
  group?: string;
}

/** A subgraph, drawn as a box around its nodes. */
export interface GraphGroup {
  id: string;
  label: string;
  kind: string;
  entry: string;
  /** The `call` nodes that run it. */
  callers: string[];
}

export interface GraphEdge {
  from: string;
  to: string;
  kind: 'next' | 'route' | 'fallback';
}

export interface SkillDetail extends SkillSummary {
  input: Schema;
  output: Schema;
  graph?: { entry: string; nodes: GraphNode[]; edges: GraphEdge[]; groups?: GraphGroup[] };
  doc?: { summary: string; chunks: { id: string; description: string }[] };
}

export interface Diagnostic {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

export interface FileReport {
  path: string;
  dialect: string | null;
  skills: { id: string; version: string }[];
  diagnostics: Diagnostic[];
}

export type RunStatus = 'running' | 'awaiting' | 'completed' | 'failed';

export interface AwaitRequest {
  step: string;
  message: string;
  inputSchema: Schema;
  card?: unknown;
}

export interface RunError {
  code: string;
  message: string;
  step?: string;
}

export interface RunSummary {
  runId: string;
  skill: string;
  version: string;
  status: RunStatus;
  /** The run this one is part of (a subgraph or another skill it called). */
  parentRunId?: string;
  createdAt: string;
  updatedAt: string;
}

export interface Run extends RunSummary {
  input: unknown;
  output?: unknown;
  await?: AwaitRequest;
  error?: RunError;
}

/** A run event: `type` and `seq` always, the rest by type (see the runtime's events). */
export interface RunEvent {
  type: string;
  seq?: number;
  at?: string;
  runId?: string;
  [key: string]: unknown;
}

export interface FieldError {
  field: string;
  message: string;
}
