// What every ExperimentStore does, run against each implementation (memory and SQLite in the unit
// tier, PostgreSQL in the integration tier).
import assert from 'node:assert/strict';
import type { CellRecord, ExperimentRecord, ExperimentStore } from '../../src/evals/index.js';

const experiment = (id: string): ExperimentRecord => ({
  id,
  status: 'running',
  paths: ['skills'],
  trials: 2,
  columns: [{ key: 'compat:a', model: 'compat:a', variant: { kind: 'skill' }, baseline: true }],
  cases: [{ key: 's › c', skill: 's', name: 'c', file: '/x/cases.yaml', line: 3, passRate: 1 }],
  createdAt: '2026-01-01T00:00:00.000Z',
});

const cell = (experimentId: string, trial: number): CellRecord => ({
  experimentId,
  case: 's › c',
  column: 'compat:a',
  trial,
  runId: `run-${trial}`,
  status: 'completed',
  passed: trial === 0,
  assertions: [{ type: 'contains', pass: trial === 0, score: trial === 0 ? 1 : 0, reason: 'x' }],
  output: { response: 'Bonjour' },
  ms: 12,
  inputTokens: 5,
  outputTokens: 2,
  costUsd: 0.001,
});

/** Creates, adds cells, finishes, finds by prefix (refusing an ambiguous one) and pages newest first. */
export async function experimentStoreSuite(open: () => Promise<ExperimentStore>): Promise<void> {
  const store = await open();
  try {
    await store.create(experiment('aaaa1111-0000'));
    await store.addCells([cell('aaaa1111-0000', 0), cell('aaaa1111-0000', 1)]);
    await store.addCells([]);
    await store.finish('aaaa1111-0000', 'completed', '2026-01-01T00:01:00.000Z');
    await store.create(experiment('aaaa2222-0000'));
    await store.create(experiment('bbbb3333-0000'));

    const got = await store.get('aaaa1111');
    assert.equal(got?.status, 'completed');
    assert.equal(got?.finishedAt, '2026-01-01T00:01:00.000Z');
    assert.deepEqual(got?.cases, experiment('x').cases);
    assert.deepEqual(await store.cells('aaaa1111-0000'), [
      cell('aaaa1111-0000', 0),
      cell('aaaa1111-0000', 1),
    ]);
    assert.equal(await store.get('cccc'), undefined);
    assert.equal(await store.get('%'), undefined);
    await assert.rejects(store.get('aaaa'), {
      code: 'experiment_ambiguous',
      message: /aaaa1111-0000, aaaa2222-0000/,
    });

    const first = await store.list({ limit: 2 });
    assert.deepEqual(
      first.experiments.map((e) => e.id),
      ['bbbb3333-0000', 'aaaa2222-0000'],
    );
    const second = await store.list({ limit: 2, cursor: first.next });
    assert.deepEqual(
      second.experiments.map((e) => e.id),
      ['aaaa1111-0000'],
    );
    assert.equal(second.next, undefined);
  } finally {
    await store.close();
  }
}
