import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createToolRegistry, invokeTool, ToolError, ToolInputError } from '../../../src/tools/index.js';
import { tempDir, testConfig } from '../../helpers/tools.js';

const sales = {
  华南: { '2024Q1': { 销售额: 1496, 目标: 1500 }, '2024Q2': { 销售额: 1632.5 } },
  rows: [
    { region: '华东', amount: 1814.1 },
    { region: '华北', amount: 1458.1, tags: ['a', 'b'] },
  ],
  active: true,
  note: null,
};

async function select(t: import('node:test').TestContext, data: unknown, path: string) {
  const { registry, close } = await createToolRegistry(testConfig(await tempDir(t)));
  t.after(close);
  return invokeTool(registry.require('json_select'), { data, path }, { workspace: '/tmp' });
}

test('selects nested values by Chinese keys from JSON text', async (t) => {
  const text = JSON.stringify(sales);
  assert.deepEqual(await select(t, text, '华南.2024Q1.销售额'), { result: 1496 });
  assert.deepEqual(await select(t, text, '华南.2024Q1'), { result: '{"销售额":1496,"目标":1500}' });
});

test('selects array items with [n], and objects and arrays come back as JSON text', async (t) => {
  assert.deepEqual(await select(t, sales, 'rows[0].amount'), { result: 1814.1 });
  assert.deepEqual(await select(t, sales, 'rows[1].tags'), { result: '["a","b"]' });
  assert.deepEqual(await select(t, sales, 'rows[1].tags[1]'), { result: 'b' });
  assert.deepEqual(await select(t, sales, 'rows.1.region'), { result: '华北' });
  assert.deepEqual(await select(t, sales, 'active'), { result: true });
  assert.deepEqual(await select(t, [10, [20, 30]], '[1][0]'), { result: 20 });
});

test('a value and the same JSON text select the same result', async (t) => {
  assert.deepEqual(await select(t, sales, '华南'), await select(t, JSON.stringify(sales), '华南'));
  assert.deepEqual(await select(t, sales, ''), { result: JSON.stringify(sales) });
});

test('missing paths, out-of-range indexes and null give ""', async (t) => {
  for (const path of [
    '华北',
    '华南.2025Q1.销售额',
    'rows[9].amount',
    'rows[0].amount.deeper',
    'note',
    'rows.x',
    'toString',
  ])
    assert.deepEqual(await select(t, sales, path), { result: '' }, path);
});

test('invalid JSON text is a clear error; a missing path is an input error', async (t) => {
  await assert.rejects(select(t, '{"a": 1,', 'a'), (e: unknown) => {
    assert.ok(e instanceof ToolError);
    assert.match(e.message, /^tool "json_select": "data" is not valid JSON \(.+\): "\{\\"a\\": 1,"$/);
    return true;
  });
  await assert.rejects(select(t, sales, 'rows[x]'), /malformed segment "rows\[x\]"/);
  const { registry, close } = await createToolRegistry(testConfig(await tempDir(t)));
  t.after(close);
  await assert.rejects(
    invokeTool(registry.require('json_select'), { data: '{}' }, { workspace: '/tmp' }),
    ToolInputError,
  );
});

test("the Aegis Java engine's parameters, input and select: {path}, select the same", async (t) => {
  const { registry, close } = await createToolRegistry(testConfig(await tempDir(t)));
  t.after(close);
  const tool = registry.require('json_select');
  const java = (input: Record<string, unknown>) => invokeTool(tool, input, { workspace: '/tmp' });
  assert.deepEqual(await java({ input: sales, select: { path: '华南.2024Q1.销售额' } }), { result: 1496 });
  assert.deepEqual(await java({ input: JSON.stringify(sales), select: '{"path": "rows[0].region"}' }), {
    result: '华东',
  });
  await assert.rejects(java({ input: sales, select: { field: 'x' } }), /"select" must be \{path: "a\.b"\}/);
});
