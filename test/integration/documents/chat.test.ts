import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skein } from '../../helpers/cli.js';
import { messageText, startFakeOpenAI, type ChatRequest } from '../../helpers/fake-openai.js';

const GUIDE = 'examples/docs/sales_data_guide.SKILL.md';

function toolNames(request: ChatRequest): string[] {
  return (request.tools as { function: { name: string } }[]).map((t) => t.function.name);
}

/** The figures chunk of the example guide, as written between its tags. */
function figuresChunk(): string {
  const text = readFileSync(GUIDE, 'utf8');
  return text.slice(text.indexOf('## Figures'), text.indexOf('</chunk>', text.indexOf('## Figures'))).trim();
}

test('skein chat: the agent sees document skills in summary, loads a chunk, then answers; executable skills stay functions', async () => {
  const fake = await startFakeOpenAI([
    {
      toolCalls: [
        { name: 'load_doc_chunk', arguments: { skill_name: 'sales_data_guide', chunk_id: 'figures' } },
      ],
    },
    { text: '2024Q2: 华东 led with 4,418.6 万元.' },
    {
      toolCalls: [
        {
          name: 'load_skill_chunk',
          arguments: { skill_name: 'report-style', chunk_id: 'references/numbers.md' },
        },
        { name: 'greet', arguments: { name: 'Ada' } },
      ],
    },
    { text: 'Hello, Ada! 1 亿 = 10,000 万.' },
  ]);
  try {
    const r = await skein(
      [
        'chat',
        '--skills',
        'examples/docs',
        '--skills',
        'test/fixtures/aegis/greet.md',
        '--message',
        'Which region sold most in 2024Q2?',
        '--message',
        'Greet Ada; what is 1 亿 in 万?',
        '--json',
      ],
      {
        env: {
          SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-chat-docs-')),
          SKEIN_MODEL: 'compat:fake-model',
          SKEIN_BASE_URL: fake.url,
        },
      },
    );
    assert.equal(r.code, 0, r.stderr);
    const [first, second, third, fourth] = fake.requests;

    // Before any load: summaries in the system prompt, the two chunk tools and the executable skill offered.
    const system = messageText(first.messages[0]);
    assert.equal(first.messages[0].role, 'system');
    assert.ok(
      system.includes('## Skill: sales_data_guide\nDescription: How the sample sales table is organised'),
      system,
    );
    assert.ok(
      system.includes(
        '[Available Chunks]\n- queries: Ready-made SQL for totals, rankings and quarter-on-quarter growth\n- figures: Regional totals',
      ),
    );
    assert.ok(system.includes('## Skill: report-style\n'));
    assert.ok(system.includes('- references/numbers.md: Numbers in Chinese reports (reference, '));
    assert.ok(
      !system.includes('| 华东 | 3,942.6 | 4,418.6 |'),
      'a chunk is not in the prompt before it is loaded',
    );
    assert.deepEqual(toolNames(first).sort(), ['greet', 'load_doc_chunk', 'load_skill_chunk']);

    // The chunk goes back to the model as the tool's result, and the model answers from it.
    const result = second.messages.at(-1)!;
    assert.equal(result.role, 'tool');
    const loadedFigures = JSON.parse(messageText(result));
    assert.deepEqual([loadedFigures.status, loadedFigures.content], ['success', figuresChunk()]);
    const results = fourth.messages
      .filter((m) => m.role === 'tool')
      .slice(-2)
      .map((m) => JSON.parse(messageText(m)));
    const loaded = results.find((x) => x.status === 'success');
    assert.equal(loaded.content, readFileSync('examples/docs/report-style/references/numbers.md', 'utf8'));
    assert.deepEqual(
      results.find((x) => x.status === undefined),
      { greeting: 'Hello, Ada!' },
    );
    assert.equal(third.messages.filter((m) => m.role === 'user').length, 2);

    const transcript = JSON.parse(r.stdout);
    assert.deepEqual(
      // Calls of one model turn run concurrently, so they are recorded in the order they finish.
      transcript.turns.map((t: { calls: { tool: string; status: string }[]; answer: string }) => [
        t.calls.map((c) => `${c.tool}:${c.status}`).sort(),
        t.answer,
      ]),
      [
        [['load_doc_chunk:completed'], '2024Q2: 华东 led with 4,418.6 万元.'],
        [['greet:completed', 'load_skill_chunk:completed'], 'Hello, Ada! 1 亿 = 10,000 万.'],
      ],
    );
  } finally {
    await fake.close();
  }
});

test('skein chat: an unknown chunk comes back to the model as a clear error it can recover from', async () => {
  const fake = await startFakeOpenAI([
    {
      toolCalls: [
        { name: 'load_doc_chunk', arguments: { skill_name: 'sales_data_guide', chunk_id: 'totals' } },
      ],
    },
    {
      toolCalls: [
        { name: 'load_doc_chunk', arguments: { skill_name: 'sales_data_guide', chunk_id: 'figures' } },
      ],
    },
    { text: '华东.' },
  ]);
  try {
    const r = await skein(['chat', '--skills', GUIDE, '--message', 'Top region?', '--json'], {
      env: {
        SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-chat-docs-')),
        SKEIN_MODEL: 'compat:fake-model',
        SKEIN_BASE_URL: fake.url,
      },
    });
    assert.equal(r.code, 0, r.stderr);
    const refused = JSON.parse(messageText(fake.requests[1].messages.at(-1)!));
    assert.equal(refused.status, 'error');
    assert.match(refused.error, /"sales_data_guide" has no chunk "totals"; .*queries, figures, pitfalls/);
    const [turn] = JSON.parse(r.stdout).turns;
    assert.deepEqual(
      turn.calls.map((c: { status: string }) => c.status),
      ['failed', 'completed'],
    );
    assert.equal(turn.answer, '华东.');
  } finally {
    await fake.close();
  }
});
