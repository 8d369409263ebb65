import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createLlmService } from '../../../src/host/index.js';
import type { Skill } from '../../../src/ir/skill.js';
import { loadPaths } from '../../../src/skills/index.js';
import { buildRouteIndex, DEFAULT_THRESHOLD } from '../../../src/routing/index.js';
import { messageText, startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai.js';
import { testConfig } from '../../helpers/tools.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures');
const skills = (await loadPaths([join(FIXTURES, 'routing')])).units.flatMap((u) => u.skills);
const index = buildRouteIndex(skills);
const byId = (id: string) => skills.find((s) => s.id === id) as Skill;

test('each dialect surfaces what it declares for routing in the IR', () => {
  assert.deepEqual(byId('sales_report').routing?.aliases, ['sales report', '销售统计']); // Aegis ## aliases
  assert.deepEqual(byId('sales_report').tags, ['销售报表', '区域销售', '数据查询']); // capabilityTags
  assert.equal(byId('code_review').routing?.category, '代码'); // skill.json category
  assert.deepEqual(byId('loan-intake').routing?.triggers, ['matter']); // engine triggers.contexts
  assert.ok(byId('loan-intake').routing?.aliases.includes('借钱不还')); // engine triggers.keywords
  assert.ok(byId('loan-intake').routing?.headings.includes('补问卡片')); // SKILL.md headings
  assert.deepEqual(byId('data_cleaning').tags, ['csv', '数据清洗']); // AgenticDSL /__meta__ tags
  assert.deepEqual(byId('data_cleaning').routing?.aliases, ['dedupe', '去重']);
  assert.deepEqual(byId('data_cleaning').routing?.headings, ['Dataset cleaning pipeline']); // prose, not block headings
  assert.deepEqual(byId('api-design-guide').routing?.aliases, ['接口设计规范']); // AgentOS frontmatter
  assert.ok(byId('api-design-guide').routing?.headings.includes('Pagination')); // chunk descriptions and headings
  assert.deepEqual(byId('pdf-tools').routing?.aliases, ['PDF 合并', 'PDF 拆分', 'pdf']); // Agent Skills metadata.aliases
});

const threshold = String(DEFAULT_THRESHOLD).replace('.', '\\.');

test('a Chinese request is cut into words (jieba), and the explanation names whole words', () => {
  const r = index.rank('帮我出一份华东区2024年第一季度的销售报表');
  assert.equal(r.choice?.id, 'sales_report');
  assert.equal(r.choice?.dialect, 'aegis');
  assert.match(
    r.candidates[0].why,
    /销售 \(aliases, tags, description, inputs\), 报表 \(tags, description\)/,
  );
  assert.match(r.why, new RegExp(`^sales_report matches .*销售.*threshold ${threshold}.*runner-up`));
  // No pair across two words: `总结一下` is the word 总结 and the filler 一下, never `总结一`.
  const summary = index.rank('帮我总结一下这份合同的主要条款', { limit: 5 });
  const named = summary.candidates.map((c) => c.why).join('\n') + summary.why;
  assert.match(named, /总结 \(/);
  assert.doesNotMatch(named, /总结一|结一|一下/);
});

test('the result has exactly the route --json shape, candidates best first, at most limit', () => {
  const r = index.rank('Review this supplier contract and flag risky clauses', { limit: 3 });
  assert.deepEqual(Object.keys(r), ['request', 'choice', 'candidates', 'why']);
  assert.deepEqual(Object.keys(r.choice!), ['id', 'version', 'dialect', 'score']);
  assert.equal(r.choice!.id, 'contract-review');
  assert.ok(r.candidates.length <= 3 && r.candidates.length >= 2);
  for (const c of r.candidates)
    assert.deepEqual(Object.keys(c), ['id', 'version', 'dialect', 'score', 'why']);
  const scores = r.candidates.map((c) => c.score);
  assert.deepEqual(
    scores,
    [...scores].sort((a, b) => b - a),
  );
  // A runner-up says what it matched and what it lacks against the winner.
  assert.match(
    r.candidates[1].why,
    /^matched .*; score [\d.]+.*lost to contract-review \([\d.]+\), which also matches/,
  );
});

test('nothing fits: choice is null, never a guess below the threshold, and the why says so', () => {
  const unrelated = index.rank('明天北京天气怎么样');
  assert.equal(unrelated.choice, null);
  assert.deepEqual(unrelated.candidates, []);
  assert.equal(unrelated.why, 'no skill fits: no skill shares a word with the request');
  const near = index.rank('Find me a good Italian restaurant nearby');
  assert.equal(near.choice, null);
  assert.ok(near.candidates[0].score < DEFAULT_THRESHOLD);
  assert.match(
    near.why,
    new RegExp(
      `^no skill fits: the best, \\S+, matches only find \\(description\\) \\(score [\\d.]+, below the threshold ${threshold}\\)$`,
    ),
  );
  assert.match(near.candidates[0].why, new RegExp(`below the threshold ${threshold}`));
});

test('word forms meet: stems, British spellings and a stem found by its start', () => {
  assert.equal(index.rank('please summarise this article').choice?.id, 'summarize');
  assert.equal(index.rank('the customer complained about the refund').candidates[0].id, 'customer_complaint');
});

test("the planner's rules rule out skills that cannot run on the session state", async () => {
  const planner = (await loadPaths([join(FIXTURES, 'engine/planner/.skills')])).units.flatMap(
    (u) => u.skills,
  );
  const routing = buildRouteIndex(planner);
  assert.ok(!routing.skills.some((s) => s.id === 'sync'), 'internal skills are never routed to');
  const free = routing.rank('analyses the evidence');
  assert.equal(free.choice?.id, 'evidence');
  const state = { matter_id: 'm-1', profile: { intake_status: 'new' } };
  const ruled = routing.rank('analyses the evidence', { state, context: 'matter' });
  assert.notEqual(ruled.choice?.id, 'evidence');
  assert.ok(!ruled.candidates.some((c) => c.id === 'evidence'));
  assert.match(
    ruled.why,
    /evidence is ruled out by its rules: triggers\.state_conditions: state\.profile\.intake_status == 'completed' is false/,
  );
  const done = routing.rank('analyses the evidence', {
    state: { profile: { intake_status: 'completed' } },
    context: 'matter',
  });
  assert.equal(done.choice?.id, 'evidence');
});

let fake: FakeOpenAI;
const replies: string[] = [];
before(async () => {
  fake = await startFakeOpenAI(() => ({ text: replies.shift() ?? '' }));
});
after(() => fake.close());

function llm() {
  const config = { ...testConfig('/tmp'), baseUrl: fake.url, apiKey: 'k' };
  return createLlmService(config, 'compat:fake-model');
}

test('with a model, it chooses among the candidates from their summaries, and its reason is kept', async () => {
  replies.push(
    JSON.stringify({
      skill: 'translate_text',
      reason: 'The user asks for a translation, not a contract review.',
    }),
  );
  const r = await index.route('把这段合同条款翻译成英文', { llm: llm(), limit: 3 });
  assert.equal(r.choice?.id, 'translate_text');
  assert.match(
    r.why,
    /^compat:fake-model chose translate_text among contract-review, translate_text, \S+: The user asks for a translation/,
  );
  assert.match(r.candidates.find((c) => c.id === 'contract-review')!.why, /the model did not choose it$/);
  const sent = fake.requests.at(-1)!;
  const prompt = sent.messages.map(messageText).join('\n');
  assert.match(
    prompt,
    /- translate_text: Translate text between Chinese and English.*\(also: translation, 翻译, translate, 中英互译, localize\) \[input: text, target_language\]/,
  );
  assert.match(prompt, /Request:\n把这段合同条款翻译成英文/);
});

test('the model may answer none, and a request no skill shares a word with never reaches the model', async () => {
  replies.push(JSON.stringify({ skill: 'none', reason: 'Ordering food is not what these skills do.' }));
  const r = await index.route('Order a pizza for dinner', { llm: llm() });
  assert.equal(r.choice, null);
  assert.match(r.why, /chose none among .*: Ordering food is not what these skills do\./);
  const before = fake.requests.length;
  const unrelated = await index.route('明天北京天气怎么样', { llm: llm() });
  assert.equal(unrelated.choice, null);
  assert.equal(fake.requests.length, before);
});
