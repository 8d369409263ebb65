import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { lintErrors, redoclyLint } from '../../helpers/redocly.js';
import { api, readSse, serveDuringFile, sseEvents, type Json } from '../../helpers/server.js';

// Every route and status code of docs/http-api.md, through real HTTP on one `skein serve` process.

const s = serveDuringFile();

/** No error body may carry a stack frame or a path of the server's machine. */
function assertClean(body: Json) {
  const text = JSON.stringify(body);
  assert.doesNotMatch(text, /\bat .+:\d+:\d+|\/(tmp|work|home|root|usr)\//, text);
}

test('health needs nothing; unknown routes are 404 in the error shape; request ids are echoed', async () => {
  const health = await api(`${s.v1}/health`, { headers: { 'x-request-id': 'abc-123' } });
  assert.deepEqual(health.body, { status: 'ok', version: '0.1.0' });
  assert.equal(health.headers.get('x-request-id'), 'abc-123');
  assert.match((await api(`${s.v1}/health`)).headers.get('x-request-id')!, /^[0-9a-f-]{36}$/);
  const missing = await api(`${s.server.url}/nowhere`);
  assert.equal(missing.status, 404);
  assert.equal(missing.body.error.code, 'not_found');
  const missingV1 = await api(`${s.v1}/nothing`);
  assert.deepEqual(missingV1.body.error, { code: 'not_found', message: 'no route GET /v1/nothing' });
});

test('a misspelt body field is refused with the field it may mean, not ignored', async () => {
  const misspelt = await api(`${s.v1}/skills/greet/runs`, {
    method: 'POST',
    json: { inputs: { name: 'a' } },
  });
  assert.equal(misspelt.status, 400);
  assert.equal(misspelt.body.error.code, 'unknown_field');
  assert.match(misspelt.body.error.message, /unknown field "inputs"; did you mean "input"\?/);
  assert.deepEqual(
    misspelt.body.error.fields.map((f: Json) => f.field),
    ['inputs'],
  );
  const route = await api(`${s.v1}/route`, { method: 'POST', json: { request: 'hi', limt: 2 } });
  assert.deepEqual([route.status, route.body.error.code], [400, 'unknown_field']);
  assert.match(route.body.error.message, /did you mean "limit"/);
});

test('skills: the list with versions and filters, one skill with its graph or document, chunks', async () => {
  const all = (await api(`${s.v1}/skills`)).body.skills as Json[];
  assert.deepEqual(
    all.map((s) => [s.id, s.version, s.versions, s.dialect, s.executable]),
    [
      ['confirm', '1.0.0', ['1.0.0'], 'aegis', true],
      ['gated', '1.0.0', ['1.0.0'], 'aegis', true],
      ['greet', '1.0.0', ['1.0.0', '0.9.0'], 'aegis', true],
      ['guide', '1.0.0', ['1.0.0'], 'skilldoc', false],
    ],
  );
  const ids = async (query: string) =>
    ((await api(`${s.v1}/skills?${query}`)).body.skills as Json[]).map((s) => s.id);
  assert.deepEqual(await ids('dialect=skilldoc'), ['guide']);
  assert.deepEqual(await ids('tag=demo'), ['greet']);
  assert.deepEqual(await ids('q=CONFIRM order'), ['confirm']);
  assert.equal((await api(`${s.v1}/skills?dialect=cobol`)).status, 400);

  const greet = (await api(`${s.v1}/skills/greet`)).body;
  assert.equal(greet.version, '1.0.0');
  assert.deepEqual(greet.input.required, ['name']);
  assert.deepEqual(greet.graph.nodes[0], { id: 'compose', kind: 'template', label: 'template' });
  assert.deepEqual(greet.graph.edges[0], { from: 'compose', to: '__output__', kind: 'next' });
  assert.equal(greet.doc, undefined);
  assert.equal((await api(`${s.v1}/skills/greet?version=0.9.0`)).body.version, '0.9.0');
  const noVersion = await api(`${s.v1}/skills/greet?version=3.0.0`);
  assert.deepEqual([noVersion.status, noVersion.body.error.code], [404, 'skill_not_found']);
  assert.match(noVersion.body.error.message, /versions: 1\.0\.0, 0\.9\.0/);
  assert.equal((await api(`${s.v1}/skills/nope`)).status, 404);

  const guide = (await api(`${s.v1}/skills/guide`)).body;
  assert.equal(guide.graph, undefined);
  assert.deepEqual(guide.doc.chunks, [
    { id: 'setup', description: 'How to set things up' },
    { id: 'usage', description: 'How to use it' },
  ]);
  assert.match(guide.doc.summary, /\[Available Chunks\]/);
  const chunk = await api(`${s.v1}/skills/guide/chunks/usage`);
  assert.equal(chunk.body.id, 'usage');
  assert.match(chunk.body.content, /Run it\./);
  const badChunk = await api(`${s.v1}/skills/guide/chunks/nope`);
  assert.equal(badChunk.status, 404);
  assert.match(badChunk.body.error.message, /its chunks: setup, usage/);
  assert.equal((await api(`${s.v1}/skills/greet/chunks/x`)).status, 404);
});

test('POST runs: completed, awaiting, and every refusal with its status', async () => {
  const done = await api(`${s.v1}/skills/greet/runs`, { method: 'POST', json: { input: { name: 'Ann' } } });
  assert.equal(done.status, 200);
  assert.deepEqual(done.body, {
    runId: done.body.runId,
    status: 'completed',
    output: { greeting: 'Hello, Ann!' },
  });
  const old = await api(`${s.v1}/skills/greet/runs`, {
    method: 'POST',
    json: { input: { name: 'Ann' }, version: '0.9.0' },
  });
  assert.deepEqual(old.body.output, { greeting: 'Hi Ann' });

  const paused = await api(`${s.v1}/skills/confirm/runs`, {
    method: 'POST',
    json: { input: { item: 'pen' } },
  });
  assert.equal(paused.body.status, 'awaiting');
  assert.equal(paused.body.await.step, 'ask');
  assert.equal(paused.body.await.message, 'Order: pen. Confirm?');
  assert.deepEqual(paused.body.await.inputSchema.required, ['ok']);

  const invalid = await api(`${s.v1}/skills/greet/runs`, {
    method: 'POST',
    json: { input: { name: 7, extra: 1 } },
  });
  assert.equal(invalid.status, 400);
  assert.equal(invalid.body.error.code, 'input_invalid');
  assert.deepEqual(invalid.body.error.fields, [{ field: 'name', message: 'must be string' }]);
  const noName = await api(`${s.v1}/skills/greet/runs`, { method: 'POST', json: {} });
  assert.deepEqual(noName.body.error.fields, [{ field: 'name', message: 'is required' }]);
  const badJson = await api(`${s.v1}/skills/greet/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"input":',
  });
  assert.deepEqual([badJson.status, badJson.body.error.code], [400, 'bad_json']);
  const badBody = await api(`${s.v1}/skills/greet/runs`, { method: 'POST', json: { input: [1] } });
  assert.deepEqual([badBody.status, badBody.body.error.code], [400, 'invalid_request']);
  assert.equal(badBody.body.error.fields[0].field, 'input');
  const notJson = await api(`${s.v1}/skills/greet/runs`, { method: 'POST', body: 'name=Ann' });
  assert.deepEqual([notJson.status, notJson.body.error.code], [415, 'unsupported_media_type']);
  const doc = await api(`${s.v1}/skills/guide/runs`, { method: 'POST', json: {} });
  assert.deepEqual([doc.status, doc.body.error.code], [400, 'not_executable']);
  const unknown = await api(`${s.v1}/skills/nope/runs`, { method: 'POST', json: {} });
  assert.deepEqual([unknown.status, unknown.body.error.code], [404, 'skill_not_found']);
  for (const r of [invalid, badJson, badBody, notJson, doc, unknown]) assertClean(r.body);
});

test('POST runs with Accept: text/event-stream streams the events, then the result', async () => {
  const res = await fetch(`${s.v1}/skills/greet/runs`, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify({ input: { name: 'Bo' } }),
  });
  assert.equal(res.headers.get('content-type'), 'text/event-stream');
  const events = await readSse(res);
  const result = events.at(-1)!;
  assert.equal(result.event, 'result');
  assert.equal(result.id, undefined);
  assert.deepEqual(result.data.output, { greeting: 'Hello, Bo!' });
  const stored = events.slice(0, -1);
  assert.deepEqual(
    stored.map((e) => e.event),
    ['run_started', 'node_started', 'node_finished', 'node_started', 'node_finished', 'completed'],
  );
  assert.deepEqual(
    stored.map((e) => e.id),
    stored.map((_, i) => String(i)),
  );
  assert.ok(stored.every((e) => e.data.seq === Number(e.id) && e.data.runId === result.data.runId));
});

test('runs: list newest first with filters and a cursor; one run; 404', async () => {
  const ids: string[] = [];
  for (const name of ['a', 'b', 'c'])
    ids.unshift(
      (await api(`${s.v1}/skills/greet/runs`, { method: 'POST', json: { input: { name } } })).body.runId,
    );
  const first = (await api(`${s.v1}/runs?skill=greet&limit=2`)).body;
  assert.deepEqual(
    first.runs.map((r: Json) => r.runId),
    ids.slice(0, 2),
  );
  assert.deepEqual(Object.keys(first.runs[0]).sort(), [
    'createdAt',
    'digest',
    'runId',
    'skill',
    'status',
    'updatedAt',
    'version',
  ]);
  const second = (await api(`${s.v1}/runs?skill=greet&limit=2&cursor=${first.next}`)).body;
  assert.equal(second.runs[0].runId, ids[2]);
  // `id@version`: the runs of one version of the skill.
  const old = (
    await api(`${s.v1}/skills/greet/runs`, {
      method: 'POST',
      json: { input: { name: 'o' }, version: '0.9.0' },
    })
  ).body.runId;
  const ofVersion = async (ref: string) =>
    ((await api(`${s.v1}/runs?skill=${ref}&limit=200`)).body.runs as Json[]).map((r) => r.runId);
  const older = await ofVersion('greet@0.9.0');
  assert.ok(older.includes(old) && !ids.some((id) => older.includes(id)));
  assert.deepEqual((await ofVersion('greet@1.0.0')).slice(0, 3), ids);
  assert.ok((await ofVersion('greet')).includes(old));
  assert.deepEqual(await ofVersion('greet@7.0.0'), []);
  const awaiting = (await api(`${s.v1}/runs?status=awaiting`)).body.runs as Json[];
  assert.ok(awaiting.length >= 1 && awaiting.every((r) => r.status === 'awaiting' && r.skill === 'confirm'));
  for (const bad of ['limit=0', 'limit=x', 'status=done', 'cursor=abc'])
    assert.equal((await api(`${s.v1}/runs?${bad}`)).status, 400, bad);

  const run = (await api(`${s.v1}/runs/${ids[0]}`)).body;
  assert.deepEqual(
    [run.runId, run.skill, run.version, run.status, run.input, run.output],
    [ids[0], 'greet', '1.0.0', 'completed', { name: 'c' }, { greeting: 'Hello, c!' }],
  );
  // The digest of the files the run is pinned to: the same for every run of the unchanged file.
  assert.match(run.digest as string, /^[0-9a-f]{64}$/);
  assert.equal(first.runs[0].digest, run.digest);
  const missing = await api(`${s.v1}/runs/nope`);
  assert.deepEqual([missing.status, missing.body.error.code], [404, 'run_not_found']);
  assert.match(missing.body.error.message, /^no run nope in this store/);
  const missingResume = await api(`${s.v1}/runs/0123456789abcdef/resume`, { method: 'POST', json: {} });
  assert.deepEqual(missingResume.body.error, {
    code: 'run_not_found',
    message: 'no run 0123456789abcdef in this store',
  });
});

test('events: JSON or SSE, after a seq or a Last-Event-ID; resume answers once; cancel', async () => {
  const paused = (
    await api(`${s.v1}/skills/confirm/runs`, { method: 'POST', json: { input: { item: 'cup' } } })
  ).body;
  const url = `${s.v1}/runs/${paused.runId}/events`;
  const json = (await api(url, { headers: { accept: 'application/json' } })).body.events as Json[];
  assert.deepEqual(
    json.map((e) => e.type),
    ['run_started', 'node_started', 'node_finished', 'node_started', 'awaiting'],
  );
  // The stream of an awaiting run replays its log and ends.
  const all = await readSse(await fetch(url));
  assert.deepEqual(
    all.map((e) => [e.id, e.event]),
    json.map((e) => [String(e.seq), e.type]),
  );
  const tail = await readSse(await fetch(url, { headers: { 'last-event-id': '2' } }));
  assert.deepEqual(
    tail.map((e) => e.id),
    ['3', '4'],
  );
  assert.deepEqual(
    (await readSse(await fetch(`${url}?after=3`))).map((e) => e.id),
    ['4'],
  );
  assert.equal((await api(`${s.v1}/runs/nope/events`)).status, 404);
  assert.equal((await api(`${url}?after=x`)).status, 400);

  const resume = `${s.v1}/runs/${paused.runId}/resume`;
  const wrong = await api(resume, { method: 'POST', json: { input: { ok: 'yes', note: 3 } } });
  assert.equal(wrong.status, 400);
  assert.deepEqual(
    wrong.body.error.fields.map((f: Json) => f.field),
    ['ok', 'note'],
  );
  const done = await api(resume, { method: 'POST', json: { input: { ok: true, note: 'fast' } } });
  assert.deepEqual(done.body.output, { answer: 'cup ok=true note=fast' });
  const again = await api(resume, { method: 'POST', json: { input: { ok: true } } });
  assert.deepEqual([again.status, again.body.error.code], [409, 'not_awaiting']);
  assert.equal((await api(`${s.v1}/runs/nope/resume`, { method: 'POST', json: { input: {} } })).status, 404);
  assert.deepEqual(
    (await readSse(await fetch(url, { headers: { 'last-event-id': '4' } }))).map((e) => e.event).slice(-2),
    ['node_finished', 'completed'],
  );

  const toCancel = (
    await api(`${s.v1}/skills/confirm/runs`, { method: 'POST', json: { input: { item: 'x' } } })
  ).body;
  const cancelled = await api(`${s.v1}/runs/${toCancel.runId}/cancel`, { method: 'POST' });
  assert.equal(cancelled.status, 200);
  assert.deepEqual([cancelled.body.status, cancelled.body.error.code], ['failed', 'cancelled']);
  const ended = await api(`${s.v1}/runs/${toCancel.runId}/cancel`, { method: 'POST' });
  assert.deepEqual([ended.status, ended.body.error.code], [409, 'run_ended']);
  assert.equal((await api(`${s.v1}/runs/nope/cancel`, { method: 'POST' })).status, 404);
});

test('cancel stops a running run at once: the in-flight tool call is aborted and the stream ends', async () => {
  const res = await fetch(`${s.v1}/skills/gated/runs`, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify({ input: { gate: 'never' } }),
  });
  const seen: string[] = [];
  for await (const e of sseEvents(res)) {
    seen.push(e.event!);
    if (e.event === 'tool_started') {
      // The tool is waiting at its gate: the event arrived while the step runs, not after it.
      const cancelled = await api(`${s.v1}/runs/${e.data.runId}/cancel`, { method: 'POST' });
      assert.deepEqual(
        [cancelled.status, cancelled.body.status, cancelled.body.error.code],
        [200, 'failed', 'cancelled'],
      );
    }
    if (e.event === 'result') assert.equal(e.data.error.code, 'cancelled');
  }
  assert.deepEqual(seen.slice(-4), ['tool_started', 'node_failed', 'failed', 'result']);
});

test('validate: one entry of validate --json; a bad body is 400', async () => {
  const text = '# skill: broken\n\n**version**: 1.0.0\n\n## description\nx\n';
  const report = await api(`${s.v1}/validate`, { method: 'POST', json: { text, path: 'broken.md' } });
  assert.equal(report.status, 200);
  assert.equal(report.body.path, 'broken.md');
  assert.equal(report.body.dialect, 'aegis');
  assert.ok(
    report.body.diagnostics.some((d: Json) => d.severity === 'error' && d.line >= 1 && d.column >= 1),
  );
  const ok = await api(`${s.v1}/validate`, {
    method: 'POST',
    json: {
      text: '---\nname: tiny\ndescription: a tiny guide\n---\n# Tiny\n\n## Overview\nx\n\n## Interface\ny\n',
      path: 'tiny.SKILL.md',
    },
  });
  assert.deepEqual([ok.body.dialect, ok.body.skills], ['skilldoc', [{ id: 'tiny', version: '1.0.0' }]]);
  const none = await api(`${s.v1}/validate`, { method: 'POST', json: { path: 'x.md' } });
  assert.deepEqual([none.status, none.body.error.fields[0].field], [400, 'text']);
});

test('openapi.json: a valid OpenAPI 3.1 document of every route, with each skill input schema', async () => {
  const doc = (await api(`${s.server.url}/openapi.json`)).body;
  assert.equal(doc.openapi, '3.1.0');
  const file = join(s.env.SKEIN_HOME, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  const result = await validate(file);
  assert.ok(result.valid, JSON.stringify(result));
  assert.deepEqual(Object.keys(doc.paths).sort(), [
    '/.well-known/agent-card.json',
    '/.well-known/agent-skills/index.json',
    '/.well-known/agent-skills/{archive}',
    '/.well-known/agent-skills/{name}/{path}',
    '/v1/awaits',
    '/v1/diagnostics',
    '/v1/experiments',
    '/v1/experiments/{id}',
    '/v1/health',
    '/v1/route',
    '/v1/runs',
    '/v1/runs/{runId}',
    '/v1/runs/{runId}/cancel',
    '/v1/runs/{runId}/diff/{otherId}',
    '/v1/runs/{runId}/events',
    '/v1/runs/{runId}/fork',
    '/v1/runs/{runId}/resume',
    '/v1/runs/{runId}/trace',
    '/v1/schedules',
    '/v1/skills',
    '/v1/skills/{id}',
    '/v1/skills/{id}/chunks/{chunkId}',
    '/v1/skills/{id}/runs',
    '/v1/validate',
    '/v1/webhooks/deliveries',
  ]);
  assert.deepEqual(doc.components.schemas['greet.input'].required, ['name']);
  assert.ok(doc.components.schemas['confirm.output'].properties.answer);
  assert.equal(doc.components.schemas['guide.input'], undefined);
});

test('openapi.json without tokens: redocly lint (recommended) finds no error; no security scheme', async () => {
  const doc = (await api(`${s.server.url}/openapi.json`)).body;
  const problems = await redoclyLint(doc);
  assert.equal(lintErrors(problems), '');
  // What is left are warnings: health has no 4xx answer, and the skills' schemas are there for clients
  // to use rather than used by an operation.
  assert.deepEqual([...new Set(problems.map((p) => p.ruleId))].sort(), [
    'no-unused-components',
    'operation-4xx-response',
  ]);
  assert.deepEqual(doc.security, []);
  assert.equal(doc.components.securitySchemes, undefined);
  assert.deepEqual(doc.servers, [{ url: '/', description: 'the server that serves this document' }]);
  const operations = Object.values(doc.paths as Record<string, Record<string, Json>>).flatMap((item) =>
    Object.values(item),
  );
  const ids = operations.map((o) => o.operationId);
  assert.ok(
    ids.every((id) => typeof id === 'string' && id),
    JSON.stringify(ids),
  );
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(operations.every((o) => !o.responses['401']));
});

test('the access log is one JSON line per request on stderr', () => {
  const lines = s.server
    .stderr()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
  const health = lines.find((l) => l.path === '/v1/health' && l.requestId === 'abc-123');
  assert.deepEqual(Object.keys(health).sort(), ['method', 'ms', 'path', 'requestId', 'status', 'time']);
  assert.equal(health.status, 200);
  assert.ok(lines.some((l) => l.status === 415));
});

test('POST runs with "webhook": an http(s) URL is kept with the run and queued; anything else is refused', async () => {
  const bad = await api(`${s.v1}/skills/greet/runs`, {
    method: 'POST',
    json: { input: { name: 'Ann' }, webhook: 'ftp://127.0.0.1/hook' },
  });
  assert.equal(bad.status, 400);
  const url = 'http://127.0.0.1:9/api-hook';
  const ran = await api(`${s.v1}/skills/greet/runs`, {
    method: 'POST',
    json: { input: { name: 'Ann' }, webhook: url },
  });
  assert.equal(ran.status, 200);
  const runId = (ran.body as { runId: string }).runId;
  const listed = await api(`${s.v1}/webhooks/deliveries?run=${runId}`);
  assert.equal(listed.status, 200);
  const deliveries = (listed.body as { deliveries: { url: string; event: string }[] }).deliveries;
  assert.deepEqual(
    deliveries.map((d) => [d.url, d.event]),
    [[url, 'run.completed']],
  );
  const refused = await api(`${s.v1}/webhooks/deliveries?status=lost`);
  assert.equal(refused.status, 400);
});
