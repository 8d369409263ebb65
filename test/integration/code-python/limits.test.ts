import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPythonSandbox, PythonError, SandboxError } from '../../../src/code/python/index.js';
import { lines, python, TEST_SNAPSHOTS } from '../../helpers/python.js';

const sandbox = createPythonSandbox({
  workers: 2,
  timeoutMs: 800,
  memoryMb: 128,
  graceMs: 500,
  snapshotDir: TEST_SNAPSHOTS,
});
after(() => sandbox.close());

const answer = python('def main(context):\n    return {"answer": context["n"] * 2}');

/** Fails unless `work` rejects; returns the error and how long it took. */
async function timedFailure(work: Promise<unknown>): Promise<{ error: Error; ms: number }> {
  const t0 = performance.now();
  const error = await work.then(
    (value) => assert.fail(`expected an error, got ${JSON.stringify(value)}`),
    (e: Error) => e,
  );
  return { error, ms: performance.now() - t0 };
}

test('a loop that never ends is stopped at the time limit and the same interpreter answers the next call', async () => {
  await sandbox.run(answer, { n: 1 }); // warm: the time limit starts once an interpreter runs the call
  const before = sandbox.stats();
  const { error, ms } = await timedFailure(
    sandbox.run(python('def main(context):\n    while True:\n        pass'), {}),
  );
  assert.ok(error instanceof PythonError);
  assert.equal(error.code, 'timeout');
  assert.equal(
    error.message.split('\n')[0],
    'the Python code ran longer than its time limit of 800 ms and was stopped in main(), line 2',
  );
  assert.ok(ms >= 790 && ms < 800 + 500, `stopped after ${ms} ms`);
  assert.deepEqual(await sandbox.run(answer, { n: 21 }), { answer: 42 });
  const now = sandbox.stats();
  assert.equal(now.started, before.started, 'no interpreter was started');
  assert.equal(now.terminated, before.terminated, 'no worker was terminated');
  assert.equal(now.interrupted, before.interrupted + 1);
});

test('time.sleep is interrupted too, and a per-call limit overrides the default', async () => {
  const { error, ms } = await timedFailure(
    sandbox.run(python('import time\ndef main(c):\n    time.sleep(60)'), {}, { timeoutMs: 300 }),
  );
  assert.equal((error as SandboxError).code, 'timeout');
  assert.match(
    error.message,
    /^the Python code ran longer than its time limit of 300 ms and was stopped in main\(\), line 3\n/,
  );
  assert.ok(ms < 300 + 500, `stopped after ${ms} ms`);
});

test('code that swallows the interrupt is terminated after the grace period; a fresh interpreter takes over', async () => {
  const before = sandbox.stats();
  const stubborn = python(
    lines(
      'def main(c):',
      '    while True:',
      '        try:',
      '            while True:',
      '                pass',
      '        except KeyboardInterrupt:',
      '            pass',
    ),
  );
  const { error, ms } = await timedFailure(sandbox.run(stubborn, {}));
  assert.equal((error as SandboxError).code, 'timeout');
  assert.equal(
    error.message,
    'the Python code ran longer than its time limit of 800 ms and did not stop when interrupted (it may catch KeyboardInterrupt); its interpreter was restarted',
  );
  assert.ok(ms >= 800 + 490 && ms < 800 + 500 + 3000, `terminated after ${ms} ms`);
  assert.equal(sandbox.stats().terminated, before.terminated + 1);
  assert.deepEqual(await sandbox.run(answer, { n: 2 }), { answer: 4 });
});

test('a memory hog gets MemoryError at the limit, and its grown interpreter is replaced', async () => {
  const before = sandbox.stats();
  const hog = python(
    lines(
      'blocks = []',
      'def main(c):',
      '    while True:',
      '        blocks.append(bytearray(8 * 1024 * 1024))',
    ),
  );
  const { error } = await timedFailure(sandbox.run(hog, {}, { timeoutMs: 10_000 }));
  assert.ok(error instanceof PythonError);
  assert.equal(error.code, 'memory_limit');
  assert.equal(error.pythonType, 'MemoryError');
  assert.match(
    error.message,
    /^MemoryError: the Python code needed more memory than the sandbox allows \(128 MB\)\nTraceback \(most recent call last\):\n {2}File "<code>", line 4, in main\n/,
  );
  assert.equal(sandbox.stats().recycled, before.recycled + 1);
  assert.deepEqual(await sandbox.run(answer, { n: 3 }), { answer: 6 });
});

test('an abort signal cancels a running call at once and the interpreter is reused', async () => {
  // A grace period of its own: on a loaded machine the interrupted code can take longer than the
  // file's 500 ms to unwind and restore its state, and this test is about reuse, not about the grace.
  const sandbox = createPythonSandbox({ workers: 1, graceMs: 10_000, snapshotDir: TEST_SNAPSHOTS });
  after(() => sandbox.close());
  await sandbox.run(answer, { n: 0 });
  const before = sandbox.stats();
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  const { error, ms } = await timedFailure(
    sandbox.run(
      python('def main(c):\n    while True:\n        pass'),
      {},
      { signal: controller.signal, timeoutMs: 10_000 },
    ),
  );
  assert.ok(error instanceof SandboxError);
  assert.equal(error.code, 'cancelled');
  assert.ok(ms < 400, `cancelled after ${ms} ms`);
  assert.deepEqual(await sandbox.run(answer, { n: 4 }), { answer: 8 });
  const now = sandbox.stats();
  assert.equal(now.started, before.started, `an interpreter was started: ${JSON.stringify(now)}`);
  assert.equal(now.terminated, 0);
  await assert.rejects(sandbox.run(answer, { n: 1 }, { signal: AbortSignal.abort() }), { code: 'cancelled' });
});

test('two calls run at the same time on a pool of two', async () => {
  const pair = createPythonSandbox({ workers: 2, snapshotDir: TEST_SNAPSHOTS });
  after(() => pair.close());
  const nap = python('import time\ndef main(c):\n    time.sleep(0.3)\n    return {}');
  while (pair.stats().started < 2) await Promise.all([pair.run(nap, {}), pair.run(nap, {})]);
  const span = python(
    lines(
      'import time',
      'def main(c):',
      '    start = time.time()',
      '    time.sleep(0.6)',
      '    return {"start": start, "end": time.time()}',
    ),
  );
  const [a, b] = (await Promise.all([pair.run(span, {}), pair.run(span, {})])) as {
    start: number;
    end: number;
  }[];
  assert.ok(a.start < b.end && b.start < a.end, `the calls did not overlap: ${JSON.stringify([a, b])}`);
  assert.equal(pair.stats().started, 2);
});
