import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';
import { startEvalModels } from '../../helpers/eval-models.js';

test('--against a git ref: the skill as committed is the baseline; a regression fails only with --fail-on-regression when it is one; reports are written', async (t) => {
  const models = await startEvalModels();
  t.after(() => models.close());
  const repo = await mkdtemp(join(tmpdir(), 'skein-eval-repo-'));
  cpSync(join(ROOT, 'test/fixtures/evals/versions/translate-1.md'), join(repo, 'skills/translate.md'));
  writeFileSync(
    join(repo, 'skills/translate.cases.yaml'),
    'evals:\n  - name: says good morning\n    input: { text: Good morning, language: French }\n    assert:\n      - contains: Bonjour\n',
  );
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
  git('init', '-q');
  git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'v1', '--allow-empty');
  git('add', '.');
  git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'translate');
  // The working tree's version forgets to send the text.
  cpSync(join(ROOT, 'test/fixtures/evals/versions/translate-2.md'), join(repo, 'skills/translate.md'));
  const env = { SKEIN_HOME: join(repo, '.skein'), SKEIN_BASE_URL: models.url };
  const args = [
    'eval',
    'skills',
    '--model',
    'compat:fr-good',
    '--against',
    'HEAD',
    '--junit',
    'out.xml',
    '--md',
    'out.md',
  ];
  const r = await skein([...args, '--fail-on-regression'], { env, cwd: repo });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^case {2,}compat:fr-good · @HEAD {2,}compat:fr-good · skill$/m);
  assert.match(
    r.stdout,
    /against the baseline\n +-100 pts {2}translate › says good morning \[compat:fr-good · skill\] 100% → 0% \(vs compat:fr-good · @HEAD\) {2}REGRESSION\n0 better, 1 worse, 1 regression\n$/,
  );
  assert.match(
    readFileSync(join(repo, 'out.xml'), 'utf8'),
    /<testsuites name="skein eval [0-9a-f-]{36}" tests="2" failures="1">/,
  );
  assert.match(
    readFileSync(join(repo, 'out.md'), 'utf8'),
    /\*\*regression\*\* translate › says good morning/,
  );

  // Two experiments compared: the first (all passing) against the second (the regression).
  git('stash', '-q');
  const good = JSON.parse(
    (await skein(['eval', 'skills', '--model', 'compat:fr-good', '--json'], { env, cwd: repo })).stdout,
  );
  git('stash', 'pop', '-q');
  const bad = JSON.parse(
    (await skein(['eval', 'skills', '--model', 'compat:fr-good', '--json'], { env, cwd: repo })).stdout,
  );
  const compared = await skein(['eval', 'compare', good.experiment.id.slice(0, 8), bad.experiment.id], {
    env,
    cwd: repo,
  });
  assert.equal(compared.code, 1, compared.stdout + compared.stderr);
  assert.match(
    compared.stdout,
    new RegExp(
      `^${bad.experiment.id} against ${good.experiment.id}\n\nagainst the baseline\n +-100 pts {2}translate › says good morning \\[compat:fr-good\\] 100% → 0% \\(vs compat:fr-good\\) {2}REGRESSION\n`,
    ),
  );
  const same = await skein(['eval', 'compare', good.experiment.id, good.experiment.id, '--json'], {
    env,
    cwd: repo,
  });
  assert.equal(same.code, 0, same.stderr);
  assert.equal(JSON.parse(same.stdout).deltas[0].delta, 0);
  const none = await skein(['eval', 'compare', 'ffffffff', good.experiment.id], { env, cwd: repo });
  assert.equal(none.code, 2);
  assert.match(none.stderr, /no experiment ffffffff in this store/);
  const bad2 = await skein(['eval', 'skills', '--against', 'no-such-ref'], { env, cwd: repo });
  assert.equal(bad2.code, 1);
  assert.match(bad2.stderr, /--against no-such-ref: cannot read skills at no-such-ref: /);
});
