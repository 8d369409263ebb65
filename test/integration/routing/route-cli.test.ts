import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai.js';

const ROUTING = 'test/fixtures/routing';
const home = () => mkdtempSync(join(tmpdir(), 'skein-route-'));
const env = { SKEIN_SKILLS: ROUTING, SKEIN_HOME: home(), SKEIN_MODEL: '' };

let fake: FakeOpenAI;
const replies: string[] = [];
before(async () => {
  fake = await startFakeOpenAI(() => ({ text: replies.shift() ?? 'ok' }));
});
after(() => fake.close());

test('skein route --json: the choice, candidates with their why, and the overall why', async () => {
  const r = await skein(['route', '帮我出一份华东区2024年第一季度的销售报表', '--json', '--limit', '2'], {
    env,
  });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(out), ['request', 'choice', 'candidates', 'why']);
  assert.deepEqual(out.choice, {
    id: 'sales_report',
    version: '1.0.0',
    dialect: 'aegis',
    score: out.choice.score,
  });
  assert.equal(out.candidates.length, 2);
  assert.match(out.candidates[1].why, /lost to sales_report/);
  const none = JSON.parse((await skein(['route', 'Play some relaxing music', '--json'], { env })).stdout);
  assert.equal(none.choice, null);
  const human = await skein(['route', 'Merge these three PDF files into one'], { env });
  assert.match(human.stdout, /^pdf-tools@1\.0\.0 skilldoc, score [\d.]+\n.*\n\ncandidates:\n {2}pdf-tools/);
  const bad = await skein(['route', 'x', '--limit', '0'], { env });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--limit takes a whole number above 0/);
});

test('skein route persists its index under SKEIN_HOME, keyed by the skills: a changed skill is routed anew', async () => {
  const skills = home();
  const skill = (description: string) => {
    mkdirSync(join(skills, 'invoice-maker'), { recursive: true });
    writeFileSync(
      join(skills, 'invoice-maker', 'SKILL.md'),
      `---\nname: invoice-maker\ndescription: ${description}\n---\n\n# How to\n`,
    );
  };
  skill('Create bills for customers from an order.');
  const own = { SKEIN_SKILLS: skills, SKEIN_HOME: home(), SKEIN_MODEL: '' };
  const route = async (request: string) =>
    JSON.parse((await skein(['route', request, '--json'], { env: own })).stdout).choice?.id ?? null;
  assert.equal(await route('create a bill for this order'), 'invoice-maker');
  assert.equal(await route('translate this letter into French'), null);
  const persisted = readdirSync(join(own.SKEIN_HOME, 'route-index'));
  assert.equal(persisted.length, 1);
  assert.equal(await route('create a bill for this order'), 'invoice-maker', 'from the persisted index');
  assert.deepEqual(readdirSync(join(own.SKEIN_HOME, 'route-index')), persisted);
  skill('Translate a letter into French.');
  assert.equal(await route('translate this letter into French'), 'invoice-maker', 'the changed file is read');
  assert.equal(await route('create a bill for this order'), null);
  assert.equal(readdirSync(join(own.SKEIN_HOME, 'route-index')).length, 2);
});

test('skein route --model: the model stage through the configured provider; --state applies the rules', async () => {
  replies.push(JSON.stringify({ skill: 'none', reason: 'Nobody here orders food.' }));
  const r = await skein(['route', 'Order a pizza for dinner', '--json', '--model', 'compat:fake-model'], {
    env: { ...env, SKEIN_BASE_URL: fake.url, SKEIN_API_KEY: 'k' },
  });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.choice, null);
  assert.match(
    out.why,
    /^compat:fake-model chose none among order_total, order_confirmation.*: Nobody here orders food\.$/,
  );
  const planner = { ...env, SKEIN_SKILLS: 'test/fixtures/engine/planner/.skills' };
  const ruled = await skein(
    [
      'route',
      'analyses the evidence',
      '--json',
      '--context',
      'matter',
      '--state',
      '{"profile":{"intake_status":"new"}}',
    ],
    { env: planner },
  );
  assert.match(JSON.parse(ruled.stdout).why, /evidence is ruled out by its rules/);
});

test('skein run --route runs the chosen skill; missing input is named, or no skill fits', async () => {
  const request = 'Write my weekly status update from these finished tasks';
  const ok = await skein(
    ['run', '--route', request, '--json', '--input', '{"tasks":"router","next_week_plan":"docs"}'],
    { env },
  );
  assert.equal(ok.code, 0, ok.stderr);
  assert.deepEqual(JSON.parse(ok.stdout).output, { result: 'router，docs' });
  const missing = await skein(['run', '--route', request, '--json'], { env });
  assert.equal(missing.code, 2);
  assert.deepEqual(JSON.parse(missing.stdout).error.fields, [
    { field: 'tasks', message: '本周完成的任务' },
    { field: 'next_week_plan', message: '下周计划' },
  ]);
  assert.equal(JSON.parse(missing.stdout).error.code, 'input_required');
  const none = await skein(['run', '--route', 'Play some relaxing music', '--json'], { env });
  assert.equal(none.code, 2);
  assert.equal(JSON.parse(none.stdout).error.code, 'no_route');
});

test(
  'skein run --route on a terminal asks for the missing fields',
  { skip: !existsSync('/usr/bin/script') && 'no script(1) to make a terminal' },
  async () => {
    const cmd = `${process.execPath} bin/skein.js run --route 'Write my weekly status update from these finished tasks'`;
    const child = spawn('script', ['-qec', cmd, '/dev/null'], {
      cwd: ROOT,
      env: { ...process.env, ...env, NO_COLOR: '1' },
    });
    let out = '';
    const answers = [
      ['tasks 本周完成的任务: ', 'the router\n'],
      ['next_week_plan 下周计划: ', 'the docs\n'],
    ];
    child.stdout.on('data', (d) => {
      out += d;
      // Each answer once, when its question is on the screen.
      if (answers.length && out.includes(answers[0][0])) child.stdin.write(answers.shift()![1]);
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(code, 0, out);
    assert.match(out, /completed/);
    assert.match(out, /result\s+the router，the docs/);
  },
);

test('skein test reports route: cases: top-1, none-accuracy and confusions per set, and the targets', async () => {
  const r = await skein(['test', ROUTING, '--json'], { env });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const [report] = JSON.parse(r.stdout).routing;
  assert.equal(report.passed, true);
  assert.deepEqual(report.targets, { top1: 0.8, none: 0.7 });
  const sets = Object.fromEntries(report.sets.map((s: { set: string }) => [s.set, s]));
  for (const name of ['main', 'holdout']) {
    assert.ok(sets[name].top1 >= 0.8, `${name} top-1 ${sets[name].top1}`);
    assert.ok(sets[name].none >= 0.7, `${name} none ${sets[name].none}`);
    assert.ok(sets[name].inScope > 40 && sets[name].outOfScope > 15);
  }
  assert.deepEqual(report.decision, { least: 0.18, sure: 0.28, margin: 0.25 });
  assert.ok(report.calibration.threshold > 0 && report.calibration.threshold < 1);
  const human = await skein(['test', ROUTING], { env });
  assert.match(human.stdout, /✓ routing .*cases\.yaml {2}threshold 0\.18, below 0\.28 a lead of 25\.0%/);
  assert.match(
    human.stdout,
    / {2}✓ holdout {2}top-1 \d+\.\d% \(\d+\/44 in scope\), none \d+\.\d% \(\d+\/19\)/,
  );
});

test('a routing set below its targets fails skein test, naming each confusion; an unknown skill is an error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-route-set-'));
  mkdirSync(join(dir, 'skills'));
  writeFileSync(
    join(dir, 'skills/cases.yaml'),
    [
      'route_targets: { top1: 1 }',
      'route:',
      '  - { request: "Merge these PDF files", expect: pdf-tools }',
      '  - { request: "Merge these PDF files", expect: nothing_like_it }',
      '  - { request: "Translate this paragraph", expect: pdf-tools }',
    ].join('\n'),
  );
  const r = await skein(['test', ROUTING, join(dir, 'skills'), '--json'], { env });
  assert.equal(r.code, 1);
  const out = JSON.parse(r.stdout);
  const mine = out.routing.find((x: { file: string }) => x.file.startsWith(dir));
  assert.equal(mine.passed, false);
  assert.deepEqual(mine.sets[0].confusions, [
    {
      request: 'Translate this paragraph',
      expected: 'pdf-tools',
      got: 'translate_text',
      score: mine.sets[0].confusions[0].score,
      line: 5,
    },
  ]);
  assert.match(
    out.diagnostics[0].message,
    /expects skill "nothing_like_it", which is not among the skills loaded/,
  );
  assert.equal(out.diagnostics[0].line, 4);
});

test('validate warns when two skills describe themselves so alike that requests cannot tell them apart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-overlap-'));
  const skill = (id: string, description: string) =>
    `# skill: ${id}\n\n## description\n${description}\n\n## output_schema\n\n\`\`\`yaml\nresult:\n  type: string\n\`\`\`\n\n## steps\n\n### step: s\n\n**type**: template\n**varName**: result\n\n\`\`\`template\nx\n\`\`\`\n`;
  writeFileSync(
    join(dir, 'a.md'),
    skill('sales_summary', 'Summarize the sales of a region for a quarter into a short report.'),
  );
  writeFileSync(
    join(dir, 'b.md'),
    skill('region_digest', "Summarize a region's sales for one quarter in a short report."),
  );
  const r = await skein(['validate', dir, '--json']);
  assert.equal(r.code, 0);
  const warnings = JSON.parse(r.stdout).files.flatMap(
    (f: { diagnostics: { code: string; message: string }[] }) => f.diagnostics,
  );
  assert.equal(warnings.length, 1);
  assert.equal(warnings[0].code, 'skein/route-overlap');
  assert.match(
    warnings[0].message,
    /^region_digest and sales_summary \(.*a\.md\) describe themselves \d+% alike \(.*summarize.*\), so requests cannot tell them apart/,
  );
  const clean = await skein(['validate', ROUTING, '--json']);
  assert.equal(JSON.parse(clean.stdout).warnings, 0);
});

test('skein chat: with many skills the router narrows the functions the model sees each turn', async () => {
  replies.push('done');
  const before = fake.requests.length;
  const r = await skein(
    [
      'chat',
      '--skills',
      ROUTING,
      '--message',
      'Translate this paragraph into Chinese please',
      '--json',
      '--max-functions',
      '4',
    ],
    { env: { ...env, SKEIN_MODEL: 'compat:fake-model', SKEIN_BASE_URL: fake.url, SKEIN_API_KEY: 'k' } },
  );
  assert.equal(r.code, 0, r.stderr);
  const sent = (fake.requests[before].tools as { function: { name: string } }[]).map((t) => t.function.name);
  const skillFunctions = sent.filter((n) => !n.startsWith('load_'));
  assert.ok(skillFunctions.length <= 4 && skillFunctions.includes('translate_text'), sent.join(', '));
  assert.ok(sent.includes('load_doc_chunk'));
  const transcript = JSON.parse(r.stdout);
  assert.ok(transcript.tools.length > 30);
  assert.deepEqual(transcript.turns[0].offered, sent);
});
