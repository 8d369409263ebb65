import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skein } from '../../helpers/cli.js';
import { messageText, startFakeOpenAI, type FakeReply } from '../../helpers/fake-openai.js';

/** A model that stores a memory in the first turn and searches it in the second. */
const SCRIPT: FakeReply[] = [
  {
    toolCalls: [
      { name: 'memory_store', arguments: { content: '第三季度财务报表周五提交给董事会', path: 'notes.md' } },
    ],
  },
  { text: '好的，记住了。' },
  { toolCalls: [{ name: 'memory_search', arguments: { query: '报表' } }] },
  { text: '报表周五提交。' },
];

function env(url: string): Record<string, string> {
  return {
    SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-chat-')),
    SKEIN_MODEL: 'compat:fake-model',
    SKEIN_BASE_URL: url,
    SKEIN_SKILLS: 'examples/skills',
  };
}

const MESSAGES = ['--message', '记住：第三季度财务报表周五提交给董事会', '--message', '报表什么时候交？'];

test('skein chat: the model calls two skills in one conversation; the calls are printed', async (t) => {
  const fake = await startFakeOpenAI(SCRIPT);
  t.after(() => fake.close());
  const r = await skein(['chat', ...MESSAGES], { env: env(fake.url) });
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  assert.deepEqual(lines[0], 'you› 记住：第三季度财务报表周五提交给董事会');
  assert.equal(lines[1], '→ memory_store {"content":"第三季度财务报表周五提交给董事会","path":"notes.md"}');
  assert.match(
    lines[2],
    /^ {2}✓ memory_store@1\.0\.0 \{"id":"[^"]+","path":"notes\.md","startLine":1,"endLine":1\} \d+ ms$/,
  );
  assert.deepEqual(lines.slice(3, 6), [
    '好的，记住了。',
    'you› 报表什么时候交？',
    '→ memory_search {"query":"报表"}',
  ]);
  assert.match(
    lines[6],
    /^ {2}✓ memory_search@1\.0\.0 \{"results":\[\{"id":"[^"]+","snippet":"第三季度财务报表周五提交给董事会"/,
  );
  assert.equal(lines[7], '报表周五提交。');
  const offered = (
    fake.requests[0].tools as { function: { name: string; parameters: { required?: string[] } } }[]
  ).map((x) => x.function);
  assert.deepEqual(offered.find((f) => f.name === 'memory_search')?.parameters.required, ['query']);
  assert.ok(
    offered.some((f) => f.name === 'sales_report'),
    'skills of other dialects are functions too',
  );
  const toolResult = fake.requests[3].messages
    .filter((m) => m.role === 'tool')
    .map(messageText)
    .at(-1)!;
  assert.match(
    toolResult,
    /"snippet":"第三季度财务报表周五提交给董事会","score":1,"path":"notes\.md","startLine":1,"endLine":1/,
  );
  assert.equal(
    fake.requests[2].messages.filter((m) => m.role === 'user').length,
    2,
    'the second turn carries the first',
  );
});

test('skein chat --json prints the transcript', async (t) => {
  const fake = await startFakeOpenAI(SCRIPT);
  t.after(() => fake.close());
  const r = await skein(['chat', ...MESSAGES, '--json'], { env: env(fake.url) });
  assert.equal(r.code, 0, r.stderr);
  const transcript = JSON.parse(r.stdout);
  assert.equal(transcript.model, 'compat:fake-model');
  assert.ok(transcript.tools.includes('research_and_summarize'));
  assert.deepEqual(
    transcript.turns.map(
      (turn: { user: string; answer: string; calls: { tool: string; skill: string; status: string }[] }) => [
        turn.user,
        turn.calls.map((c) => `${c.tool} ${c.skill} ${c.status}`),
        turn.answer,
      ],
    ),
    [
      [
        '记住：第三季度财务报表周五提交给董事会',
        ['memory_store memory_store@1.0.0 completed'],
        '好的，记住了。',
      ],
      ['报表什么时候交？', ['memory_search memory_search@1.0.0 completed'], '报表周五提交。'],
    ],
  );
  assert.equal(transcript.turns[1].calls[0].output.count, 1);
});

test('skein chat without a model says how to configure one', async () => {
  const r = await skein(['chat', '--message', 'hi'], {
    env: {
      SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-chat-')),
      SKEIN_MODEL: '',
      SKEIN_SKILLS: 'examples/skills',
    },
  });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /skein chat: No model is configured\. Choose one as provider:model/);
});

test('skein chat says when a turn stops at its step limit while the model still calls functions', async (t) => {
  const fake = await startFakeOpenAI([
    { toolCalls: [{ name: 'memory_search', arguments: { query: '报表' } }] },
    { toolCalls: [{ name: 'memory_search', arguments: { query: '董事会' } }] },
  ]);
  t.after(() => fake.close());
  const r = await skein(['chat', '--message', '报表什么时候交？', '--max-steps', '2'], {
    env: env(fake.url),
  });
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /\(stopped after 2 model steps while it was still calling functions: raise --max-steps, or ask it to go on\)\n$/,
  );
  const once = await startFakeOpenAI([{ toolCalls: [{ name: 'memory_search', arguments: { query: 'x' } }] }]);
  t.after(() => once.close());
  const json = await skein(['chat', '--message', 'x', '--max-steps', '1', '--json'], { env: env(once.url) });
  assert.equal(JSON.parse(json.stdout).turns[0].stoppedAtStepLimit, 1);
});
