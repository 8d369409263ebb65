import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { skein } from '../../helpers/cli.js';
import { serverEnv } from '../../helpers/server.js';

/** The stored status of a run, through `skein inspect --json`. */
async function statusOf(runId: string, env: Record<string, string>): Promise<string> {
  const inspect = await skein(['inspect', runId, '--json'], { env });
  assert.equal(inspect.code, 0, inspect.stderr);
  return JSON.parse(inspect.stdout).run.status;
}

test('skein run --detach prints the run id and returns; a background process finishes the run', async () => {
  const env = serverEnv();
  const detached = await skein(['run', 'gated', '--detach', '--input', '{"gate": "g1"}'], { env });
  assert.equal(detached.code, 0, detached.stderr);
  const runId = detached.stdout.trim();
  assert.match(runId, /^[0-9a-f-]{36}$/);
  // The command returned while the run waits at its gate.
  assert.equal(await statusOf(runId, env), 'running');
  writeFileSync(join(env.GATE_DIR, 'g1'), '');
  const until = Date.now() + 20_000;
  let status = 'running';
  while (status === 'running' && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    status = await statusOf(runId, env);
  }
  assert.equal(status, 'completed');
});

test('skein run --detach checks the input first: a bad one exits 2 and stores nothing', async () => {
  const env = serverEnv();
  const bad = await skein(['run', 'greet', '--detach', '--input', '{"name": 7}', '--json'], { env });
  assert.equal(bad.code, 2);
  assert.equal(JSON.parse(bad.stdout).error.code, 'input_invalid');
  const runs = await skein(['runs', '--json'], { env });
  assert.deepEqual(JSON.parse(runs.stdout).runs, []);
});

test('skein run --webhook URL stores the run with its webhook: its delivery waits in the outbox for a serve', async () => {
  const env = serverEnv();
  const url = 'http://127.0.0.1:9/cli-hook';
  const bad = await skein(['run', 'greet', '--input', '{"name": "a"}', '--webhook', 'not-a-url'], { env });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--webhook takes an http or https URL/);
  const ran = await skein(['run', 'greet', '--input', '{"name": "a"}', '--webhook', url, '--json'], { env });
  assert.equal(ran.code, 0, ran.stderr);
  const { runId } = JSON.parse(ran.stdout);
  const listed = await skein(['webhooks', '--json'], { env });
  const [row] = JSON.parse(listed.stdout).deliveries;
  assert.deepEqual(
    [row.runId, row.url, row.event, row.status, row.attempts],
    [runId, url, 'run.completed', 'pending', 0],
  );
  assert.ok(row.nextAttemptAt);
});
