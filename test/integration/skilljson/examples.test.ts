import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skein } from '../../helpers/cli.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';

function env(url?: string): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), 'skein-sj-ex-'));
  return {
    SKEIN_HOME: home,
    SKEIN_SKILLS: 'examples/skills',
    SKEIN_MODEL: url ? 'compat:fake-model' : '',
    ...(url ? { SKEIN_BASE_URL: url } : {}),
  };
}

async function run(skill: string, input: unknown, e: Record<string, string>) {
  const r = await skein(['run', skill, '--input', JSON.stringify(input), '--json'], { env: e });
  assert.ok(r.stdout, r.stderr);
  return JSON.parse(r.stdout);
}

test('research_and_summarize: memory_search, then summarize on the snippets; the output maps both', async (t) => {
  const fake = await startFakeOpenAI([
    { text: '{"summary": "Q3 报表周五提交；预算待批。", "keyPoints": ["周五提交"]}' },
  ]);
  t.after(() => fake.close());
  const e = env(fake.url);
  await run('memory_store', { content: '第三季度财务报表周五提交', path: 'work.md' }, e);
  await run('memory_store', { content: '报表里的预算还没批', path: 'work.md' }, e);
  const r = await run('research_and_summarize', { topic: '报表' }, e);
  assert.equal(r.status, 'completed', JSON.stringify(r));
  assert.equal(r.output.summary, 'Q3 报表周五提交；预算待批。');
  assert.deepEqual(
    r.output.sources
      .map((s: { snippet: string; path: string; startLine: number }) => [s.snippet, s.path, s.startLine])
      .sort(),
    [
      ['报表里的预算还没批', 'work.md', 2],
      ['第三季度财务报表周五提交', 'work.md', 1],
    ],
  );
  const user = JSON.parse(messageText(fake.requests[0].messages.at(-1)!));
  assert.deepEqual(user.text.split('\n\n').sort(), ['报表里的预算还没批', '第三季度财务报表周五提交']);
  assert.deepEqual([user.maxLength, user.language], [200, '中文'], "the called skill's defaults apply");
  assert.match(messageText(fake.requests[0].messages[0]), /用中文写一段不超过 200 字的摘要/);
});

test('research_and_summarize with nothing remembered skips summarize and falls back', async () => {
  const r = await run('research_and_summarize', { topic: '量子计算' }, env());
  assert.deepEqual(r.output, { summary: '没有找到关于这个主题的记忆。', sources: [] });
});

test('code_review and systematic_debugging answer in their output schemas', async (t) => {
  const fake = await startFakeOpenAI([
    {
      text: '{"issues": [{"severity": "critical", "message": "SQL injection", "line": 1}], "verdict": "block", "summary": "拼接 SQL"}',
    },
    {
      text: '{"rootCause": "空指针", "fix": {"file": "a.ts", "change": "判空", "explanation": "x 可能为空"}, "verification": "跑测试"}',
    },
  ]);
  t.after(() => fake.close());
  const e = env(fake.url);
  const review = await run(
    'code_review',
    { code: 'db.query("select * from t where id=" + id)', severity: 'high' },
    e,
  );
  assert.equal(review.output.verdict, 'block');
  assert.match(
    messageText(fake.requests[0].messages[0]),
    /请先判断代码语言。\n只报告 `high` 及以上级别的问题/,
  );
  const debug = await run('systematic_debugging', { error: 'TypeError: x is undefined' }, e);
  assert.equal(debug.output.rootCause, '空指针');
});

test('memory_forget removes what a search finds', async () => {
  const e = env();
  await run('memory_store', { content: '临时密码是 1234' }, e);
  assert.deepEqual((await run('memory_forget', { query: '密码' }, e)).output, { removed: 1 });
  assert.equal((await run('memory_search', { query: '密码' }, e)).output.count, 0);
});

test('a composite run by its folder path finds its called skills beside it', async (t) => {
  const fake = await startFakeOpenAI([{ text: '{"summary": "周五交报表。", "keyPoints": []}' }]);
  t.after(() => fake.close());
  const e = { ...env(fake.url), SKEIN_SKILLS: join(tmpdir(), 'no-skills-here') };
  await run('examples/skills/memory_store', { content: '财务报表周五前提交' }, e);
  const r = await run('examples/skills/research_and_summarize', { topic: '报表' }, e);
  assert.equal(r.status, 'completed', JSON.stringify(r));
  assert.equal(r.output.summary, '周五交报表。');
});
