import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { checkAssertions, type CellRun } from '../../../src/evals/check-assertions.js';
import { runExperiment } from '../../../src/evals/index.js';
import type { RunEvent } from '../../../src/runtime/index.js';
import { startEvalModels } from '../../helpers/eval-models.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/evals');

test('JavaScript checks run as code skills run: inline expressions and bodies, and a module file', async (t) => {
  const models = await startEvalModels();
  t.after(() => models.close());
  const home = await mkdtemp(join(tmpdir(), 'skein-eval-'));
  const run = (model: string) =>
    runExperiment({
      paths: [join(FIXTURES, 'checks')],
      config: loadConfig(tmpdir(), { SKEIN_HOME: home, SKEIN_BASE_URL: models.url }),
      models: [model],
      trials: 1,
      concurrency: 1,
    });
  const good = await run('compat:fr-good');
  assert.deepEqual(
    good.cells[0].assertions.map((a) => [a.type, a.pass, a.score, a.reason]),
    [
      ['javascript', true, 1, undefined],
      ['javascript', true, 1, '1 words'],
      ['javascript', true, 0.7, undefined],
      ['status', true, 1, undefined],
    ],
  );
  const bad = await run('compat:fr-bad');
  assert.deepEqual(
    bad.cells[0].assertions.map((a) => [a.pass, a.score, a.reason]),
    [
      [false, 0, 'the check returned false'],
      [false, 2 / 6, '6 words'],
      [false, 0.4, 'scored 0.4, under 0.5'],
      [true, 1, undefined],
    ],
  );
});

const events = (...tools: [string, unknown?][]): RunEvent[] =>
  tools.map(
    ([tool, input], seq) =>
      ({ type: 'tool_started', node: 'n', tool, input: input ?? {}, runId: 'r', seq, at: '' }) as RunEvent,
  );

const cell = (over: Partial<CellRun>): CellRun => ({
  status: 'completed',
  output: { response: 'ok' },
  events: [],
  ms: 100,
  inputTokens: 40,
  outputTokens: 10,
  costUsd: 0.002,
  ...over,
});

test('tool-call order, loaded chunks and limits on cost, latency and tokens', async () => {
  const run = cell({
    events: events(['search'], ['load_doc_chunk', { skill_name: 'pdf', chunk_id: 'forms' }], ['fetch']),
  });
  const results = await checkAssertions(
    [
      { type: 'tool-calls', value: ['search', 'fetch'], order: 'in-order' },
      { type: 'tool-calls', value: ['fetch', 'search'], order: 'in-order' },
      { type: 'tool-calls', value: ['fetch', 'search'], order: 'any-order' },
      { type: 'loaded', value: ['pdf/forms', 'house-style'] },
      { type: 'loaded', value: ['pdf/tables'] },
      { type: 'cost', threshold: 0.001 },
      { type: 'latency', threshold: 100 },
      { type: 'tokens', threshold: 49 },
      { type: 'llm-rubric', value: 'polite', threshold: 0.5 },
    ],
    run,
    { loaded: ['house-style'], signal: AbortSignal.timeout(1000) },
  );
  assert.deepEqual(
    results.map((r) => [r.type, r.pass, r.reason]),
    [
      ['tool-calls', true, undefined],
      [
        'tool-calls',
        false,
        'expected fetch → search in order; "search" is missing (ran: search → load_doc_chunk → fetch)',
      ],
      ['tool-calls', true, undefined],
      ['loaded', true, undefined],
      ['loaded', false, 'not loaded: pdf/tables (loaded: house-style, pdf, pdf/forms)'],
      ['cost', false, 'cost $0.002000, more than $0.001'],
      ['latency', true, undefined],
      ['tokens', false, 'used 50 tokens, more than 49'],
      ['llm-rubric', false, 'no judge model: pass --judge provider:model or configure a model'],
    ],
  );
});
