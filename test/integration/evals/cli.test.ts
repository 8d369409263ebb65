import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skein } from '../../helpers/cli.js';
import { startEvalModels } from '../../helpers/eval-models.js';

const FIXTURE = 'test/fixtures/evals/basic';

test('skein eval prints the matrix of cases × models, exits 1 on a failing cell, and every cell is an inspectable run', async (t) => {
  const models = await startEvalModels();
  t.after(() => models.close());
  const env = { SKEIN_HOME: await mkdtemp(join(tmpdir(), 'skein-eval-')), SKEIN_BASE_URL: models.url };
  const r = await skein(
    [
      'eval',
      FIXTURE,
      '--model',
      'compat:fr-good',
      '--model',
      'compat:fr-bad',
      '--trials',
      '2',
      '--judge',
      'compat:judge',
    ],
    { env },
  );
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const lines = r.stdout.split('\n');
  assert.match(lines[0], /^case {2,}compat:fr-good {2,}compat:fr-bad$/);
  assert.match(lines[1], /^translate › says good morning in French {2,}✓ 2\/2 · \d+ ms {2,}✗ 0\/2 · \d+ ms$/);
  assert.match(lines[3], /^house-style › eval 1 {2,}✓ 2\/2 · \d+ ms {2,}✗ 0\/2 · \d+ ms$/);
  assert.match(
    r.stdout,
    /^✗ house-style › eval 1 \[compat:fr-bad\]\n {4}llm-rubric: the reply is not signed\n {4}at test\/fixtures\/evals\/basic\/house-style\/evals\/evals.json:4; runs \w{8}, \w{8}$/m,
  );
  assert.match(r.stdout, /\n3 passed, 3 failed \(case × column\) · 12 runs · experiment [0-9a-f-]{36}\n$/);

  const json = await skein(
    ['eval', FIXTURE, '--model', 'compat:fr-good', '--judge', 'compat:judge', '--json'],
    { env },
  );
  assert.equal(json.code, 0, json.stdout + json.stderr);
  const result = JSON.parse(json.stdout);
  assert.deepEqual(
    result.results.map((x: { passed: boolean }) => x.passed),
    [true, true, true],
  );
  const inspected = await skein(['inspect', result.cells[0].runId.slice(0, 8), '--json'], { env });
  assert.equal(inspected.code, 0, inspected.stderr);
  assert.equal(JSON.parse(inspected.stdout).run.status, 'completed');

  const usage = await skein(['eval', FIXTURE, '--trials', '0']);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /--trials takes a whole number ≥ 1/);
});
