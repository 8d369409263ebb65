import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, skein } from '../../helpers/cli.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';

const EXAMPLES = join(ROOT, 'examples');

/** A fresh home and workspace per test, with the examples' tools and database, and a model at `url`. */
function env(modelUrl?: string): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), 'skein-ex-'));
  return {
    SKEIN_HOME: home,
    SKEIN_WORKSPACE: join(home, 'workspace'),
    SKEIN_CONFIG: join(EXAMPLES, 'skein.yaml'),
    ...(modelUrl ? { SKEIN_MODEL: 'compat:fake-model', SKEIN_BASE_URL: modelUrl } : { SKEIN_MODEL: '' }),
  };
}

async function run(skill: string, input: unknown, e: Record<string, string>) {
  const r = await skein(
    ['run', join(EXAMPLES, 'skills', skill), '--input', JSON.stringify(input), '--json'],
    { env: e },
  );
  return { ...r, json: r.stdout ? JSON.parse(r.stdout) : undefined };
}

test('chat: the prompt is rendered and sent to the model; its answer is the output', async (t) => {
  const fake = await startFakeOpenAI([{ text: '你好！我是助手。' }]);
  t.after(() => fake.close());
  const r = await run('chat.md', { prompt: '你是谁？' }, env(fake.url));
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.json, {
    runId: r.json.runId,
    status: 'completed',
    output: { content: '你好！我是助手。' },
  });
  const sent = messageText(fake.requests[0].messages.at(-1)!);
  assert.match(sent, /用户问题：你是谁？/);
  assert.equal(fake.requests[0].model, 'fake-model');
});

test('chat without a model fails at once and says how to configure one', async () => {
  const r = await run('chat.md', { prompt: 'hi' }, env());
  assert.equal(r.code, 1);
  assert.equal(r.json.status, 'failed');
  assert.equal(r.json.error.code, 'model_not_configured');
  assert.match(r.json.error.message, /SKEIN_MODEL=openai:gpt-4o-mini/);
});

test('simple_search: a tool step over bundled data', async () => {
  const r = await run('simple_search.md', { query: 'MCP' }, env());
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.json.output.result, /Model Context Protocol/);
});

test('financial_analysis: tool data flows into the prompt', async (t) => {
  const fake = await startFakeOpenAI([{ text: '营收稳健增长。' }]);
  t.after(() => fake.close());
  const financials = JSON.parse(readFileSync(join(EXAMPLES, 'data/financials.json'), 'utf8'));
  const company = Object.keys(financials.companies ?? financials)[0];
  const periods = financials.companies?.[company] ?? financials[company];
  const period = Object.keys(periods.periods ?? periods)[0];
  const r = await run('financial_analysis.md', { company, period }, env(fake.url));
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(r.json.output.report, '营收稳健增长。');
  const prompt = messageText(fake.requests[0].messages.at(-1)!);
  assert.match(prompt, new RegExp(`请分析 ${company} 在 ${period} 期间的财务数据`));
  assert.match(prompt, /\{.*\}/s, 'the JSON data from the tool is in the prompt');
});

test('sales_report: database.query over the bundled SQLite data, rendered with a loop', async () => {
  const r = await run('sales_report.md', { region: '华东', period: '2024Q1' }, env());
  assert.equal(r.code, 0, r.stderr);
  const rows = r.json.output.result as { region: string; amount: number }[];
  assert.ok(rows.length > 0);
  assert.ok(rows.every((row) => row.region === '华东'));
  const lines = (r.json.output.report as string).split('\n').filter((l) => l.startsWith('区域：'));
  assert.equal(lines.length, rows.length);
  assert.match(r.json.output.report, /^华东 地区 2024Q1 销售报表：/);
});

test('sales_report: SQL injection attempts through inputs stay data', async () => {
  const e = env();
  for (const region of [
    "华东' OR '1'='1",
    "华东'; DROP TABLE sales; --",
    "x' UNION SELECT name, sql, 1 FROM sqlite_master --",
  ]) {
    const r = await run('sales_report.md', { region, period: '2024Q1' }, e);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.json.output.result, [], `"${region}" matched rows`);
  }
  const after = await run('sales_report.md', { region: '华东', period: '2024Q1' }, e);
  assert.ok(after.json.output.result.length > 0, 'the table is intact');
});

test('sales_trend_analysis: an object output makes the prompt answer JSON, repaired once', async (t) => {
  const chart = { chart_type: 'line', title: '耳机销售趋势', x_axis: ['1月', '2月'], y_axis: [120, 150] };
  const fake = await startFakeOpenAI([
    { text: '这是图表：{"chart_type": "line"}' },
    { text: '```json\n' + JSON.stringify(chart) + '\n```' },
  ]);
  t.after(() => fake.close());
  const r = await run(
    'sales_trend_analysis.md',
    { product: '耳机', time_range: '最近30天', chart_type: '折线图' },
    env(fake.url),
  );
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(r.json.output, { chart });
  assert.equal(fake.requests.length, 2);
  const repair = messageText(fake.requests[1].messages.at(-1)!);
  assert.match(repair, /title/);
  assert.match(repair, /x_axis/);
});

test('export_report: file_generator writes real CSV and XLSX files into the workspace', async () => {
  const reports = JSON.parse(readFileSync(join(EXAMPLES, 'data/reports.json'), 'utf8'));
  const reportId = Object.keys(reports.reports ?? reports)[0];
  const e = env();
  for (const [format, ext, mime] of [
    ['CSV', '.csv', 'text/csv'],
    ['Excel', '.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['PDF', '.pdf', 'application/pdf'],
  ]) {
    const r = await run('export_report.md', { report_id: reportId, format }, e);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const out = r.json.output;
    assert.ok(out.file_name.endsWith(ext), out.file_name);
    assert.equal(out.mime_type, mime);
    const path = fileURLToPath(out.file_url);
    assert.ok(path.startsWith(e.SKEIN_WORKSPACE), `${path} is inside the workspace`);
    assert.ok(existsSync(path));
    assert.equal(statSync(path).size, out.file_size);
  }
});

test('order_confirmation: runs, pauses for a person, finishes on resume; a second resume is refused', async () => {
  const e = env();
  const start = await run(
    'order_confirmation.md',
    { order_id: 'A100', product_name: '耳机', quantity: 2, unit_price: 99.5 },
    e,
  );
  assert.equal(start.code, 0, start.stderr);
  assert.equal(start.json.status, 'awaiting');
  assert.equal(start.json.await.step, 'user_confirmation');
  assert.match(start.json.await.message, /总金额：¥199\n/);
  assert.deepEqual(start.json.await.inputSchema.required, ['confirm']);

  const bad = await skein(['resume', start.json.runId, '--input', '{"confirm": "yes"}', '--json'], {
    env: e,
  });
  assert.equal(bad.code, 2);
  assert.match(JSON.parse(bad.stdout).error.message, /confirm: must be boolean/);

  const done = await skein(
    ['resume', start.json.runId, '--input', '{"confirm": true, "notes": "请尽快发货"}', '--json'],
    { env: e },
  );
  assert.equal(done.code, 0, done.stderr);
  const out = JSON.parse(done.stdout);
  assert.equal(out.status, 'completed');
  assert.equal(out.output.title, '订单 A100');
  assert.equal(out.output.level, 'info');
  assert.deepEqual(JSON.parse(out.output.content), {
    order_id: 'A100',
    total_amount: 199,
    confirmed: true,
    user_notes: '请尽快发货',
  });

  const twice = await skein(['resume', start.json.runId, '--input', '{"confirm": true}', '--json'], {
    env: e,
  });
  assert.equal(twice.code, 1);
  assert.match(JSON.parse(twice.stdout).error.message, /cannot be resumed: it has already completed/);

  const events = await skein(['inspect', start.json.runId, '--json'], { env: e });
  const types = JSON.parse(events.stdout).events.map((ev: { type: string }) => ev.type);
  assert.deepEqual(
    types.filter((ty: string) => ['awaiting', 'resumed', 'completed'].includes(ty)),
    ['awaiting', 'resumed', 'completed'],
  );
  assert.equal(types.filter((ty: string) => ty === 'run_started').length, 1);
});

test('bad input exits 2 naming every bad field; an unknown skill id exits 2', async () => {
  const r = await run('order_confirmation.md', { quantity: 'two' }, env());
  assert.equal(r.code, 2);
  assert.equal(r.json.error.code, 'input_invalid');
  assert.match(r.json.error.message, /order_id: is required/);
  assert.match(r.json.error.message, /quantity: must be number/);
  const u = await skein(['run', 'no_such_skill', '--json'], { env: env() });
  assert.equal(u.code, 2);
  assert.match(
    JSON.parse(u.stdout).error.message,
    /no skill "no_such_skill"; known: chat, code_review, export_report/,
  );
});

test('list shows every example (skills, documents, graphs) and which need a model; run finds a skill by id', async () => {
  const e = env();
  const l = await skein(['list', '--json'], { env: e });
  const skills: { id: string; version: string; dialect: string; needsModel: boolean }[] = JSON.parse(
    l.stdout,
  ).skills;
  const ids = skills.map((s) => `${s.id}@${s.version} ${s.dialect}`);
  for (const id of [
    'order_confirmation@1.0.0 aegis',
    'sales_data_guide@1.0.0 skilldoc',
    'report-style@1.0.0 skilldoc',
    'fan_out@1.0.0 agenticdsl',
    'route_purpose@1.0.0 agenticdsl',
  ])
    assert.ok(ids.includes(id), ids.join());
  assert.equal(ids.length, 19);
  const needs = (id: string) => skills.find((s) => s.id === id)!.needsModel;
  // A prompt step, an llm_call node, a composite that calls an llm skill: a model; templates, tools, documents: none.
  assert.deepEqual(
    ['chat', 'route_purpose', 'research_and_summarize', 'sales_report', 'fan_out', 'sales_data_guide'].map(
      needs,
    ),
    [true, true, true, false, false, false],
  );
  const text = await skein(['list'], { env: e });
  assert.match(text.stdout, /^chat@1\.0\.0 +aegis +needs a model +/m);
  assert.match(text.stdout, /^sales_report@1\.0\.0 +aegis +no model +/m);
  assert.match(text.stdout, /^sales_data_guide@1\.0\.0 +skilldoc +document +/m);
  const r = await skein(['run', 'simple_search@1.0.0', '--input', '{"query":"MCP"}', '--json'], { env: e });
  assert.equal(JSON.parse(r.stdout).status, 'completed');
  // A graph of the skills path, by id, with the tools of the MCP server the same configuration starts.
  const g = await skein(
    ['run', 'order_total', '--input', '{"quantity":3,"unit_price":19.5,"shipping":4}', '--json'],
    {
      env: e,
    },
  );
  assert.deepEqual(JSON.parse(g.stdout).output, { amount: 62.5, message: '3 × 19.5 + 4 shipping = 62.5' });
});
