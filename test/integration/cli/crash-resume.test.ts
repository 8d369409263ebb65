import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';

const FIXTURE = join(ROOT, 'test/fixtures/crash');

async function waitFor(check: () => boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

test('a run killed with SIGKILL mid-step resumes from the store: finished steps are not repeated', async () => {
  const home = mkdtempSync(join(tmpdir(), 'skein-crash-'));
  const marks = join(home, 'marks.txt');
  const env = {
    ...process.env,
    SKEIN_HOME: home,
    SKEIN_CONFIG: join(FIXTURE, 'skein.yaml'),
    MARKS_FILE: marks,
    NO_COLOR: '1',
  };
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/skein.js'), 'run', join(FIXTURE, 'crashy.md'), '--input', '{"label": "nap"}', '--json'],
    {
      env: { ...env, SLOW_MS: '60000' },
    },
  );
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  await waitFor(() => existsSync(marks) && readFileSync(marks, 'utf8').includes('slow-start'));
  child.kill('SIGKILL');
  await new Promise((r) => child.on('close', r));
  assert.deepEqual(readFileSync(marks, 'utf8').split('\n').filter(Boolean), ['first', 'slow-start'], stderr);

  // The killed process printed nothing; read the run id from the store.
  const { SqliteRunStore } = await import('../../../src/store/sqlite.js');
  const store = new SqliteRunStore(join(home, 'runs.db'));
  const {
    runs: [run],
  } = await store.listRuns({ limit: 1 });
  await store.close();
  assert.equal(run.status, 'running');

  const shortWait = {
    SKEIN_HOME: home,
    SKEIN_CONFIG: join(FIXTURE, 'skein.yaml'),
    MARKS_FILE: marks,
    SLOW_MS: '10',
  };
  // Resuming needs no input: the process that held the run is gone. The step in flight runs again.
  const resumed = await skein(['resume', run.id, '--json'], { env: shortWait });
  assert.equal(resumed.code, 0, resumed.stdout + resumed.stderr);
  const out = JSON.parse(resumed.stdout);
  assert.equal(out.status, 'completed');
  assert.equal(out.output.summary, 'first=true waited=nap 10 ms last=true');
  assert.deepEqual(readFileSync(marks, 'utf8').split('\n').filter(Boolean), [
    'first',
    'slow-start',
    'slow-start',
    'slow-end',
    'last',
  ]);

  const again = await skein(['resume', run.id, '--json'], { env: shortWait });
  assert.equal(again.code, 1);
  assert.match(JSON.parse(again.stdout).error.message, /cannot be resumed: it has already completed/);
});
