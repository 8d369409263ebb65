import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skein } from '../../helpers/cli.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';

const home = () => mkdtemp(join(tmpdir(), 'skein-home-'));

test('skein test runs the engine example cases with the scripted model, Python validate included', async () => {
  const r = await skein(['test', 'examples/engine/.skills'], {
    env: { SKEIN_CONFIG: 'examples/engine/skein.yaml', SKEIN_HOME: await home() },
  });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(
    r.stdout,
    /^✓ L2 {10}loan-intake › reads the materials, asks for the ID numbers on a card, and completes with the answers {2}\d+ ms$/m,
  );
  assert.match(r.stdout, /^✓ L2 {10}loan-intake › the validate script sends back a made-up ID number/m);
  assert.match(
    r.stdout,
    /^– L3 {10}loan-intake › the response names what was received and asks for both ID numbers {2}skipped: opt-in: run it with --level L3/m,
  );
  assert.match(r.stdout, /\n9 passed, 0 failed, 2 skipped\n$/);
});

test('skein test runs TypeScript scripts and canned tools of an engine skill', async () => {
  const r = await skein(['test', 'test/fixtures/engine/support/.skills'], {
    env: { SKEIN_HOME: await home() },
  });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^✓ L2 {10}order-support › validate asks which order a refund is for/m);
  assert.match(
    r.stdout,
    /^✓ L2 {10}order-support › a refund of a known order is granted and signed by postprocess/m,
  );
  assert.match(r.stdout, /\n2 passed, 0 failed, 0 skipped\n$/);
});

test('skein test --json reports each case; a failing case exits 1; a bad level is a usage error', async () => {
  const r = await skein(['test', 'test/fixtures/skill-tests/aegis', '--json', '--repeat', '2'], {
    env: { SKEIN_HOME: await home() },
  });
  assert.equal(r.code, 1, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.deepEqual([result.passed, result.failed, result.skipped], [2, 1, 0]);
  assert.deepEqual(
    result.cases.map((c: { status: string; passes: number; runs: number }) => [c.status, c.passes, c.runs]),
    [
      ['passed', 2, 2],
      ['passed', 2, 2],
      ['failed', 0, 2],
    ],
  );
  const usage = await skein(['test', 'x', '--level', 'L5']);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /unknown level L5; levels: L1, L2, L3, integration/);
});

test('skein validate knows engine skill folders; run pauses with the card, resume answers it in another process', async (t) => {
  const valid = await skein(['validate', 'examples/engine', '--json']);
  assert.equal(valid.code, 0, valid.stdout);
  const files = JSON.parse(valid.stdout).files as {
    path: string;
    dialect: string;
    skills: { id: string }[];
  }[];
  assert.deepEqual(
    files.map((f) => [f.path, f.dialect, f.skills.map((s) => s.id)]),
    [
      ['examples/engine/.skills/cause-recommendation', 'engine', ['cause-recommendation']],
      ['examples/engine/.skills/loan-intake', 'engine', ['loan-intake']],
    ],
  );

  const fake = await startFakeOpenAI([
    {
      text: JSON.stringify({
        response: 'What is the matter about?',
        profile: { intake_status: 'in_progress' },
        data: {},
        control: {
          action: 'ask_user',
          review_type: 'clarify',
          questions: [{ question: 'Summary?', field_key: 'profile.summary', input_type: 'textarea' }],
        },
      }),
    },
    {
      text: JSON.stringify({
        response: 'Taken in.',
        profile: { intake_status: 'completed' },
        data: {},
        control: { action: 'finish' },
      }),
    },
  ]);
  t.after(() => fake.close());
  const env = { SKEIN_HOME: await home(), SKEIN_MODEL: 'compat:fake-model', SKEIN_BASE_URL: fake.url };
  const skill = 'test/fixtures/engine/planner/.skills/intake';
  const run = await skein(
    ['run', skill, '--json', '--input', '{"message": "New matter", "matter_id": "m-7"}'],
    { env },
  );
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const paused = JSON.parse(run.stdout);
  assert.equal(paused.status, 'awaiting');
  assert.deepEqual(paused.await.inputSchema, {
    type: 'object',
    properties: { 'profile.summary': { type: 'string', description: 'Summary?' } },
    required: ['profile.summary'],
    additionalProperties: false,
  });
  assert.equal(paused.await.card.review_type, 'clarify');

  const resumed = await skein(
    ['resume', paused.runId, '--json', '--input', '{"profile.summary": "A loan of 100000 yuan."}'],
    { env },
  );
  assert.equal(resumed.code, 0, resumed.stdout + resumed.stderr);
  assert.deepEqual(JSON.parse(resumed.stdout), {
    runId: paused.runId,
    status: 'completed',
    output: {
      response: 'Taken in.',
      state: { matter_id: 'm-7', profile: { intake_status: 'completed', summary: 'A loan of 100000 yuan.' } },
    },
  });
  assert.match(
    messageText(fake.requests[1].messages.at(-1)!),
    /"profile\.summary": "A loan of 100000 yuan\."/,
  );
});
