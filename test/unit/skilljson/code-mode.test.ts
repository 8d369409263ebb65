import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSkein } from '../../../src/host/index.js';
import { RUN_SKILLS, run, testHost } from '../../helpers/skilljson.js';

test('code mode: execute(input, ctx) in index.ts, loaded without a build step; ctx.call runs skills of any dialect', async (t) => {
  const host = await testHost();
  t.after(() => host.close());
  const r = await run(host, 'caller', { name: 'Ada' });
  assert.equal(r.status, 'completed', JSON.stringify(r.error));
  assert.deepEqual(r.output, { greeting: 'Hello, Ada!' });
  const children = r.events
    .filter((e) => e.type === 'run_started')
    .map((e) => (e as { skill: string }).skill);
  assert.deepEqual(children, ['caller', 'greet', 'echo']);
});

test('ctx gives the session and the config (without secrets)', async (t) => {
  const host = await testHost();
  t.after(() => host.close());
  const r = await run(host, 'echo', { value: 1 });
  assert.deepEqual(r.output, { value: 1, sessionMessages: 0, home: host.config.home });
});

test('a step that outlives its timeout fails the run with code timeout', async (t) => {
  const host = await testHost();
  t.after(() => host.close());
  const started = Date.now();
  const r = await run(host, 'slow', {});
  assert.equal(r.status, 'failed');
  assert.equal(r.error?.code, 'timeout');
  assert.equal(r.error?.message, 'step "slow" timed out after 300 ms');
  assert.ok(Date.now() - started < 3000, 'the runtime gave up without waiting for the code');
});

test('a thrown error fails the step with its message and the stack frames inside the skill', async (t) => {
  const host = await testHost();
  t.after(() => host.close());
  const r = await run(host, 'boom', {});
  assert.equal(r.status, 'failed');
  assert.equal(r.error?.code, 'node_failed');
  assert.match(r.error!.message, /^step "boom" \(.*skill\.json:7\) failed: the fuse was lit\n/);
  assert.match(r.error!.message, /at explode \(.*run\/boom\/index\.ts:\d+:\d+\)/);
});

test('retry gives a failing step another attempt', async (t) => {
  const host = await testHost();
  t.after(() => host.close());
  const r = await run(host, 'flaky', {});
  assert.equal(r.status, 'completed', JSON.stringify(r.error));
  assert.deepEqual(r.output, { attempt: 2 });
  const failures = r.events.filter((e) => e.type === 'node_failed');
  assert.equal(failures.length, 1);
  assert.deepEqual(
    { ...failures[0], runId: undefined, seq: undefined, at: undefined },
    {
      type: 'node_failed',
      node: 'flaky',
      error: (failures[0] as { error: string }).error,
      attempt: 1,
      willRetry: true,
      runId: undefined,
      seq: undefined,
      at: undefined,
    },
  );
});

test('a code-mode skill without index.ts fails when run, saying what to add', async (t) => {
  const host = await testHost();
  t.after(() => host.close());
  const r = await run(host, 'no_code', {});
  assert.equal(r.status, 'failed');
  assert.match(
    r.error!.message,
    /run\/no_code\/index\.ts does not exist: a code-mode skill exports execute\(input, ctx\) from index\.ts or index\.js in its folder/,
  );
});

test('a skill outside any package.json (CommonJS by Node’s rules) shows its own file and line, not a data: URL', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-cjs-skill-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(RUN_SKILLS, 'boom'), join(dir, 'boom'), { recursive: true });
  const skein = openSkein({ skills: dir, store: 'memory', home: join(dir, '.skein') });
  t.after(() => skein.close());
  const r = await skein.run('boom', {});
  assert.equal(r.status, 'failed');
  assert.match(r.error!.message, /failed: the fuse was lit\n/);
  assert.match(
    r.error!.message,
    new RegExp(`at explode \\(${join(dir, 'boom/index.ts').replace(/[.]/g, '\\.')}:\\d+:\\d+\\)`),
  );
  assert.doesNotMatch(r.error!.message, /data:/);
});
