import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { skein } from '../../helpers/cli.js';
import { emptyProject, git, pdfSkill, skillRepo, writeTree } from '../../helpers/skill-repo.js';

// skein add, install, update and remove through the built command line (docs/distribution.md), with a
// local git repository. The pdf skill's script would leave a marker file if anything ran it.

const sha = (text: string | Buffer) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
const lockOf = (project: string) => JSON.parse(readFileSync(join(project, 'skein.lock'), 'utf8'));

test('add shows the skills, files, scripts and tools, and writes nothing without --yes', async () => {
  const marker = join(emptyProject(), 'ran');
  const repo = skillRepo(marker);
  const project = emptyProject();
  const asked = await skein(['add', `${repo}#v1`], { cwd: project });
  assert.equal(asked.code, 1, asked.stderr);
  assert.match(asked.stderr, /pdf \(skilldoc: pdf@1\.0\.0\) → skills\/pdf/);
  assert.match(asked.stderr, /files: SKILL\.md, references\/forms\.md, scripts\/fill\.py/);
  assert.match(asked.stderr, /scripts \(installed, not run\): scripts\/fill\.py/);
  assert.match(asked.stderr, /allowed tools: Bash\(python:\*\) Read/);
  assert.match(asked.stderr, /greet \(aegis: greet@2\.0\.0\)/);
  assert.match(asked.stderr, /nothing was written: pass --yes/);
  const json = await skein(['add', `${repo}#v1`, '--json'], { cwd: project });
  const out = JSON.parse(json.stdout);
  assert.equal(out.written, false);
  assert.deepEqual(
    out.skills.map((s: { name: string; scripts: string[] }) => [s.name, s.scripts]),
    [
      ['greet', []],
      ['pdf', ['scripts/fill.py']],
    ],
  );
  assert.equal(existsSync(join(project, 'skills')), false);
  assert.equal(existsSync(join(project, 'skein.lock')), false);
});

test('add --yes installs at the ref, records commit and digests; nothing runs; the skills load', async () => {
  const marker = join(emptyProject(), 'ran');
  const repo = skillRepo(marker);
  const v1 = git(repo, 'rev-parse', 'v1');
  writeFileSync(join(repo, 'skills/pdf/SKILL.md'), pdfSkill(marker, ' Newer.')['SKILL.md']);
  git(repo, 'commit', '-qam', 'v2');
  const project = emptyProject();
  const added = await skein(['add', `${repo}#v1:skills`, '--yes'], { cwd: project });
  assert.equal(added.code, 0, added.stderr);
  const installed = readFileSync(join(project, 'skills/pdf/SKILL.md'), 'utf8');
  assert.equal(installed, pdfSkill(marker)['SKILL.md']);
  const lock = lockOf(project);
  assert.deepEqual(Object.keys(lock.skills), ['greet', 'pdf']);
  const pdf = lock.skills.pdf;
  assert.deepEqual(
    [pdf.type, pdf.source, pdf.ref, pdf.commit, pdf.from, pdf.dir],
    ['git', repo, 'v1', v1, 'skills/pdf', 'skills/pdf'],
  );
  assert.deepEqual(pdf.files, {
    'SKILL.md': sha(installed),
    'references/forms.md': sha('# Forms\n'),
    'scripts/fill.py': sha(pdfSkill(marker)['scripts/fill.py']),
  });
  assert.equal(lock.skills.greet.from, 'skills');
  assert.deepEqual(Object.keys(lock.skills.greet.files), ['greet.md']);
  assert.equal(existsSync(marker), false, 'the script was run');
  const list = JSON.parse((await skein(['list', '--json'], { cwd: project })).stdout);
  assert.deepEqual(list.skills.map((s: { id: string }) => s.id).sort(), ['greet', 'pdf']);
  const again = await skein(['add', `${repo}#v1:skills`, '--yes'], { cwd: project });
  assert.equal(again.code, 0, 'adding the same source again replaces its skills');
});

test('install restores from the lock and refuses a changed byte; update follows the ref; remove', async () => {
  const marker = join(emptyProject(), 'ran');
  const repo = skillRepo(marker);
  const project = emptyProject();
  assert.equal((await skein(['add', `${repo}#main:skills/pdf`, '--yes'], { cwd: project })).code, 0);
  rmSync(join(project, 'skills'), { recursive: true });
  const restored = await skein(['install', '--json'], { cwd: project });
  assert.deepEqual([restored.code, JSON.parse(restored.stdout)], [0, { installed: ['skills/pdf'] }]);
  assert.equal(readFileSync(join(project, 'skills/pdf/SKILL.md'), 'utf8'), pdfSkill(marker)['SKILL.md']);

  // One changed byte in the recorded digest of one file: the whole install is refused.
  const lock = lockOf(project);
  const good = lock.skills.pdf.files['references/forms.md'];
  lock.skills.pdf.files['references/forms.md'] = good.slice(0, -1) + (good.endsWith('0') ? '1' : '0');
  writeFileSync(join(project, 'skein.lock'), JSON.stringify(lock));
  writeFileSync(join(project, 'skills/pdf/SKILL.md'), 'edited here');
  const refused = await skein(['install', '--json'], { cwd: project });
  assert.equal(refused.code, 1);
  assert.equal(JSON.parse(refused.stdout).error.code, 'digest_mismatch');
  assert.match(JSON.parse(refused.stdout).error.message, /references\/forms\.md changed/);
  assert.equal(
    readFileSync(join(project, 'skills/pdf/SKILL.md'), 'utf8'),
    'edited here',
    'nothing was written',
  );
  lock.skills.pdf.files['references/forms.md'] = good;
  writeFileSync(join(project, 'skein.lock'), JSON.stringify(lock));

  writeTree(repo, {
    'skills/pdf/SKILL.md': pdfSkill(marker, ' Newer.')['SKILL.md'],
    'skills/pdf/NOTES.md': 'n\n',
  });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'v2');
  const updated = await skein(['update', '--yes', '--json'], { cwd: project });
  assert.equal(updated.code, 0, updated.stderr);
  assert.deepEqual(JSON.parse(updated.stdout).updated, [
    {
      name: 'pdf',
      commit: git(repo, 'rev-parse', 'HEAD'),
      added: ['NOTES.md'],
      changed: ['SKILL.md'],
      removed: [],
    },
  ]);
  assert.match(readFileSync(join(project, 'skills/pdf/SKILL.md'), 'utf8'), /Newer/);
  assert.equal(lockOf(project).skills.pdf.commit, git(repo, 'rev-parse', 'HEAD'));

  const removed = await skein(['remove', 'pdf'], { cwd: project });
  assert.equal(removed.code, 0, removed.stderr);
  assert.deepEqual([existsSync(join(project, 'skills/pdf')), lockOf(project).skills], [false, {}]);
  const unknown = await skein(['remove', 'pdf', '--json'], { cwd: project });
  assert.equal(JSON.parse(unknown.stdout).error.code, 'not_installed');
});

test('a folder source: install refuses once a byte of the source changed', async () => {
  const source = emptyProject();
  writeTree(join(source, 'pdf'), pdfSkill(join(source, 'ran')));
  const project = emptyProject();
  assert.equal((await skein(['add', source, '--yes'], { cwd: project })).code, 0);
  assert.equal(lockOf(project).skills.pdf.commit, undefined);
  writeFileSync(join(source, 'pdf/references/forms.md'), '# Forms!\n');
  const refused = await skein(['install'], { cwd: project });
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /does not match skein\.lock: references\/forms\.md changed/);
  mkdirSync(join(source, 'empty'));
  const none = await skein(['add', join(source, 'empty'), '--yes', '--json'], { cwd: project });
  assert.equal(JSON.parse(none.stdout).error.code, 'no_skills');
});
