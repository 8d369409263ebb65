import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, type TestContext } from 'node:test';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { loadConfig } from '../../../src/config/load-config.js';
import { createToolRegistry, invokeTool, ToolError } from '../../../src/tools/index.js';
import { interpolated, tempDir, testConfig } from '../../helpers/tools.js';

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));

/** The example configuration's tools, with a temporary workspace and a copy of the sales database. */
async function exampleTools(t: TestContext) {
  const dir = await tempDir(t);
  const config = loadConfig(examples, {});
  copyFileSync(join(examples, 'data/sales.db'), join(dir, 'sales.db'));
  const { registry, close } = await createToolRegistry({
    ...testConfig(dir, { ...config.tools, databaseUrl: `sqlite:${join(dir, 'sales.db')}` }),
  });
  t.after(close);
  const workspace = join(dir, 'workspace');
  return {
    workspace,
    call: (name: string, input: Record<string, unknown>) =>
      invokeTool(registry.require(name), input, { workspace }),
  };
}

test('examples/skein.yaml names the three example modules and the sales database', () => {
  const config = loadConfig(examples, {});
  assert.deepEqual(
    config.tools.modules.map((m) => m.slice(examples.length)),
    ['tools/search-api.ts', 'tools/financial-data.ts', 'tools/file-generator.ts'],
  );
  assert.equal(config.tools.databaseUrl, `sqlite:${join(examples, 'data/sales.db')}`);
});

test('search_api finds entries by title or text, case-insensitively, and says when nothing matches', async (t) => {
  const { call } = await exampleTools(t);
  const mcp = (await call('search_api', { q: 'mcp' })).result as string;
  assert.match(mcp, /^找到 1 条与“mcp”相关的结果：\n\n1\. 模型上下文协议 MCP（2024-11-25）\n/);
  const both = (await call('search_api', { q: '大语言模型 检索' })).result as string;
  assert.match(both, /^找到 1 条/);
  assert.match(both, /检索增强生成（RAG）/);
  assert.match((await call('search_api', { q: '龘' })).result as string, /dá/);
  assert.deepEqual(await call('search_api', { q: '不存在的词' }), {
    result: '没有找到与“不存在的词”相关的结果。',
  });
});

test('get_financial_data writes JSON text of one company and period; unknown names list what exists', async (t) => {
  const { call } = await exampleTools(t);
  const { data } = await call('get_financial_data', { company: '星海科技', period: '2024Q1' });
  assert.equal(typeof data, 'string');
  const figures = JSON.parse(data as string);
  assert.equal(figures.company, '星海科技');
  assert.equal(figures.period, '2024Q1');
  assert.equal(figures.revenue, 318.5);
  assert.equal(figures.unit, '亿元');
  assert.equal(figures.debt_ratio, 0.58);
  await assert.rejects(
    call('get_financial_data', { company: '不存在公司', period: '2023' }),
    (e: unknown) => {
      assert.ok(e instanceof ToolError);
      assert.match(
        e.message,
        /no financial data for company "不存在公司"; known companies: 星海科技, 华瑞制药, 东岳新能源/,
      );
      return true;
    },
  );
  await assert.rejects(
    call('get_financial_data', { company: '华瑞制药', period: '2019' }),
    /known periods: 2023, 2024Q1, 2024Q2/,
  );
});

test('file_generator writes a CSV with a byte order mark into exports/, reporting its real size', async (t) => {
  const { workspace, call } = await exampleTools(t);
  const out = await call('file_generator', { report_id: 'RPT-2024Q1-SALES', format: 'CSV' });
  const file = join(workspace, 'exports', 'RPT-2024Q1-SALES.csv');
  assert.deepEqual(out, {
    file_url: `file://${file}`,
    file_name: 'RPT-2024Q1-SALES.csv',
    file_size: (await stat(file)).size,
    mime_type: 'text/csv',
  });
  const bytes = await readFile(file);
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  assert.equal(lines[0], '区域,产品,销售额（万元）');
  assert.equal(lines[1], '华东,智能手机,1814.1');
  assert.equal(lines.length, 18, 'header, 16 rows and the final line end');
  await assert.rejects(
    call('file_generator', { report_id: 'RPT-NOPE', format: 'CSV' }),
    /no report "RPT-NOPE"; known reports: RPT-2024Q1-SALES/,
  );
  await assert.rejects(
    call('file_generator', { report_id: 'RPT-2024Q1-SALES', format: 'Word' }),
    /format: must be one of: "PDF", "Excel", "CSV"/,
  );
});

test('file_generator writes an Excel workbook that reads back with its rows and numbers', async (t) => {
  const { workspace, call } = await exampleTools(t);
  const out = await call('file_generator', { report_id: 'RPT-2024H1-REGION', format: 'Excel' });
  const file = join(workspace, 'exports', 'RPT-2024H1-REGION.xlsx');
  assert.equal(out.file_size, (await stat(file)).size);
  assert.equal(out.mime_type, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  assert.equal(sheet.rowCount, 5);
  assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), [
    '区域',
    '一季度（万元）',
    '二季度（万元）',
    '环比增长',
  ]);
  assert.deepEqual((sheet.getRow(2).values as unknown[]).slice(1), ['华东', 3942.6, 4418.6, '12.1%']);
  assert.equal(workbook.title, '2024年上半年区域销售汇总');
});

test('file_generator writes a PDF by hand: header, cross-reference table and %%EOF', async (t) => {
  const { workspace, call } = await exampleTools(t);
  const out = await call('file_generator', { report_id: 'RPT-2024Q2-SALES', format: 'PDF' });
  const file = join(workspace, 'exports', 'RPT-2024Q2-SALES.pdf');
  const bytes = await readFile(file);
  assert.equal(out.file_size, bytes.length);
  assert.equal(out.mime_type, 'application/pdf');
  const text = bytes.toString('latin1');
  assert.ok(text.startsWith('%PDF-1.4\n'));
  assert.ok(text.trimEnd().endsWith('%%EOF'));
  const xref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
  assert.equal(text.slice(xref, xref + 4), 'xref', 'startxref points at the cross-reference table');
  const offsets = Array.from(text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm), (m) => Number(m[1]));
  assert.ok(offsets.length >= 7);
  offsets.forEach((offset, i) =>
    assert.ok(text.startsWith(`${i + 1} 0 obj`, offset), `object ${i + 1} sits at its offset`),
  );
  const title = [...'2024年第二季度']
    .map((c) => c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase())
    .join('');
  assert.ok(text.includes(`<${title}`), 'the title is in the page as UCS-2');
});

test('examples/data/sales.db exists and holds exactly the rows of sales.sql', async (t) => {
  const committed = join(examples, 'data/sales.db');
  assert.ok(existsSync(committed), 'run node examples/data/build-sales-db.mjs');
  const fresh = new Database(':memory:');
  fresh.exec(readFileSync(join(examples, 'data/sales.sql'), 'utf8'));
  const rowsOf = (db: Database.Database) =>
    db.prepare('SELECT region, product, amount, period FROM sales ORDER BY region, product, period').all();
  const db = new Database(committed, { readonly: true });
  t.after(() => db.close());
  assert.deepEqual(rowsOf(db), rowsOf(fresh));
  assert.equal(rowsOf(db).length, 32);
});

test('the sales_report query runs on the example database with the region bound', async (t) => {
  const { call } = await exampleTools(t);
  const region = '华南';
  const out = await call('database.query', {
    query: interpolated`SELECT region, product, amount FROM sales WHERE region = '${region}' ORDER BY amount DESC`,
  });
  assert.equal(out.rowCount, 8);
  assert.deepEqual((out.result as { product: string }[])[0], {
    region: '华南',
    product: '智能手机',
    amount: 1656.7,
  });
});
