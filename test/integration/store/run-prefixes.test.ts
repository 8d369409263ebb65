// A run named by a prefix of its id (8 characters or more) works on every store, through every command
// and route that takes a run id: `skein inspect` and `resume`, GET /v1/runs/{id}, its events and trace,
// resume and cancel, and MCP's skein_resume. A prefix several runs start with is refused, naming them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunRecord, RunStore } from '../../../src/runtime/index.js';
import { PostgresRunStore } from '../../../src/store/postgres/store.js';
import { SqliteRunStore } from '../../../src/store/sqlite.js';
import { skein } from '../../helpers/cli.js';
import { httpClient } from '../../helpers/mcp-server.js';
import { createDatabase, postgresAvailable } from '../../helpers/postgres.js';
import { api, serverEnv, startServer, type Json } from '../../helpers/server.js';

const pgSkip = !(await postgresAvailable()) && 'no PostgreSQL';
const TWINS = ['abcdef12-0000-4000-8000-000000000001', 'abcdef12-0000-4000-8000-000000000002'];

/** Two finished runs whose ids start alike, written straight into the store. */
async function seedTwins(store: RunStore): Promise<void> {
  const now = new Date().toISOString();
  for (const id of TWINS) {
    const run: RunRecord = {
      id,
      skill: { id: 'confirm', version: '1.0.0', source: 'confirm.md' },
      input: { item: 'twin' },
      status: 'completed',
      output: { answer: 'twin' },
      createdAt: now,
      updatedAt: now,
    };
    await store.createRun(run);
  }
  await store.close();
}

const stores = [
  {
    name: 'sqlite',
    skip: false as const,
    async env() {
      const env = serverEnv();
      return {
        env,
        open: async () => new SqliteRunStore(join(env.SKEIN_HOME, 'runs.db')),
        drop: async () => {},
      };
    },
  },
  {
    name: 'postgres',
    skip: pgSkip,
    async env() {
      const db = await createDatabase('prefixes');
      const env = serverEnv({ SKEIN_STORE: db.url });
      return { env, open: () => PostgresRunStore.open(db.url), drop: db.drop };
    },
  },
];

const firstJson = (result: Json) => JSON.parse(result.content[0].text);

for (const store of stores)
  test(
    `${store.name}: run-id prefixes through the CLI, the HTTP API and MCP`,
    { skip: store.skip },
    async (t) => {
      const { env, open, drop } = await store.env();
      t.after(drop);
      await seedTwins(await open());

      // The CLI.
      const paused = await skein(['run', 'confirm', '--input', '{"item":"tea"}', '--json'], { env });
      const { runId } = JSON.parse(paused.stdout);
      const short = runId.slice(0, 8);
      const inspected = await skein(['inspect', short, '--json'], { env });
      assert.equal(inspected.code, 0, inspected.stdout + inspected.stderr);
      assert.equal(JSON.parse(inspected.stdout).run.id, runId);
      const resumed = await skein(['resume', short, '--input', '{"ok":true}', '--json'], { env });
      assert.equal(resumed.code, 0, resumed.stdout + resumed.stderr);
      assert.deepEqual(JSON.parse(resumed.stdout).output, { answer: 'tea ok=true note=' });
      for (const args of [
        ['inspect', 'abcdef12'],
        ['resume', 'abcdef12', '--input', '{"ok":true}'],
      ]) {
        const ambiguous = await skein([...args, '--json'], { env });
        assert.notEqual(ambiguous.code, 0);
        const { error } = JSON.parse(ambiguous.stdout);
        assert.equal(error.code, 'run_ambiguous', args.join(' '));
        for (const id of TWINS) assert.ok(error.message.includes(id), `${error.message} names ${id}`);
        assert.match(error.message, /give more of the id/);
      }
      const human = await skein(['inspect', 'abcdef12'], { env });
      assert.match(
        human.stderr,
        /several runs start with abcdef12: abcdef12-0000-4000-8000-00000000000[12] \(confirm, completed/,
      );

      // The HTTP API.
      const server = await startServer(env);
      t.after(() => server.stop());
      const started = await api(`${server.url}/v1/skills/confirm/runs`, {
        method: 'POST',
        json: { input: { item: 'tea' } },
      });
      assert.equal(started.body.status, 'awaiting');
      const id = started.body.runId;
      const prefix = `${server.url}/v1/runs/${id.slice(0, 8)}`;
      const got = await api(prefix);
      assert.deepEqual([got.status, got.body.runId], [200, id]);
      const events = await api(`${prefix}/events`, { headers: { accept: 'application/json' } });
      assert.equal(events.status, 200);
      assert.ok(events.body.events.every((e: Json) => e.runId === id) && events.body.events.length > 2);
      assert.equal((await api(`${prefix}/trace`)).status, 200);
      const answered = await api(`${prefix}/resume`, { method: 'POST', json: { input: { ok: false } } });
      assert.deepEqual([answered.status, answered.body.runId, answered.body.status], [200, id, 'completed']);
      for (const [method, path] of [
        ['GET', ''],
        ['GET', '/events'],
        ['GET', '/trace'],
        ['POST', '/resume'],
        ['POST', '/cancel'],
      ]) {
        const ambiguous = await api(`${server.url}/v1/runs/abcdef12${path}`, {
          method,
          ...(method === 'POST' ? { json: { input: { ok: true } } } : {}),
          headers: { accept: 'application/json' },
        });
        assert.equal(ambiguous.status, 400, `${method} ${path}: ${JSON.stringify(ambiguous.body)}`);
        assert.equal(ambiguous.body.error.code, 'run_ambiguous');
        assert.ok(TWINS.every((twin) => ambiguous.body.error.message.includes(twin)));
      }
      assert.equal((await api(`${server.url}/v1/runs/ffffffff`)).status, 404);

      // Cancel by prefix: a run held at its gate.
      const gated = fetch(`${server.url}/v1/skills/gated/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input: { gate: 'never' } }),
      }).then((r) => r.json() as Promise<Json>);
      let running: Json;
      while (!running) {
        running = (await api(`${server.url}/v1/runs?skill=gated&status=running`)).body.runs[0];
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const cancelled = await api(`${server.url}/v1/runs/${running.runId.slice(0, 8)}/cancel`, {
        method: 'POST',
      });
      assert.ok([200, 202].includes(cancelled.status), JSON.stringify(cancelled.body));
      assert.equal(cancelled.body.runId, running.runId);
      writeFileSync(join(env.GATE_DIR, 'never'), '');
      assert.equal((await gated).error?.code, 'cancelled');

      // MCP's skein_resume.
      const client = await httpClient(server.url, undefined);
      t.after(() => client.close());
      const pausedCall = firstJson(await client.callTool({ name: 'confirm', arguments: { item: 'a desk' } }));
      assert.equal(pausedCall.status, 'awaiting');
      const done = await client.callTool({
        name: 'skein_resume',
        arguments: { runId: pausedCall.runId.slice(0, 8), input: { ok: true } },
      });
      assert.equal(done.isError, undefined, JSON.stringify(done.content));
      assert.deepEqual(done.structuredContent, { answer: 'a desk ok=true note=' });
      const twin = await client.callTool({
        name: 'skein_resume',
        arguments: { runId: 'abcdef12', input: { ok: true } },
      });
      assert.equal(twin.isError, true);
      assert.equal(firstJson(twin).error.code, 'run_ambiguous');
      assert.match(firstJson(twin).error.message, /abcdef12-0000-4000-8000-000000000001/);
    },
  );
