import { createRoute, z } from '@hono/zod-openapi';
import type { RunEvent } from '../../runtime/index.js';
import { traceOfRun, usageOfRun } from '../../trace/index.js';
import { newOpenApiApp } from '../openapi-app.js';
import {
  ForkRequestSchema,
  ResumeRequestSchema,
  RunListSchema,
  RunRequestSchema,
  RunResultSchema,
  RunSchema,
  RunStatusSchema,
  RunTraceSchema,
  StartedRunSchema,
} from '../run-schemas.js';
import { documentedError, eventStream, jsonBody } from '../schemas.js';
import type { RunControl } from '../run-hub.js';
import type { SkillCatalog } from '../skill-catalog.js';
import { streamRun, wantsEventStream, type StreamSettings } from '../sse.js';
import { resultView, runSummary, runView } from '../views.js';
import { ambiguousRunResponse, RunIdParam, runNamed } from './run-id.js';

const resultResponses = {
  200: {
    description:
      'how the run ended or paused (as `skein run --json`); with `Accept: text/event-stream`, its events and then an event `result` with that JSON',
    content: { 'application/json': { schema: RunResultSchema }, ...eventStream },
  },
  400: documentedError(
    'bad JSON, an input that does not match the schema (`fields` names each bad field), or `run_ambiguous`: a run id prefix that several runs start with',
  ),
  404: documentedError('no such skill, version or run'),
  413: documentedError('the body is too large'),
};

const startRun = createRoute({
  method: 'post',
  path: '/skills/{id}/runs',
  operationId: 'startRun',
  summary:
    'Run a skill until it completes, pauses for a person, or fails; or, with `"wait": false` or `Prefer: respond-async`, start it and answer at once',
  request: {
    params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) }),
    headers: z.object({
      prefer: z
        .string()
        .optional()
        .openapi({ description: '`respond-async`: as `"wait": false` (RFC 7240)' }),
      'idempotency-key': z.string().min(1).max(255).optional().openapi({
        description:
          "a start with a key an earlier start used (within `idempotency.keep`, default 24 h) makes no run: it answers as for the earlier start's run, the same `runId`; with another skill or input, 409 `idempotency_conflict`",
      }),
    }),
    body: jsonBody(RunRequestSchema),
  },
  responses: {
    ...resultResponses,
    409: documentedError(
      '`idempotency_conflict`: the `Idempotency-Key` was used by a start with another skill or input',
    ),
    202: {
      description:
        'the run is stored and goes on here or in a worker; follow `links.events` or read `links.self`',
      content: { 'application/json': { schema: StartedRunSchema } },
    },
  },
});

const listRuns = createRoute({
  method: 'get',
  path: '/runs',
  operationId: 'listRuns',
  summary: 'Runs, newest first',
  request: {
    query: z.object({
      status: RunStatusSchema.optional(),
      skill: z.string().optional().openapi({
        description: 'a skill id, or `id@version` for the runs of one version',
        example: 'confirm@1.0.0',
      }),
      limit: z.coerce.number().int().min(1).max(200).default(20),
      cursor: z.string().regex(/^\d+$/, 'must be the `next` of a page').optional(),
    }),
  },
  responses: {
    200: {
      description: 'a page of runs; `next` is the cursor of the next page',
      content: { 'application/json': { schema: RunListSchema } },
    },
    400: documentedError('a bad query'),
  },
});

const getRun = createRoute({
  method: 'get',
  path: '/runs/{runId}',
  operationId: 'getRun',
  summary: 'One run',
  request: { params: RunIdParam },
  responses: {
    200: { description: 'the run', content: { 'application/json': { schema: RunSchema } } },
    400: ambiguousRunResponse,
    404: documentedError('no such run'),
  },
});

const getTrace = createRoute({
  method: 'get',
  path: '/runs/{runId}/trace',
  operationId: 'getRunTrace',
  summary: "A run's trace drawn from its stored events (one root span per part of the run), and its usage",
  request: { params: RunIdParam },
  responses: {
    200: { description: 'the trace', content: { 'application/json': { schema: RunTraceSchema } } },
    400: ambiguousRunResponse,
    404: documentedError('no such run'),
  },
});

const resumeRun = createRoute({
  method: 'post',
  path: '/runs/{runId}/resume',
  operationId: 'resumeRun',
  summary: 'Answer a run that awaits a person (like `skein resume --json`)',
  request: { params: RunIdParam, body: jsonBody(ResumeRequestSchema) },
  responses: {
    ...resultResponses,
    409: documentedError(
      '`not_awaiting`: the run does not await an answer (a second resume included); `upgrade_incompatible`: the newest version cannot take the run over (each difference in `fields`)',
    ),
  },
});

const forkRun = createRoute({
  method: 'post',
  path: '/runs/{runId}/fork',
  operationId: 'forkRun',
  summary:
    "Run a run again from one of its steps as a new run linked to it (like `skein fork --json`): the parent's results before the step kept, the edits applied",
  request: { params: RunIdParam, body: jsonBody(ForkRequestSchema) },
  responses: {
    ...resultResponses,
    404: documentedError('no such run, or `step_not_found`: the skill has no such step'),
    409: documentedError(
      '`upgrade_incompatible`: the newest version cannot take the fork (each difference in `fields`)',
    ),
  },
});

const cancelRun = createRoute({
  method: 'post',
  path: '/runs/{runId}/cancel',
  operationId: 'cancelRun',
  summary: 'Cancel a run that has not ended, wherever it runs',
  request: { params: RunIdParam },
  responses: {
    200: {
      description: 'the run, now failed with code `cancelled`',
      content: { 'application/json': { schema: RunSchema } },
    },
    202: {
      description: 'the process that runs it was asked to stop and has not yet: the run, still running',
      content: { 'application/json': { schema: RunSchema } },
    },
    400: ambiguousRunResponse,
    404: documentedError('no such run'),
    409: documentedError('`run_ended`: the run has already completed or failed'),
  },
});

/** `POST /v1/skills/{id}/runs`, `GET /v1/runs`, `GET /v1/runs/{runId}`, `POST .../resume`, `.../fork`, `.../cancel`. */
export function runRoutes(settings: StreamSettings, catalog: SkillCatalog) {
  const { hub, root } = settings;
  return newOpenApiApp()
    .openapi(startRun, async (c) => {
      const body = c.req.valid('json');
      const skill = await catalog.find(c.req.valid('param').id, body.version);
      const input = body.input ?? {};
      const headers = c.req.valid('header');
      const idempotencyKey = headers['idempotency-key'];
      const webhook = body.webhook;
      if (body.wait === false || /\brespond-async\b/i.test(headers.prefer ?? '')) {
        const runId = await hub.startDetached(skill, input, { idempotencyKey, webhook });
        c.header('Preference-Applied', 'respond-async');
        c.header('Location', `/v1/runs/${runId}`);
        return c.json(startedView(runId), 202);
      }
      if (!wantsEventStream(c))
        return c.json(resultView(await hub.start(skill, input, { idempotencyKey, webhook }), root), 200);
      const { first, control } = firstEvent();
      const result = hub.start(skill, input, { ...control, idempotencyKey, webhook });
      const started = await Promise.race([first, result]);
      return streamRun(c, settings, started.runId, -1, result);
    })
    .openapi(listRuns, async (c) => {
      const page = await hub.skein.listRuns(c.req.valid('query'));
      return c.json(
        { runs: page.runs.map((r) => runSummary(r, root)), ...(page.next ? { next: page.next } : {}) },
        200,
      );
    })
    .openapi(getRun, async (c) => {
      const run = await runNamed(hub.skein, c.req.valid('param').runId);
      const usage = usageOfRun(await hub.skein.events(run.id), hub.skein.config.trace.prices);
      const forks = (await hub.skein.forks(run.id)).map((f) => ({
        runId: f.id,
        step: f.forkedFrom!.step,
        status: f.status,
      }));
      return c.json({ ...runView(run, root), ...(forks.length ? { forks } : {}), usage }, 200);
    })
    .openapi(getTrace, async (c) => {
      const { id: runId } = await runNamed(hub.skein, c.req.valid('param').runId);
      const events = await hub.skein.events(runId);
      const usage = usageOfRun(events, hub.skein.config.trace.prices);
      return c.json({ trace: traceOfRun(events), usage }, 200);
    })
    .openapi(resumeRun, async (c) => {
      const { id: runId } = await runNamed(hub.skein, c.req.valid('param').runId);
      const { input, upgrade } = c.req.valid('json');
      if (!wantsEventStream(c))
        return c.json(resultView(await hub.resume(runId, input, { upgrade }), root), 200);
      const { first, control } = firstEvent(runId);
      const result = hub.resume(runId, input, { ...control, upgrade });
      const resumed = await Promise.race([first, result]);
      const after = 'seq' in resumed ? resumed.seq - 1 : -1;
      return streamRun(c, settings, runId, after, result);
    })
    .openapi(forkRun, async (c) => {
      const { id: runId } = await runNamed(hub.skein, c.req.valid('param').runId);
      const fork = c.req.valid('json');
      if (!wantsEventStream(c)) return c.json(resultView(await hub.fork(runId, fork), root), 200);
      const { first, control } = firstEvent();
      const result = hub.fork(runId, fork, control);
      const started = await Promise.race([first, result]);
      return streamRun(c, settings, started.runId, -1, result);
    })
    .openapi(cancelRun, async (c) => {
      const run = await hub.skein.cancel((await runNamed(hub.skein, c.req.valid('param').runId)).id);
      return c.json(runView(run, root), run.status === 'running' ? 202 : 200);
    });
}

/** The 202 answer to a run started without waiting: its id and where to follow it. */
function startedView(runId: string) {
  const self = `/v1/runs/${runId}`;
  return { runId, status: 'running' as const, links: { self, events: `${self}/events` } };
}

/** A listener that catches the first event of the run (of `runId`, or of the run being started). */
function firstEvent(runId?: string): { first: Promise<RunEvent>; control: RunControl } {
  let resolve!: (event: RunEvent) => void;
  const first = new Promise<RunEvent>((r) => (resolve = r));
  return { first, control: { onEvent: (e) => (!runId || e.runId === runId) && resolve(e) } };
}
