import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPythonSandbox } from '../../../src/code/python/index.js';
import { python, TEST_SNAPSHOTS } from '../../helpers/python.js';

test('no interpreter starts before the first call', async () => {
  const sandbox = createPythonSandbox();
  assert.deepEqual(sandbox.stats(), { started: 0, calls: 0, interrupted: 0, terminated: 0, recycled: 0 });
  await sandbox.close();
});

test('calls beyond the pool wait for an interpreter; close rejects what still waits', async () => {
  const sandbox = createPythonSandbox({ workers: 1, snapshotDir: TEST_SNAPSHOTS });
  const slow = python('import time\ndef main(c):\n    time.sleep(0.2)\n    return c');
  const results = await Promise.all([1, 2, 3].map((n) => sandbox.run(slow, { n })));
  assert.deepEqual(results, [{ n: 1 }, { n: 2 }, { n: 3 }]);
  assert.equal(sandbox.stats().started, 1);
  const outcomes = Promise.allSettled([sandbox.run(slow, { n: 4 }), sandbox.run(slow, { n: 5 })]);
  await new Promise((resolve) => setTimeout(resolve, 50));
  await sandbox.close();
  const [running, waiting] = await outcomes;
  assert.equal(running.status === 'rejected' && running.reason.code, 'closed');
  assert.equal(
    waiting.status === 'rejected' && waiting.reason.message,
    'the Python sandbox was closed before the call finished',
  );
  await assert.rejects(sandbox.run(slow, {}), { code: 'closed' });
});

test('a call that waits for the first interpreter says so; a call to a warm one says nothing', async () => {
  const sandbox = createPythonSandbox({ workers: 1, snapshotDir: TEST_SNAPSHOTS });
  const echo = python('def main(c):\n    return c');
  const said: string[] = [];
  assert.deepEqual(await sandbox.run(echo, { n: 1 }, { log: (text) => said.push(text) }), { n: 1 });
  assert.deepEqual(said, ['starting Python (first use)']);
  assert.deepEqual(await sandbox.run(echo, { n: 2 }, { log: (text) => said.push(`again: ${text}`) }), {
    n: 2,
  });
  assert.deepEqual(said, ['starting Python (first use)']);
  await sandbox.close();
});

test('options out of range are refused when the sandbox is created', () => {
  assert.throws(() => createPythonSandbox({ workers: 0 }), {
    message: 'createPythonSandbox: workers must be a number ≥ 1, got 0',
  });
  assert.throws(() => createPythonSandbox({ memoryMb: 16 }), {
    message: 'createPythonSandbox: memoryMb must be a number ≥ 64, got 16',
  });
});

test('with a snapshot folder, a damaged snapshot costs only a full load and is replaced by a good one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-snapshot-'));
  const { version } = JSON.parse(readFileSync('node_modules/pyodide/package.json', 'utf8')) as {
    version: string;
  };
  const file = join(dir, `pyodide-${version}-f1.snapshot`);
  writeFileSync(file, 'not a snapshot');
  // A fresh process, so that no snapshot is in memory yet and the damaged file is the one read.
  const script = `
    import { createPythonSandbox } from ${JSON.stringify(new URL('../../../src/code/python/index.ts', import.meta.url).href)};
    const sandbox = createPythonSandbox({ workers: 1, snapshotDir: ${JSON.stringify(dir)} });
    console.log(JSON.stringify(await sandbox.run({ language: 'python', source: 'def main(c):\\n    return c', entry: 'main' }, { ok: 1 })));
    await sandbox.close();`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(child.stdout.trim(), '{"ok":1}', child.stderr);
  for (let i = 0; i < 50 && statSync(file).size < 1_000_000; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  assert.ok(statSync(file).size > 1_000_000, `the snapshot was not rewritten (${statSync(file).size} bytes)`);
  rmSync(dir, { recursive: true, force: true });
});
