import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';
import { CORPUS, corpusSkip } from '../../helpers/corpus.js';
import { runSkillCases } from '../../helpers/skill-cases.js';

const AEGIS = join(CORPUS, 'aegis');
/** The one file of the Java engine's test resources that is meant to be invalid. */
const NEGATIVE = 'skill-dsl_src_test_resources_skills_invalid_syntax.md';

const ORDER = { order_id: 'A1', product_name: '耳机', quantity: 2, unit_price: 99.5 };

interface Case {
  input: Record<string, unknown>;
  /** One answer per pause, in order. */
  answers?: Record<string, unknown>[];
  /**
   * Output fields the file declares but no step produces (validate warns `output-not-produced`): the run
   * executes every step and then fails the output check naming them, as the Java engine does.
   */
  unproduced?: string[];
  /**
   * A mistake of the file that makes the output check fail after every step ran, as in the Java engine
   * (which checks each output field's presence and type the same way).
   */
  mistake?: string;
  /** Fields the completed run's output must hold (as a subset). */
  output?: Record<string, unknown>;
  /** Another run of the same file: other answers, another output (the other branch). */
  otherwise?: { answers: Record<string, unknown>[]; output: Record<string, unknown> };
}

/** How each real file runs; the tools are stand-ins (test/fixtures/aegis-compat/tools.ts). */
const CASES: Record<string, Case> = {
  'builtin-tools_src_main_resources_skills_chat.md': { input: { prompt: '你好' } },
  'builtin-tools_src_main_resources_skills_chat@bbf45cee.md': { input: { prompt: '你好' } },
  'skill-demo_src_main_resources_skills_builtin_tools_demo.md': {
    input: { report_type: 'sales', data_file: 'data.csv' },
    mistake: 'output "content" is declared an object, but it is the text read_file writes',
  },
  'skill-demo_src_main_resources_skills_builtin_tools_demo@a386bbbb.md': {
    input: { report_type: 'sales', data_file: 'data.csv' },
    mistake: 'output "content" is declared an object, but it is the text read_file writes',
  },
  'skill-demo_src_main_resources_skills_db_insert_customer.md': {
    input: { customer_name: '王五', email: 'wang@example.com' },
    output: { message: '客户 王五 创建成功，ID: 42' },
  },
  'skill-demo_src_main_resources_skills_db_query_customers.md': { input: { customer_name: '张' } },
  'skill-demo_src_main_resources_skills_db_update_customer.md': {
    input: { customer_id: 1, email: 'z@x.com' },
  },
  'skill-demo_src_main_resources_skills_db_update_customer@a386bbbb.md': { input: { customer_id: 1 } },
  'skill-demo_src_main_resources_skills_order_confirmation.md': {
    input: ORDER,
    answers: [{ confirm: true, notes: '请尽快发货' }],
    output: {
      order_result:
        '订单摘要：\n- 订单编号：A1\n- 商品：耳机\n- 数量：2\n- 单价：¥99.5\n- 总金额：¥199,\n订单 A1 已确认。\n用户备注：请尽快发货',
    },
    // Two guarded steps write order_result: the branch the answer chooses does.
    otherwise: { answers: [{ confirm: false }], output: { order_result: '订单 A1 已取消。' } },
  },
  'skill-demo_src_main_resources_skills_order_confirmation@a386bbbb.md': {
    input: ORDER,
    answers: [{ confirm: false }],
    output: { order_result: '订单 A1 已取消。' },
  },
  'skill-demo_src_main_resources_skills_test.md': { input: { query: '你好' } },
  'skill-demo_src_main_resources_skills_test@bbf45cee.md': { input: { query: '你好' } },
  'skill-demo_src_main_resources_skills_test_extended_input.md': {
    input: { simple_field: 'a', company: 'ACME', period: 'Q4', confirmed: true },
    unproduced: ['echo_result'],
  },
  'skill-demo_src_main_resources_skills_test_extended_input@bbf45cee.md': {
    input: { simple_field: 'a', company: 'ACME', period: 'Q4', confirmed: true },
    unproduced: ['echo_result'],
  },
  'skill-dsl_src_test_resources_skills_await-example.md': {
    input: ORDER,
    answers: [{ confirm: true, notes: '' }],
    unproduced: ['level', 'title'],
  },
  'skill-dsl_src_test_resources_skills_builtin_tools_demo.md': {
    input: { report_type: 'sales', data_file: 'data.csv' },
    unproduced: ['level', 'title', 'output_path'],
  },
  'skill-dsl_src_test_resources_skills_financial_analysis.md': {
    input: { company: 'ACME', period: '2024Q1' },
    unproduced: ['summary', 'risks', 'suggestions'],
  },
  'skill-dsl_src_test_resources_skills_financial_analysis@a386bbbb.md': {
    input: { company: 'ACME', period: '2024Q1' },
  },
  'skill-dsl_src_test_resources_skills_sales_report_generator.md': {
    input: { region: '华东', period: '2024Q1' },
  },
  'skill-dsl_src_test_resources_skills_simple_tool.md': { input: { query: 'MCP' } },
  'skill-dsl_src_test_resources_skills_simple_tool@a386bbbb.md': {
    input: { query: 'MCP' },
    mistake: 'output "result" is declared an object, but its tool step declares result: string',
  },
  'skill-dsl_src_test_resources_skills_template_demo.md': {
    input: { ...ORDER, unit_price: 100 },
    output: {
      report:
        '===== 订单确认 =====\n订单编号：A1\n商品名称：耳机\n购买数量：2\n单价：¥100\n总金额：¥200\n===================\n感谢您的购买！',
    },
  },
  'skill-financial_src_main_resources_skills_financial_analysis.md': {
    input: { query: '盈利如何', company: 'ACME', period: '2024Q1' },
  },
  'skill-financial_src_main_resources_skills_financial_analysis@bbf45cee.md': {
    input: { query: '盈利如何', company: 'ACME', period: '2024Q1' },
  },
  'skill-sales_src_main_resources_skills_sales_report_generator.md': {
    input: {},
    answers: [{ region: '华南' }, { period: '2024H1' }],
    output: { region: '华南', period: '2024Q1' },
  },
  'skill-search_src_main_resources_skills_simple_search.md': { input: { query: 'MCP' } },
  'skill-search_src_main_resources_skills_simple_search@bbf45cee.md': { input: { query: 'MCP' } },
  'skills_await-example.md': {
    input: ORDER,
    answers: [{ confirm: true, notes: '加急' }],
    unproduced: ['level', 'title', 'content'],
  },
};

function realFiles(): string[] {
  return readdirSync(AEGIS)
    .filter((f) => f.endsWith('.md') && f !== NEGATIVE)
    .sort();
}

test(
  'every real Aegis file of the corpus validates with 0 errors of its own (28/28)',
  { skip: corpusSkip },
  async () => {
    const files = realFiles();
    assert.deepEqual(files, Object.keys(CASES).sort(), 'the table covers exactly the corpus files');
    const r = await skein(['validate', '--json', ...files.map((f) => join(AEGIS, f))]);
    const report = JSON.parse(r.stdout) as {
      files: { path: string; diagnostics: { severity: string; code: string; message: string }[] }[];
      errors: number;
    };
    // The corpus holds one skill from several commits (name@commit.md), so the set has twins of
    // one id@version: those are the set's errors (a skills path must not hold both), not a file's.
    const isTwin = (d: { code: string }) => d.code === 'skein/duplicate-skill';
    const failing = report.files.filter((f) =>
      f.diagnostics.some((d) => d.severity === 'error' && !isTwin(d)),
    );
    assert.deepEqual(
      failing.map((f) => `${f.path}: ${f.diagnostics.find((d) => d.severity === 'error')!.message}`),
      [],
    );
    const twins = report.files.filter((f) => f.diagnostics.some(isTwin)).length;
    assert.ok(twins > 0, 'the corpus copies of one skill are reported as twins');
    assert.equal(report.files.length, 28);
    assert.equal(r.code, 1, 'twins in one set fail validate');
    // Each declared-but-unproduced output field of the table is one that validate warns about.
    for (const [file, c] of Object.entries(CASES))
      for (const field of c.unproduced ?? []) {
        const entry = report.files.find((f) => f.path === join(AEGIS, file))!;
        assert.ok(
          entry.diagnostics.some(
            (d) => d.code === 'aegis/output-not-produced' && d.message.includes(`"${field}"`),
          ),
          `${file}: validate warns that "${field}" is produced by nothing`,
        );
      }
    // The intended negative case still fails.
    const negative = await skein(['validate', '--json', join(AEGIS, NEGATIVE)]);
    assert.equal(negative.code, 1);
  },
);

test(
  'every real Aegis file runs end to end, tools stood in, pauses answered',
  { skip: corpusSkip },
  async () => {
    // One `skein test` runs them all: the scripted model answers prompts, the stand-in tools answer calls.
    const files = realFiles();
    const report = await runSkillCases(
      files.map((file) => ({
        name: file,
        text: readFileSync(join(AEGIS, file), 'utf8'),
        cases: casesFor(CASES[file]),
      })),
      { SKEIN_CONFIG: join(ROOT, 'test/fixtures/aegis-compat/skein.yaml') },
      (dir) => writeFileSync(join(dir, 'ws', 'data.csv'), '区域,销售额\n华东,1200\n'),
    );
    assert.deepEqual(report.diagnostics, []);
    assert.deepEqual(report.failures, []);
    assert.equal(report.passed, 29);
    assert.equal(report.code, 0, report.stderr);
  },
);

/** The cases file of one corpus file: its input, model replies, answers and what the run must give. */
function casesFor(c: Case) {
  const expect =
    c.unproduced || c.mistake
      ? { status: 'failed', error: { code: 'output_invalid' } }
      : { status: 'completed', ...(c.output ? { output: c.output } : {}) };
  const model = Array.from({ length: 6 }, () => ({ text: '模型的回答：一切正常。' }));
  const run = {
    name: 'runs as the Java engine runs it',
    input: c.input,
    model,
    answers: c.answers ?? [],
    expect,
  };
  if (!c.otherwise) return [run];
  const other = { status: 'completed', output: c.otherwise.output };
  return [
    run,
    { name: 'the other branch', input: c.input, model, answers: c.otherwise.answers, expect: other },
  ];
}
