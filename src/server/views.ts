import { graphView } from '../graph/graph-view.js';
import { needsModel } from '../ir/needs-model.js';
import type { Skill } from '../ir/skill.js';
import type { AwaitRequest, RunError, RunEvent, RunRecord, RunResult } from '../runtime/index.js';
import { redactPaths } from '../text/redact-paths.js';

// What the API answers, made from the library's skills and the store's runs.

/**
 * A skill in `GET /v1/skills`: its highest version, with every version of its id; `all` (the skills
 * path) finds the skills it calls, for whether it needs a model.
 */
export function skillSummary(skill: Skill, versions: readonly Skill[], all: readonly Skill[]) {
  return {
    id: skill.id,
    version: skill.version,
    versions: versions.map((s) => s.version),
    dialect: skill.dialect,
    description: skill.description,
    tags: [...skill.tags],
    executable: Boolean(skill.graph),
    needsModel: needsModel(skill, all),
  };
}

/** A skill in `GET /v1/skills/{id}`: its schemas, and its graph or its document's outline. */
export function skillDetail(skill: Skill, versions: readonly Skill[], all: readonly Skill[]) {
  const graph = graphView(skill);
  const doc = skill.doc && {
    summary: skill.doc.summary,
    chunks: skill.doc.parts.map((p) => ({ id: p.id, description: p.description })),
  };
  return {
    ...skillSummary(skill, versions, all),
    input: skill.input as Record<string, unknown>,
    output: skill.output as Record<string, unknown>,
    ...(graph ? { graph } : {}),
    ...(doc ? { doc } : {}),
  };
}

/** A run's result as `skein run --json` prints it; file paths in its error are made relative to `root`. */
export function resultView(result: RunResult, root: string) {
  return {
    runId: result.runId,
    status: result.status,
    ...(result.output !== undefined ? { output: result.output } : {}),
    ...(result.await ? { await: awaitView(result.await) } : {}),
    ...(result.error ? { error: errorView(result.error, root) } : {}),
  };
}

/** A run in `GET /v1/runs`: its error too, file paths made relative to `root`. */
export function runSummary(run: RunRecord, root: string) {
  return {
    runId: run.id,
    skill: run.skill.id,
    version: run.skill.version,
    ...(run.skill.digest ? { digest: run.skill.digest } : {}),
    status: run.status,
    ...(run.parentRunId ? { parentRunId: run.parentRunId } : {}),
    ...(run.forkedFrom ? { forkedFrom: run.forkedFrom } : {}),
    ...(run.error ? { error: errorView(run.error, root) } : {}),
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
  };
}

/** A run in `GET /v1/runs/{runId}` and after a cancel. */
export function runView(run: RunRecord, root: string) {
  return {
    ...runSummary(run, root),
    input: run.input,
    ...(run.output !== undefined ? { output: run.output } : {}),
    ...(run.awaiting && run.status === 'awaiting' ? { await: awaitView(run.awaiting) } : {}),
  };
}

function awaitView(request: AwaitRequest) {
  return {
    step: request.step,
    message: request.message,
    inputSchema: request.inputSchema as Record<string, unknown>,
    ...(request.card !== undefined ? { card: request.card } : {}),
  };
}

function errorView(error: RunError, root: string): RunError {
  return { ...error, message: redactPaths(error.message, root) };
}

/** A run event as the API shows it: the error texts of failures with paths made relative to `root`. */
export function eventView(event: RunEvent, root: string): RunEvent {
  if (event.type === 'failed') return { ...event, error: errorView(event.error, root) };
  if (event.type === 'node_failed') return { ...event, error: redactPaths(event.error, root) };
  return event;
}
