import { test } from 'node:test';
import { PostgresExperimentStore } from '../../../src/evals/stores/postgres.js';
import { experimentStoreSuite } from '../../helpers/experiment-store-suite.js';
import { createDatabase, postgresAvailable } from '../../helpers/postgres.js';

test('the PostgreSQL experiment store keeps experiments and their cells beside the runs', async (t) => {
  if (!(await postgresAvailable())) return t.skip('no PostgreSQL');
  const db = await createDatabase('experiments');
  t.after(() => db.drop());
  // Two processes may open the store at once: the tables are created under a lock.
  await Promise.all([PostgresExperimentStore.open(db.url), PostgresExperimentStore.open(db.url)]).then((s) =>
    Promise.all(s.map((x) => x.close())),
  );
  await experimentStoreSuite(() => PostgresExperimentStore.open(db.url));
});
