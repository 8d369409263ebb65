import { test } from 'node:test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryExperimentStore } from '../../../src/evals/stores/memory.js';
import { SqliteExperimentStore } from '../../../src/evals/stores/sqlite.js';
import { experimentStoreSuite } from '../../helpers/experiment-store-suite.js';

test('the memory experiment store keeps experiments and their cells', () =>
  experimentStoreSuite(async () => new MemoryExperimentStore()));

test('the SQLite experiment store keeps experiments and their cells in the runs file', async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'skein-exp-')), 'runs.db');
  await experimentStoreSuite(async () => new SqliteExperimentStore(file));
});
