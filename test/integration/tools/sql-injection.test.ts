import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../../../src/config/load-config.js';
import { openSkein, type Skein } from '../../../src/host/index.js';
import { ROOT } from '../../helpers/cli.js';

// SQL built as text from user input in a template step and passed whole to database.query
// (`query: "{{sql}}"`): refused with a message saying how to write it, on SQLite and PostgreSQL;
// the same lookup written with the value in the query binds it, and injections stay data.

const FIXTURE = join(ROOT, 'test/fixtures/injection');
const ATTACKS = ["' OR '1'='1", "x' UNION SELECT secret, secret FROM users --", 'alice\u0000%'];
const PG_URL = process.env.SKEIN_TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test';
const opened: Skein[] = [];
after(async () => {
  for (const s of opened) await s.close();
});

function open(databaseUrl: string): Skein {
  const dir = mkdtempSync(join(tmpdir(), 'skein-injection-'));
  writeFileSync(
    join(dir, 'skein.yaml'),
    `home: ./home\nstore: memory\ntools:\n  database:\n    url: ${JSON.stringify(databaseUrl)}\n`,
  );
  const skein = openSkein({ config: loadConfig(dir, {}) });
  opened.push(skein);
  return skein;
}

async function check(skein: Skein): Promise<void> {
  for (const name of ['alice', ...ATTACKS]) {
    const result = await skein.run(join(FIXTURE, 'lookup.md'), { name });
    assert.equal(result.status, 'failed', name);
    const message = JSON.stringify(result);
    assert.match(message, /the whole query comes from a value/, name);
    assert.match(message, /SELECT \* FROM users WHERE name = \{\{name\}\}/, name);
    assert.doesNotMatch(message, /s3cret/, name);
  }
  const alice = await skein.run(join(FIXTURE, 'safe_lookup.md'), { name: 'alice' });
  assert.equal(alice.status, 'completed', JSON.stringify(alice));
  assert.equal((alice.output as { count?: number }).count, 1);
  for (const name of ATTACKS.slice(0, 2)) {
    const result = await skein.run(join(FIXTURE, 'safe_lookup.md'), { name });
    assert.equal(result.status, 'completed', name);
    assert.equal((result.output as { count?: number }).count, 0, name);
  }
  const nul = await skein.run(join(FIXTURE, 'safe_lookup.md'), { name: 'alice\u0000%' });
  assert.equal(nul.status, 'failed');
  assert.match(JSON.stringify(nul), /contains a NUL byte/);
}

test('SQLite: a query passed whole through a variable is refused; bound values stay data', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'skein-injection-db-')), 'users.db');
  const db = new Database(file);
  db.exec(
    "CREATE TABLE users (name TEXT, secret TEXT); INSERT INTO users VALUES ('alice', 's3cret-a'), ('bob', 's3cret-b');",
  );
  db.close();
  await check(open(`sqlite:${file}`));
});

async function pgUnreachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return undefined;
  } catch (e) {
    return `PostgreSQL not reachable (${(e as Error).message}); set SKEIN_TEST_POSTGRES_URL to run this`;
  } finally {
    await client.end().catch(() => {});
  }
}
const pgReason = await pgUnreachable();

test(
  'PostgreSQL: a query passed whole through a variable is refused; bound values stay data',
  { skip: pgReason },
  async () => {
    const schema = `i11_attacks_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(
      `CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.users (name TEXT, secret TEXT); INSERT INTO ${schema}.users VALUES ('alice', 's3cret-a'), ('bob', 's3cret-b');`,
    );
    try {
      const url = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      await check(open(url));
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  },
);
