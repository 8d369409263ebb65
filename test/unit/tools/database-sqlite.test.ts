import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import Database from 'better-sqlite3';
import { createToolRegistry, invokeTool, ToolError } from '../../../src/tools/index.js';
import { interpolated, tempDir, testConfig } from '../../helpers/tools.js';

const salesSql = readFileSync(new URL('../../../examples/data/sales.sql', import.meta.url), 'utf8');

/** A fresh copy of the example sales table in a temporary SQLite file, and a query function. */
async function salesDb(t: TestContext) {
  const dir = await tempDir(t);
  const file = join(dir, 'sales.db');
  const db = new Database(file);
  db.exec(salesSql);
  db.close();
  const { registry, close } = await createToolRegistry(testConfig(dir, { databaseUrl: `sqlite:${file}` }));
  t.after(close);
  const tool = registry.require('database.query');
  return (query: unknown, params?: unknown[]) =>
    invokeTool(tool, { query, ...(params ? { params } : {}) }, { workspace: dir });
}

test('a plain query returns rows and rowCount', async (t) => {
  const query = await salesDb(t);
  assert.deepEqual(await query('SELECT count(*) AS n, count(DISTINCT region) AS regions FROM sales'), {
    result: [{ n: 32, regions: 4 }],
    rowCount: 1,
  });
  const top = await query(
    "SELECT region, product, amount FROM sales WHERE period = '2024Q2' ORDER BY amount DESC LIMIT 2",
  );
  assert.equal(top.rowCount, 2);
  assert.deepEqual(
    (top.result as { region: string }[]).map((r) => r.region),
    ['华东', '华南'],
  );
});

test('quotes around a placeholder go with it: \'{{region}}\' and "{{region}}" bind', async (t) => {
  const query = await salesDb(t);
  const region = '华东';
  const single = await query(
    interpolated`SELECT region, product, amount FROM sales WHERE region = '${region}' ORDER BY amount DESC`,
  );
  assert.equal(single.rowCount, 8);
  assert.ok((single.result as { region: string }[]).every((r) => r.region === '华东'));
  const double = await query(
    interpolated`SELECT count(*) AS n FROM sales WHERE region = "${region}" AND period = '${'2024Q1'}'`,
  );
  assert.deepEqual(double.result, [{ n: 4 }]);
});

test('a placeholder inside a longer literal is concatenated, unquoted ones keep their type', async (t) => {
  const query = await salesDb(t);
  const like = await query(
    interpolated`SELECT DISTINCT product FROM sales WHERE product LIKE '%${'手'}%' ORDER BY product`,
  );
  assert.deepEqual(like.result, [{ product: '智能手机' }, { product: '智能手表' }]);
  const big = await query(
    interpolated`SELECT count(*) AS n FROM sales WHERE amount > ${1400} AND period = ${'2024Q1'}`,
  );
  assert.deepEqual(big.result, [{ n: 3 }]);
  const quoteInText = await query(interpolated`SELECT 'it''s ${'华东'}' AS label`);
  assert.deepEqual(quoteInText.result, [{ label: "it's 华东" }]);
});

test('params bind ? placeholders in a plain query; params and {{ }} values together are refused', async (t) => {
  const query = await salesDb(t);
  assert.deepEqual(
    (await query('SELECT count(*) AS n FROM sales WHERE region = ? AND period = ?', ['华西', '2024Q2']))
      .result,
    [{ n: 4 }],
  );
  await assert.rejects(
    query(interpolated`SELECT * FROM sales WHERE region = '${'华东'}' AND period = ?`, ['2024Q1']),
    /use one or the other/,
  );
});

test('statements that change rows report rowCount and no result rows', async (t) => {
  const query = await salesDb(t);
  assert.deepEqual(
    await query(interpolated`UPDATE sales SET amount = amount + 1 WHERE region = '${'华北'}'`),
    { result: [], rowCount: 8 },
  );
  assert.deepEqual(
    await query(
      interpolated`INSERT INTO sales (region, product, amount, period) VALUES (${'东北'}, ${'耳机'}, ${88.5}, ${'2024Q2'})`,
    ),
    { result: [], rowCount: 1 },
  );
  assert.deepEqual((await query("SELECT amount FROM sales WHERE region = '东北'")).result, [
    { amount: 88.5 },
  ]);
});

test('SQL injection through values stays data: nothing matches and the table is intact', async (t) => {
  const query = await salesDb(t);
  const attacks = [
    "' OR 1=1 --",
    "x'; DROP TABLE sales; --",
    "Robert'); DELETE FROM sales; --",
    '" OR ""="',
    "华东' OR '1'='1",
  ];
  for (const region of attacks) {
    assert.deepEqual(
      await query(interpolated`SELECT * FROM sales WHERE region = '${region}'`),
      { result: [], rowCount: 0 },
      region,
    );
    assert.deepEqual(
      await query(interpolated`SELECT * FROM sales WHERE region = ${region}`),
      { result: [], rowCount: 0 },
      region,
    );
    assert.deepEqual(
      await query(interpolated`DELETE FROM sales WHERE region = "${region}"`),
      { result: [], rowCount: 0 },
      region,
    );
  }
  assert.deepEqual((await query('SELECT count(*) AS n FROM sales')).result, [{ n: 32 }]);
});

test('SQL errors name the database error and show the SQL with placeholders, not the values', async (t) => {
  const query = await salesDb(t);
  await assert.rejects(
    query(interpolated`SELECT * FROM salez WHERE region = '${'secret-value'}'`),
    (e: unknown) => {
      assert.ok(e instanceof ToolError);
      assert.equal(
        e.message,
        'tool "database.query": SQL error: no such table: salez (in: SELECT * FROM salez WHERE region = ?)',
      );
      return true;
    },
  );
  await assert.rejects(
    query('SELECT 1; DROP TABLE sales'),
    /SQL error: The supplied SQL string contains more than one statement/,
  );
  await assert.rejects(query(interpolated`SELECT 1 -- ${'x'}`), /inside an SQL comment/);
  await assert.rejects(query(interpolated`SELECT '${'x'}`), /unclosed ' quote/);
});

test('without a database URL the database is $SKEIN_HOME/data.db, created on first use', async (t) => {
  const dir = await tempDir(t);
  const config = testConfig(dir);
  const { registry, close } = await createToolRegistry(config);
  t.after(close);
  const tool = registry.require('database.query');
  await invokeTool(tool, { query: 'CREATE TABLE notes (text TEXT)' }, { workspace: dir });
  await invokeTool(tool, { query: interpolated`INSERT INTO notes VALUES ('${'你好'}')` }, { workspace: dir });
  await close();
  const db = new Database(join(config.home, 'data.db'), { readonly: true });
  assert.deepEqual(db.prepare('SELECT text FROM notes').all(), [{ text: '你好' }]);
  db.close();
});
