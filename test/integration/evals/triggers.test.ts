import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skein } from '../../helpers/cli.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';

// Trigger evals (issue 30 item 6): `should_trigger` cases of cases.yaml and evals/evals.json routed, not
// run, through the lexical stage and each model's stage, with the per-skill trigger rate, false triggers
// and confusions in every report; `validate` warns when a skill's own prompts route elsewhere.

const FIXTURE = 'test/fixtures/evals/triggers';

test('skein eval routes the trigger cases: trigger rate, false triggers and confusions per skill, in the terminal, JSON, Markdown and JUnit', async () => {
  const home = await mkdtemp(join(tmpdir(), 'skein-triggers-'));
  const env = { SKEIN_HOME: home };
  const md = join(home, 'report.md');
  const junit = join(home, 'report.xml');
  const r = await skein(['eval', FIXTURE, '--md', md, '--junit', junit], { env });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.equal(
    r.stdout,
    [
      'trigger evals (router: lexical)',
      'skill    trigger rate  false triggers  confusions',
      'greet    2/4 (50%)     0               invoice ×1, none ×1',
      'invoice  –             1               –',
      'refunds  2/2 (100%)    0               –',
      '✗ greet › says hi about an invoice: routed to invoice (should trigger greet)',
      `    "say hi to Bob about the amount due on his invoice" at ${FIXTURE}/greet.cases.yaml:9`,
      '✗ greet › says hi: routed to no skill (should trigger greet)',
      `    "say hi to Bob" at ${FIXTURE}/greet.cases.yaml:12`,
      '6 of 8 trigger cases routed as expected',
      '',
    ].join('\n'),
  );

  const report = readFileSync(md, 'utf8');
  assert.match(report, /#### Trigger evals \(router: lexical\): 6 of 8 routed as expected/);
  assert.match(report, /\| greet \| 2\/4 \(50%\) \| 0 \| invoice ×1, none ×1 \|/);
  assert.match(report, /- ❌ \*\*greet › says hi\*\*: routed to no skill \(should trigger greet\)/);
  const xml = readFileSync(junit, 'utf8');
  assert.match(xml, /<testsuites name="skein eval [0-9a-f-]{36}" tests="8" failures="2">/);
  assert.match(xml, /<testsuite name="triggers: lexical" tests="8" failures="2"/);
  assert.match(xml, /<testcase classname="refunds" name="eval 1 \[triggers: lexical\]"[^>]*><\/testcase>/);
  assert.match(
    xml,
    /<failure message="0\/1 routed as expected">routed to invoice \(should trigger greet\)<\/failure>/,
  );

  const json = JSON.parse((await skein(['eval', FIXTURE, '--json'], { env })).stdout);
  assert.equal(json.results.length, 0);
  const [lexical] = json.triggers;
  assert.equal(lexical.router, 'lexical');
  assert.deepEqual(
    lexical.skills.find((s: { skill: string }) => s.skill === 'greet'),
    {
      skill: 'greet',
      positives: 4,
      triggered: 2,
      triggerRate: 0.5,
      negatives: 1,
      falseTriggers: 0,
      confusions: [
        { chosen: 'invoice', count: 1, cases: ['says hi about an invoice'] },
        { chosen: null, count: 1, cases: ['says hi'] },
      ],
    },
  );
  // evals.json's `query` is read as the prompt.
  const refund = lexical.cases.find(
    (c: { skill: string; name: string }) => c.skill === 'refunds' && c.name === 'eval 2',
  );
  assert.deepEqual(
    [refund.prompt, refund.shouldTrigger, refund.chosen],
    ['return my order', true, ['refunds']],
  );
});

test('with models, each model stage routes the trigger cases over the trials, beside the lexical stage', async (t) => {
  // router-first picks the first candidate it is shown; router-none never picks one.
  const models = await startFakeOpenAI((request) => {
    const user = request.messages.map(messageText).join('\n');
    const first = /Skills:\n- ([\w-]+):/.exec(user)?.[1] ?? 'none';
    const skill = request.model === 'router-none' ? 'none' : first;
    return { text: JSON.stringify({ skill, reason: `${request.model} picked ${skill}` }) };
  });
  t.after(() => models.close());
  const env = { SKEIN_HOME: await mkdtemp(join(tmpdir(), 'skein-triggers-')), SKEIN_BASE_URL: models.url };
  const r = await skein(
    [
      'eval',
      FIXTURE,
      '--model',
      'compat:router-first',
      '--model',
      'compat:router-none',
      '--trials',
      '2',
      '--json',
    ],
    { env },
  );
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const { triggers } = JSON.parse(r.stdout);
  assert.deepEqual(
    triggers.map((x: { router: string; trials: number }) => [x.router, x.trials]),
    [
      ['lexical', 1],
      ['compat:router-first', 2],
      ['compat:router-none', 2],
    ],
  );
  const rate = (router: number, skill: string) =>
    triggers[router].skills.find((s: { skill: string }) => s.skill === skill)?.triggerRate;
  assert.deepEqual([rate(1, 'greet'), rate(1, 'refunds')], [0.5, 1]);
  assert.deepEqual([rate(2, 'greet'), rate(2, 'refunds')], [0, 0]);
  const greetNone = triggers[2].skills.find((s: { skill: string }) => s.skill === 'greet');
  assert.deepEqual(greetNone.confusions, [{ chosen: null, count: 8, cases: greetNone.confusions[0].cases }]);
  assert.equal(triggers[2].cases.filter((c: { passed: boolean }) => c.passed).length, 2);

  const table = await skein(['eval', FIXTURE, '--model', 'compat:router-none'], { env });
  assert.match(table.stdout, /^trigger evals \(router: compat:router-none\)\n/m);
  assert.match(table.stdout, /^refunds +0\/2 \(0%\) +0 +none ×2$/m);
});

test('skein validate warns when a skill’s own should_trigger prompts route to another skill or to none', async () => {
  const r = await skein(['validate', FIXTURE]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(
    r.stdout,
    new RegExp(
      `^${FIXTURE}/greet\\.cases\\.yaml:9:1: warning skein/under-triggers greet's description under-triggers: 2 of 4 of its should_trigger prompts route elsewhere \\("say hi to Bob about the amount due on his invoice" → invoice, "say hi to Bob" → no skill\\)`,
      'm',
    ),
  );
  assert.doesNotMatch(r.stdout, /refunds's description/);
  assert.match(r.stdout, /3 files, 3 skills, 0 errors, 1 warning\n$/);
  // A skill validated without trigger cases beside it gets no such hint.
  const alone = await skein(['validate', `${FIXTURE}/refunds`]);
  assert.doesNotMatch(alone.stdout, /under-triggers/);
});
