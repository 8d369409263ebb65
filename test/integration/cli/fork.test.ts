// `skein fork RUN --from STEP`: a new run linked to its parent, with the parent's results of the steps
// before STEP copied (not run again), the edits applied, run on from STEP. One skill per dialect covers
// every node kind: tool, prompt, template, await (Aegis); graph nodes and a codelet (AgenticDSL); calls
// of other skills (skill.json); an agent (engine skill). Also HTTP, the library and --upgrade.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';
import { startFakeOpenAI } from '../../helpers/fake-openai.js';
import { api, startServer } from '../../helpers/server.js';
import { createDatabase, postgresAvailable } from '../../helpers/postgres.js';
import { openSkein } from '../../../src/index.js';

const FIXTURE = join(ROOT, 'test/fixtures/fork');
const CONFIRM = join(ROOT, 'test/fixtures/server/skills/confirm.md');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many shapes, checked field by field
type Json = any;

async function json(args: string[], env: Record<string, string>): Promise<Json> {
  const r = await skein([...args, '--json'], { env });
  assert.ok(r.stdout, r.stderr);
  return { ...JSON.parse(r.stdout), exit: r.code };
}

async function inspect(env: Record<string, string>, runId: string): Promise<Json> {
  return json(['inspect', runId], env);
}

/** The steps a run started itself (not copied from a parent). */
async function started(env: Record<string, string>, runId: string): Promise<string[]> {
  const events = (await inspect(env, runId)).events as { type: string; node?: string }[];
  return events.filter((e) => e.type === 'node_started').map((e) => e.node!);
}

test('Aegis: a fork from a tool, a prompt, a template or an await step runs it again and keeps what came before', async (t) => {
  let calls = 0;
  const fake = await startFakeOpenAI(() => ({ text: `idea${++calls}` }));
  t.after(() => fake.close());
  const dir = mkdtempSync(join(tmpdir(), 'skein-fork-'));
  const env = {
    SKEIN_HOME: join(dir, 'home'),
    SKEIN_CONFIG: join(FIXTURE, 'skein.yaml'),
    COUNT_DIR: dir,
    SKEIN_MODEL: 'compat:m',
    SKEIN_BASE_URL: fake.url,
  };
  const stamps = () => Number(readFileSync(join(dir, 'stamps'), 'utf8'));
  const paused = await json(['run', 'pipeline', '--input', '{"item":"pen"}'], env);
  assert.equal(paused.await.message, 'pen #1: idea1. Confirm?');
  const parent = paused.runId;
  const done = await json(['resume', parent, '--input', '{"ok":true}'], env);
  assert.deepEqual(done.output, { answer: 'pen #1: idea1 ok=true' });

  // A template: the tool and the model are not called again; a value set before it is seen.
  const template = await json(['fork', parent, '--from', 'compose', '--set', 'idea="EDITED"'], env);
  assert.equal(template.await.message, 'pen #1: EDITED. Confirm?');
  assert.deepEqual([stamps(), calls], [1, 1]);
  assert.deepEqual(await started(env, template.runId), ['compose', 'confirm']);
  // A prompt: the model is asked again, the tool is not.
  const prompt = await json(['fork', parent, '--from', 'ask_model'], env);
  assert.equal(prompt.await.message, 'pen #1: idea2. Confirm?');
  assert.deepEqual([stamps(), calls], [1, 2]);
  // A tool: it runs again, and so does everything after it.
  const tool = await json(['fork', parent, '--from', 'stamp', '--input', '{"item":"cup"}'], env);
  assert.equal(tool.await.message, 'cup #2: idea3. Confirm?');
  // An await: it asks again; after it, the parent's answer is kept unless set.
  const again = await json(['fork', parent, '--from', 'confirm'], env);
  assert.equal(again.status, 'awaiting');
  const after = await json(['fork', parent, '--from', 'reply', '--set', 'ok=false'], env);
  assert.deepEqual(after.output, { answer: 'pen #1: idea1 ok=false' });
  assert.deepEqual([stamps(), calls], [2, 3]);

  // The fork tree: the parent lists its forks, each fork names its parent and step.
  const shown = await inspect(env, parent);
  assert.equal(shown.forks.length, 5);
  assert.ok(shown.forks.some((f: Json) => f.runId === template.runId && f.step === 'compose'));
  assert.deepEqual((await inspect(env, template.runId)).run.forkedFrom, { run: parent, step: 'compose' });
  const text = await skein(['inspect', template.runId], { env });
  assert.match(text.stdout, new RegExp(`forked from ${parent} at step "compose"`));
  // skein diff: the copied steps are the same (their input is the parent's), the rest differ.
  const diff = await json(['diff', parent, template.runId], env);
  const byStep = Object.fromEntries(diff.steps.map((s: Json) => [s.step, s]));
  assert.deepEqual(byStep.stamp.changed, []);
  assert.deepEqual(byStep.stamp.b.input, { item: 'pen' }, "a copied step's input is its parent's");
  assert.deepEqual(byStep.ask_model.changed, ['output']);
  assert.deepEqual(byStep.compose.changed, ['output']);
  assert.deepEqual(byStep.confirm.changed, ['status', 'input', 'output']);
  assert.deepEqual([byStep.confirm.a.status, byStep.confirm.b.status], ['done', 'awaiting']);
  assert.equal(byStep.reply.b, undefined);
  assert.deepEqual(diff.changed, ['output', 'status']);
  assert.deepEqual(diff.b.forkedFrom, { run: parent, step: 'compose' });
  const shownDiff = await skein(['diff', parent, template.runId], { env });
  assert.match(
    shownDiff.stdout,
    /^~ compose +output \{"summary":"pen #1: idea1"\} → \{"summary":"pen #1: EDITED"\}$/m,
  );
  assert.match(shownDiff.stdout, /^- reply /m);
  assert.match(shownDiff.stdout, /^ {2}stamp +same$/m);
  // A step the skill does not have is refused, naming its steps.
  const unknown = await json(['fork', parent, '--from', 'nope'], env);
  assert.equal(unknown.exit, 2);
  assert.equal(unknown.error.code, 'step_not_found');
  assert.match(unknown.error.message, /its steps: stamp, ask_model, compose, confirm, reply/);
});

test('AgenticDSL: forks from a graph node and from a codelet', async () => {
  const env = { SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-fork-')), SKEIN_CONFIG: '' };
  const file = join(ROOT, 'examples/graphs/fan_out.md');
  const run = await json(['run', file, '--input', '{"text":"to be or not to be"}'], env);
  assert.equal(run.status, 'completed', JSON.stringify(run));
  // From the join (an assign node): the codelet's result is copied, not computed again.
  const join_ = await json(['fork', run.runId, '--from', 'report', '--set', 'words=99'], env);
  assert.equal(join_.output.summary, '18 characters, 99 words, longest: not');
  assert.deepEqual(await started(env, join_.runId), ['/main/report', '/main/end']);
  // From the codelet, with the text set before it: the codelet and the branches beside it run again.
  const codelet = await json(['fork', run.runId, '--from', 'word_stats', '--set', 'text="a bb ccc"'], env);
  assert.deepEqual(codelet.output, {
    summary: '8 characters, 3 words, longest: ccc',
    stats: { upper: 'A BB CCC' },
    top: ['a', 'bb', 'ccc'],
  });
  assert.ok((await started(env, codelet.runId)).includes('/main/word_stats'));
});

test('skill.json: a fork from a call step uses the results set before it', async () => {
  const env = { SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-fork-')), SKEIN_CONFIG: '' };
  const chain = join(ROOT, 'test/fixtures/skilljson/run/chain');
  const run = await json(['run', chain, '--input', '{"words":["a","b","c"]}'], env);
  assert.equal(run.output.text, 'a + b');
  const fork = await json(
    ['fork', run.runId, '--from', 'joined', '--set', 'steps.first.value=["x","y"]'],
    env,
  );
  assert.equal(fork.output.text, 'x + y');
  assert.ok(!(await started(env, fork.runId)).includes('first'));
});

test('engine skill: a fork of a paused agent run asks the model again', async (t) => {
  const answers = [
    {
      response: 'What is the matter about?',
      profile: { intake_status: 'in_progress' },
      data: {},
      control: {
        action: 'ask_user',
        review_type: 'clarify',
        questions: [{ question: 'Summary?', field_key: 'profile.summary', input_type: 'textarea' }],
      },
    },
    {
      response: 'Taken in.',
      profile: { intake_status: 'completed' },
      data: {},
      control: { action: 'finish' },
    },
  ];
  const fake = await startFakeOpenAI(answers.map((a) => ({ text: JSON.stringify(a) })));
  t.after(() => fake.close());
  const env = {
    SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-fork-')),
    SKEIN_CONFIG: '',
    SKEIN_MODEL: 'compat:fake-model',
    SKEIN_BASE_URL: fake.url,
  };
  const skill = join(ROOT, 'test/fixtures/engine/planner/.skills/intake');
  const paused = await json(['run', skill, '--input', '{"message": "New matter", "matter_id": "m-7"}'], env);
  assert.equal(paused.status, 'awaiting', JSON.stringify(paused));
  const fork = await json(['fork', paused.runId], env);
  assert.equal(fork.status, 'completed', JSON.stringify(fork));
  assert.equal(fork.output.response, 'Taken in.');
  assert.equal(fake.requests.length, 2);
  assert.equal((await inspect(env, paused.runId)).run.status, 'awaiting', 'the parent is untouched');
});

/** A skills folder with the confirm skill and a completed run of it. */
async function confirmRun(store?: string): Promise<{
  env: Record<string, string>;
  dir: string;
  file: string;
  runId: string;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'skein-fork-'));
  mkdirSync(join(dir, 'skills'));
  const file = join(dir, 'skills', 'confirm.md');
  copyFileSync(CONFIRM, file);
  const env = {
    SKEIN_HOME: join(dir, 'home'),
    SKEIN_SKILLS: join(dir, 'skills'),
    SKEIN_CONFIG: '',
    ...(store ? { SKEIN_STORE: store } : {}),
  };
  const paused = await json(['run', 'confirm', '--input', '{"item":"pen"}'], env);
  await json(['resume', paused.runId, '--input', '{"ok":true,"note":"go"}'], env);
  return { env, dir, file, runId: paused.runId };
}

/** A fork on the pinned files, one with --upgrade, and one refused as incompatible; on SQLite or `store`. */
async function pinnedAndUpgraded(store?: string): Promise<void> {
  const { env, file, runId } = await confirmRun(store);
  writeFileSync(
    file,
    readFileSync(file, 'utf8')
      .replace('**version**: 1.0.0', '**version**: 1.1.0')
      .replace('{{item}} ok={{ok}} note={{note}}', 'NEW {{item}}'),
  );
  const pinned = await json(['fork', runId, '--from', 'reply'], env);
  assert.deepEqual(pinned.output, { answer: 'pen ok=true note=go' });
  const upgraded = await json(['fork', runId, '--from', 'reply', '--upgrade'], env);
  assert.deepEqual(upgraded.output, { answer: 'NEW pen' });
  const shown = await inspect(env, upgraded.runId);
  assert.equal(shown.run.skill.version, '1.1.0');
  assert.deepEqual(
    shown.events.filter((e: Json) => e.type === 'upgraded').map((e: Json) => [e.from.version, e.to.version]),
    [['1.0.0', '1.1.0']],
  );
  writeFileSync(file, readFileSync(file, 'utf8').replace('### step: compose_summary', '### step: summary'));
  const refused = await json(['fork', runId, '--from', 'reply', '--upgrade'], env);
  assert.equal(refused.exit, 2);
  assert.equal(refused.error.code, 'upgrade_incompatible');
  assert.match(refused.error.message, /step "compose_summary" is gone/);
  const tree = await inspect(env, runId);
  assert.deepEqual(tree.forks.map((f: Json) => f.runId).sort(), [pinned.runId, upgraded.runId].sort());
  assert.deepEqual((await inspect(env, upgraded.runId)).run.forkedFrom, { run: runId, step: 'reply' });
}

test('a fork runs on the files its parent is pinned to; --upgrade on the newest compatible version', async () => {
  await pinnedAndUpgraded();
});

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';

test('PostgreSQL: a fork, --upgrade and the fork tree', { skip }, async () => {
  const db = await createDatabase('fork');
  try {
    await pinnedAndUpgraded(db.url);
  } finally {
    await db.drop();
  }
});

test('HTTP: POST /v1/runs/{id}/fork, and GET /v1/runs/{id} shows forkedFrom and the forks', async () => {
  const { env, runId } = await confirmRun();
  const server = await startServer(env);
  try {
    const fork = await api(`${server.url}/v1/runs/${runId}/fork`, {
      method: 'POST',
      json: { from: 'reply', set: { note: 'http' } },
    });
    assert.equal(fork.status, 200, JSON.stringify(fork.body));
    assert.deepEqual(fork.body.output, { answer: 'pen ok=true note=http' });
    const child = await api(`${server.url}/v1/runs/${fork.body.runId}`);
    assert.deepEqual(child.body.forkedFrom, { run: runId, step: 'reply' });
    const parent = await api(`${server.url}/v1/runs/${runId}`);
    assert.deepEqual(parent.body.forks, [{ runId: fork.body.runId, step: 'reply', status: 'completed' }]);
    const diff = await api(`${server.url}/v1/runs/${runId.slice(0, 8)}/diff/${fork.body.runId}`);
    assert.equal(diff.status, 200, JSON.stringify(diff.body));
    assert.deepEqual(
      diff.body.steps.map((s: Json) => [s.step, s.changed]),
      [
        ['compose_summary', []],
        ['ask', ['output']], // the value set is written after the last step kept
        ['reply', ['output']],
        ['__output__', []],
      ],
    );
    const missing = await api(`${server.url}/v1/runs/${runId}/diff/nope`);
    assert.equal(missing.status, 404);
    const unknown = await api(`${server.url}/v1/runs/${runId}/fork`, { method: 'POST', json: { from: 'x' } });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error.code, 'step_not_found');
  } finally {
    await server.stop();
  }
});

test('library: skein.fork and skein.forks', async () => {
  const { dir, runId } = await confirmRun();
  const lib = openSkein({ cwd: dir, skills: 'skills', home: 'home' });
  try {
    const fork = await lib.fork(runId, { from: 'compose_summary', input: { item: 'cup' } });
    assert.equal(fork.status, 'awaiting');
    assert.equal(fork.await?.message, 'Order: cup. Confirm?');
    const answered = await lib.resume(fork.runId, { ok: false });
    assert.deepEqual(answered.output, { answer: 'cup ok=false note=' });
    const diff = await lib.diff(runId, fork.runId);
    assert.deepEqual(diff.changed, ['input', 'output']);
    assert.deepEqual(
      diff.steps.filter((s) => s.changed.length).map((s) => s.step),
      ['compose_summary', 'ask', 'reply'],
    );
    assert.deepEqual(
      (await lib.forks(runId)).map((r) => [r.id, r.forkedFrom]),
      [[fork.runId, { run: runId, step: 'compose_summary' }]],
    );
  } finally {
    await lib.close();
  }
});
