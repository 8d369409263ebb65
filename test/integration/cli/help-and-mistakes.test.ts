// What a new user meets first: help for every command, "did you mean" for mistakes, --json errors,
// completion scripts, `skein init`, `skein runs` and shortened run ids.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';

const COMMANDS = [
  'init',
  'validate',
  'run',
  'resume',
  'runs',
  'awaits',
  'inspect',
  'list',
  'chat',
  'route',
  'test',
  'docs',
  'graph',
  'serve',
  'mcp',
  'completion',
];

test('every command prints its own options with --help, -h and skein help', async () => {
  const global = await skein(['--help']);
  assert.equal(global.code, 0);
  for (const name of COMMANDS) assert.match(global.stdout, new RegExp(`^  ${name} +\\S`, 'm'));
  for (const name of COMMANDS) {
    const long = await skein([name, '--help']);
    assert.equal(long.code, 0, name);
    assert.match(long.stdout, new RegExp(`^Usage: skein ${name}\\b`), name);
    assert.match(long.stdout, /^ {2}-h, --help +show this help$/m, name);
    assert.match(long.stdout, /^ {2}--json +\S/m, name);
    assert.equal((await skein([name, '-h'])).stdout, long.stdout, name);
    assert.equal((await skein(['help', name])).stdout, long.stdout, name);
  }
  const resume = await skein(['resume', '--help']);
  assert.match(resume.stdout, /^ {2}--model provider:model +\S/m);
  const generate = await skein(['help', 'graph', 'generate']);
  assert.match(generate.stdout, /^Usage: skein graph generate "<task>"/);
  assert.match(generate.stdout, /^ {2}--force +overwrite --out if it exists$/m);
});

test('an unknown command or option says "did you mean" and prints that command’s help', async () => {
  const command = await skein(['valdate', 'x']);
  assert.equal(command.code, 2);
  assert.match(command.stderr, /unknown command "valdate"; did you mean "validate"\?/);
  assert.match(command.stderr, /Usage: skein validate PATH\.\.\./);
  assert.doesNotMatch(command.stderr, /Commands:/);

  const option = await skein(['run', 'greet', '--modle', 'openai:x']);
  assert.equal(option.code, 2);
  assert.match(option.stderr, /skein run: unknown option --modle; did you mean --model\?/);
  assert.match(option.stderr, /Usage: skein run SKILL/);

  const value = await skein(['run', 'greet', '--input']);
  assert.match(value.stderr, /--input needs a value: --input JSON\|@file\.json/);

  const nothing = await skein(['frobnicate']);
  assert.match(nothing.stderr, /unknown command "frobnicate"\n\nUsage: skein <command>/);
});

test('--json makes every error one object on stdout', async () => {
  const usage = await skein(['validate', '--strct', '--json']);
  assert.equal(usage.code, 2);
  assert.deepEqual(JSON.parse(usage.stdout), {
    error: { code: 'usage', message: 'unknown option --strct; did you mean --strict?' },
  });
  const home = mkdtempSync(join(tmpdir(), 'skein-json-'));
  try {
    const env = { SKEIN_HOME: home, SKEIN_CONFIG: '' };
    const inspect = await skein(['inspect', '0123456789', '--json'], { env });
    assert.equal(inspect.code, 1);
    assert.equal(JSON.parse(inspect.stdout).error.code, 'run_not_found');
    const graph = await skein(['graph', 'no_such_skill', '--json'], { env });
    assert.equal(JSON.parse(graph.stdout).error.code, 'bad_skill');
    const docs = await skein(['docs', 'no_such_skill', '--json'], { env });
    assert.equal(JSON.parse(docs.stdout).error.code, 'bad_skill');
    const drawn = await skein(['graph', 'examples/graphs/fan_out.md', '--json'], { env });
    assert.equal(JSON.parse(drawn.stdout).graphs[''].entry, '/main/start');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('init scaffolds a folder whose skills validate, run and pass their cases; runs lists them; prefixes work', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-init-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const init = await skein(['init', dir]);
  assert.equal(init.code, 0);
  assert.match(init.stdout, /wrote skein\.yaml/);
  const next = init.stdout.split('Next:\n')[1].trim().split('\n');
  assert.equal(next.length, 3);
  const env = { SKEIN_CONFIG: '', SKEIN_HOME: '', SKEIN_SKILLS: '' };
  const validate = await skein(['validate', 'skills', '.skills'], { cwd: dir, env });
  assert.equal(validate.code, 0, validate.stdout);
  assert.match(validate.stdout, /5 skills, 0 errors, 0 warnings/);
  const cases = await skein(['test', 'skills', '.skills', '--json'], { cwd: dir, env });
  assert.equal(cases.code, 0, cases.stdout);

  const run = JSON.parse(
    (await skein(['run', 'greet', '--input', '{"name":"Ada"}', '--json'], { cwd: dir, env })).stdout,
  );
  assert.deepEqual(run.output, { greeting: 'Hello Ada! Welcome to Skein.' });
  await skein(['run', 'order_total', '--input', '{"quantity":2,"unit_price":3}', '--json'], {
    cwd: dir,
    env,
  });

  const runs = JSON.parse((await skein(['runs', '--json'], { cwd: dir, env })).stdout);
  assert.deepEqual(
    runs.runs.map((r: { skill: string; status: string }) => [r.skill, r.status]),
    [
      ['order_total', 'completed'],
      ['greet', 'completed'],
    ],
  );
  const greetOnly = JSON.parse(
    (await skein(['runs', '--skill', 'greet', '--limit', '5', '--json'], { cwd: dir, env })).stdout,
  );
  assert.deepEqual(
    greetOnly.runs.map((r: { id: string }) => r.id),
    [run.runId],
  );
  const table = await skein(['runs', '--status', 'completed'], { cwd: dir, env });
  assert.match(table.stdout, new RegExp(`^${run.runId}  \\S+ \\S+  completed  greet@1\\.0\\.0$`, 'm'));
  // An empty listing names the filters it was asked with (issue 25, item 7).
  const none = await skein(['runs', '--status', 'running'], { cwd: dir, env });
  assert.equal(none.stdout, 'no runs with status running in this store\n');
  const noneOfSkill = await skein(['runs', '--status', 'awaiting', '--skill', 'greet'], { cwd: dir, env });
  assert.equal(noneOfSkill.stdout, 'no runs with status awaiting of skill greet in this store\n');

  const shown = await skein(['inspect', run.runId.slice(0, 8), '--json'], { cwd: dir, env });
  assert.equal(JSON.parse(shown.stdout).run.id, run.runId);
  const short = await skein(['inspect', run.runId.slice(0, 6)], { cwd: dir, env });
  assert.equal(short.code, 1);
  assert.match(short.stderr, /at least 8 characters/);
  const again = await skein(['init', dir, '--dialect', 'aegis']);
  assert.match(again.stdout, /kept {2}skein\.yaml \(exists\)/);
});

test('completion scripts complete commands, options and their values', async (t) => {
  const bash = await skein(['completion', 'bash']);
  assert.equal(bash.code, 0);
  const dir = mkdtempSync(join(tmpdir(), 'skein-completion-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'skein.bash'), bash.stdout);
  const complete = (words: string[]) =>
    spawnSync(
      'bash',
      [
        '-c',
        `source skein.bash; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _skein; echo "\${COMPREPLY[@]}"`,
      ],
      { cwd: dir, encoding: 'utf8' },
    ).stdout.trim();
  assert.equal(complete(['skein', 'val']), 'validate');
  assert.equal(complete(['skein', 'validate', '--str']), '--strict');
  assert.equal(complete(['skein', 'run', '--dialect', 'agent']), 'agenticdsl');
  assert.equal(complete(['skein', 'graph', 'generate', '--fo']), '--force');
  assert.equal(complete(['skein', 'runs', '--status', 'aw']), 'awaiting');

  const zsh = await skein(['completion', 'zsh']);
  assert.match(zsh.stdout, /^#compdef skein/);
  assert.match(zsh.stdout, /'--strict\[warnings count as errors\]'/);
  const hasZsh = spawnSync('zsh', ['--version']).status === 0;
  if (!hasZsh) t.diagnostic('zsh is not installed: its script was not parsed');
  else assert.equal(spawnSync('zsh', ['-n'], { input: zsh.stdout, encoding: 'utf8' }).stderr, '');
});

test('validate --watch checks again when a file changes, until Ctrl-C', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-watch-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'greet.md');
  writeFileSync(file, '# skill: greet\n');
  const child = spawn(process.execPath, [join(ROOT, 'bin/skein.js'), 'validate', dir, '--watch'], {
    env: { ...process.env, NO_COLOR: '1' },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const seen = (pattern: RegExp) =>
    new Promise<void>((resolve) => {
      const check = () => (pattern.test(out) ? resolve() : setTimeout(check, 50));
      check();
    });
  await seen(/1 error/);
  writeFileSync(
    file,
    await (
      await import('node:fs/promises')
    ).readFile(join(ROOT, 'test/fixtures/consumer/skills/approve.md'), 'utf8'),
  );
  await seen(/0 errors, 0 warnings/);
  child.kill('SIGINT');
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(code, 0);
});
