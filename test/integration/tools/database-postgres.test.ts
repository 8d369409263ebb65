import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { createToolRegistry, invokeTool, ToolError, type Tool } from '../../../src/tools/index.js';
import { interpolated, testConfig } from '../../helpers/tools.js';

const url = process.env.SKEIN_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// The example sales table in a schema of its own, so parallel runs do not meet; the tool's URL puts it on the search path.
const schema = `skein_tools_${process.pid}_${Date.now().toString(36)}`;
const toolUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;

/** Undefined when PostgreSQL answers; otherwise the reason the tests below are skipped. */
async function unreachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return undefined;
  } catch (e) {
    return `PostgreSQL not reachable at ${url.replace(/\/\/[^@]*@/, '//')} (${(e as Error).message}); set SKEIN_TEST_POSTGRES_URL to run these`;
  } finally {
    await client.end().catch(() => {});
  }
}

const skip = await unreachable();
let tool: Tool;
let close: () => Promise<void> = async () => {};
const query = (q: unknown, params?: unknown[]) =>
  invokeTool(tool, { query: q, ...(params ? { params } : {}) }, { workspace: '/tmp' });

before(async () => {
  if (skip) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(
    `CREATE SCHEMA ${schema}; SET search_path = ${schema}; ${readFileSync(new URL('../../../examples/data/sales.sql', import.meta.url), 'utf8')}`,
  );
  await admin.end();
  const tools = await createToolRegistry(testConfig('/tmp', { databaseUrl: toolUrl }));
  tool = tools.registry.require('database.query');
  close = tools.close;
});

after(async () => {
  if (skip) return;
  await close();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
});

test('PostgreSQL: rows, rowCount and counts as numbers', { skip }, async () => {
  assert.deepEqual(await query(`SELECT count(*) AS n FROM sales`), { result: [{ n: 32 }], rowCount: 1 });
  const region = '华南';
  const rows = await query(
    interpolated`SELECT product, amount FROM sales WHERE region = '${region}' AND period = '${'2024Q1'}' ORDER BY amount DESC`,
  );
  assert.equal(rows.rowCount, 4);
  assert.deepEqual((rows.result as { product: string }[])[0].product, '智能手机');
});

test('PostgreSQL: quoted, concatenated and typed placeholders bind as $n', { skip }, async () => {
  assert.deepEqual(
    (await query(interpolated`SELECT count(*) AS n FROM sales WHERE region = "${'华东'}"`)).result,
    [{ n: 8 }],
  );
  const like = await query(
    interpolated`SELECT DISTINCT product FROM sales WHERE product LIKE '%${'手'}%' ORDER BY product`,
  );
  assert.deepEqual(like.result, [{ product: '智能手机' }, { product: '智能手表' }]);
  const typed = await query(
    interpolated`SELECT count(*) AS n FROM sales WHERE amount > ${1400} AND region = ANY(${['华东', '华北']})`,
  );
  assert.deepEqual(typed.result, [{ n: 5 }]);
  assert.deepEqual((await query(`SELECT count(*) AS n FROM sales WHERE region = $1`, ['华西'])).result, [
    { n: 8 },
  ]);
  assert.deepEqual(await query(interpolated`UPDATE sales SET amount = amount WHERE region = '${'华西'}'`), {
    result: [],
    rowCount: 8,
  });
});

test('PostgreSQL: SQL injection through values stays data; the table is intact', { skip }, async () => {
  for (const region of [
    "' OR 1=1 --",
    "x'; DROP TABLE sales; --",
    "Robert'); DELETE FROM sales; --",
    "华东' OR '1'='1",
  ]) {
    assert.deepEqual(
      await query(interpolated`SELECT * FROM sales WHERE region = '${region}'`),
      { result: [], rowCount: 0 },
      region,
    );
    assert.deepEqual(
      await query(interpolated`DELETE FROM sales WHERE region = ${region}`),
      { result: [], rowCount: 0 },
      region,
    );
  }
  assert.deepEqual((await query(`SELECT count(*) AS n FROM sales`)).result, [{ n: 32 }]);
});

test('PostgreSQL: errors name the SQL error and hide the values', { skip }, async () => {
  await assert.rejects(
    query(interpolated`SELECT * FROM no_such_table WHERE region = '${'secret-value'}'`),
    (e: unknown) => {
      assert.ok(e instanceof ToolError);
      assert.match(
        e.message,
        /SQL error: relation "no_such_table" does not exist \(in: SELECT \* FROM no_such_table WHERE region = \$1\)/,
      );
      assert.doesNotMatch(e.message, /secret-value/);
      return true;
    },
  );
});
