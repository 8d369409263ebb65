// The built `skein` command on AgenticDSL graphs (run `npm run build` first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';

const GRAPHS = join(ROOT, 'examples/graphs');
const home = () => mkdtempSync(join(tmpdir(), 'skein-graph-'));

test('skein graph --mermaid prints the flowchart, routes dashed and labelled with their conditions', async () => {
  const r = await skein(['graph', join(GRAPHS, 'route_purpose.md'), '--mermaid'], {
    env: { SKEIN_HOME: home() },
  });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    [
      'flowchart TD',
      '  g0n0["▶ /main/start<br/>pass"]',
      '  g0n1("/main/ask_purpose<br/>llm")',
      '  g0n2{"/main/dispatch<br/>route by python main()"}',
      '  g0n3["/main/summarize_doc<br/>assign action, reply"]',
      '  g0n4["/main/translate_text<br/>assign action, reply"]',
      '  g0n5["/main/unknown_intent<br/>assign action, reply"]',
      '  g0n6(["/main/end<br/>end"])',
      '  g0n0 --> g0n1',
      '  g0n1 --> g0n2',
      '  g0n2 -.->|"#quot;summarize#quot; in purpose"| g0n3',
      '  g0n2 -.->|"#quot;translate#quot; in purpose"| g0n4',
      '  g0n2 -.->|"otherwise"| g0n5',
      '  g0n3 --> g0n6',
      '  g0n4 --> g0n6',
      '  g0n5 --> g0n6',
      '',
    ].join('\n'),
  );
});

test('skein graph without --mermaid lists nodes and successors; a file with errors is refused with them', async () => {
  const r = await skein(['graph', join(GRAPHS, 'fan_out.md')], { env: { SKEIN_HOME: home() } });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout.split('\n')[1],
    '▶ /main/start assign → /main/shout, /main/measure, /main/word_stats',
  );
  const bad = await skein(['graph', join(ROOT, 'test/fixtures/agenticdsl/broken.md'), '--mermaid'], {
    env: { SKEIN_HOME: home() },
  });
  // bad_skill exits 2 from every command (docs/errors.md).
  assert.equal(bad.code, 2);
  assert.equal(bad.stdout, '');
  assert.match(bad.stderr, /broken\.md:16:12: agenticdsl\/unknown-target next `finish`/);
});

const INVALID =
  '### AgenticDSL `/main`\n\n```yaml\n# --- BEGIN AgenticDSL ---\ngraph_type: subgraph\nentry: start\nnodes:\n  - {id: start, type: start, next: [finish]}\n  - {id: end, type: end}\n# --- END AgenticDSL ---\n```\n';
const VALID = INVALID.replace('next: [finish]', 'next: [end]');

test('skein graph generate sends the diagnostics back until the graph is valid, then writes it', async (t) => {
  const fake = await startFakeOpenAI([
    { text: `Here is the graph:\n\n${INVALID}` },
    { text: '```markdown\n' + VALID + '```' },
  ]);
  t.after(() => fake.close());
  const out = join(home(), 'triage.agent.md');
  const env = { SKEIN_HOME: home(), SKEIN_MODEL: 'compat:fake-model', SKEIN_BASE_URL: fake.url };
  const r = await skein(['graph', 'generate', 'greet the user', '--out', out], { env });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, `wrote ${out} (valid after 2 attempts)\n`);
  assert.equal(r.stderr, 'attempt 1: 1 error, asking for a fix\nattempt 2: valid\n');
  assert.equal(readFileSync(out, 'utf8'), VALID);
  assert.equal(fake.requests.length, 2);
  const [first, second] = fake.requests;
  assert.match(
    messageText(first.messages[0]),
    /^You write AgenticDSL computation graphs for the Skein runtime/,
    'the instructions are the system prompt',
  );
  assert.equal(
    messageText(first.messages.at(-1)!),
    'Write an AgenticDSL graph for this task:\n\ngreet the user',
  );
  assert.equal(
    messageText(second.messages.at(-1)!),
    'The file has 1 error:\n- line 8, column 37: next `finish` (/main/finish) is not a node of this graph; its nodes: /main/start, /main/end [agenticdsl/unknown-target]\n\nFix them and answer with the whole corrected file only.',
  );
});

test('skein graph generate gives up after --attempts and writes nothing', async (t) => {
  const fake = await startFakeOpenAI(() => ({ text: INVALID }));
  t.after(() => fake.close());
  const out = join(home(), 'never.md');
  const r = await skein(['graph', 'generate', 'anything', '--out', out, '--attempts', '2', '--json'], {
    env: { SKEIN_HOME: home(), SKEIN_MODEL: 'compat:fake-model', SKEIN_BASE_URL: fake.url },
  });
  assert.equal(r.code, 1);
  const result = JSON.parse(r.stdout);
  assert.deepEqual(
    {
      ok: result.ok,
      path: result.path,
      attempts: result.attempts,
      codes: result.diagnostics.map((d: { code: string }) => d.code),
    },
    {
      ok: false,
      path: null,
      attempts: 2,
      codes: ['agenticdsl/unknown-target'],
    },
  );
  assert.equal(existsSync(out), false);
  assert.equal(fake.requests.length, 2);
});

test('a graph that calls MCP tools runs through skein run', async () => {
  const r = await skein(
    [
      'run',
      join(GRAPHS, 'order_total.md'),
      '--input',
      '{"quantity": 3, "unit_price": 19.5, "shipping": 4}',
      '--json',
    ],
    {
      env: { SKEIN_HOME: home(), SKEIN_CONFIG: join(GRAPHS, 'skein.yaml') },
    },
  );
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).output, { amount: 62.5, message: '3 × 19.5 + 4 shipping = 62.5' });
});

test('skein run executes a graph with a Python codelet in the host sandbox', async () => {
  const r = await skein(['run', join(GRAPHS, 'fan_out.md'), '--input', '{"text": "b a b"}', '--json'], {
    env: { SKEIN_HOME: home() },
  });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).output, {
    summary: '5 characters, 3 words, longest: b',
    stats: { upper: 'B A B' },
    top: ['b', 'a'],
  });
});
