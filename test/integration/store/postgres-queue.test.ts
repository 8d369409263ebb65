// The run queue port's conformance suite over pg-boss in the store's PostgreSQL database (a database
// of its own per test, skipped with a notice where none is running).
import { after } from 'node:test';
import { runQueueSuite } from '../../../src/runtime/ports/conformance/index.js';
import { PgBossQueue } from '../../../src/store/postgres/queue.js';
import { PostgresRunStore } from '../../../src/store/postgres/store.js';
import { createDatabase, postgresAvailable } from '../../helpers/postgres.js';

const skip = !(await postgresAvailable()) && 'no PostgreSQL';
const dropAfter: (() => Promise<void>)[] = [];
after(() => Promise.all(dropAfter.map((drop) => drop())));

runQueueSuite(
  async () => {
    const db = await createDatabase('queue');
    dropAfter.push(db.drop);
    const store = await PostgresRunStore.open(db.url);
    const queue = await PgBossQueue.open(store, db.url);
    return {
      store,
      queue,
      async close() {
        await queue.close();
        await store.close();
      },
    };
  },
  { name: 'pg-boss', skip },
);
