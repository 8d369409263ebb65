import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, skein } from '../../helpers/cli.js';

// skein export SKILL --to agent-skills: an Agent Skills folder whose scripts run the bundled original with Skein.

const run = promisify(execFile);
const SKEIN = `${process.execPath} ${join(ROOT, 'bin/skein.js')}`;

async function script(dir: string, name: string, args: string[], home: string) {
  const { stdout } = await run('sh', [join(dir, 'scripts', name), ...args], {
    env: { ...process.env, SKEIN, SKEIN_HOME: home },
  });
  return JSON.parse(stdout);
}

test('an Aegis skill exported: SKILL.md from its schemas and steps, a valid Agent Skills folder, run.sh runs it', async () => {
  const out = mkdtempSync(join(tmpdir(), 'skein-export-'));
  const r = await skein([
    'export',
    'test/fixtures/aegis/greet.md',
    '--to',
    'agent-skills',
    '--out',
    out,
    '--json',
  ]);
  assert.equal(r.code, 0, r.stderr);
  const dir = join(out, 'greet');
  assert.deepEqual(JSON.parse(r.stdout).files, [
    'SKILL.md',
    'assets/original/greet.md',
    'scripts/resume.sh',
    'scripts/run.sh',
  ]);
  const md = readFileSync(join(dir, 'SKILL.md'), 'utf8');
  assert.match(md, /^---\nname: greet\ndescription: Greets a person\.\n/);
  assert.match(md, /\| `name` \| string \| yes \|/);
  assert.match(md, /\| `greeting` \| string \| yes \| the greeting \|/);
  assert.match(md, /1\. `compose` \(template\): renders the text `Hello, \{\{name\}\}!`/);
  assert.ok(statSync(join(dir, 'scripts/run.sh')).mode & 0o100, 'the scripts are executable');
  const validated = await skein(['validate', dir, '--json']);
  assert.equal(validated.code, 0, validated.stdout);
  const home = mkdtempSync(join(tmpdir(), 'skein-home-'));
  const result = await script(dir, 'run.sh', ['{"name": "Ada"}'], home);
  assert.deepEqual([result.status, result.output], ['completed', { greeting: 'Hello, Ada!' }]);

  const again = await skein(['export', 'test/fixtures/aegis/greet.md', '--to', 'agent-skills', '--out', out]);
  assert.equal(again.code, 2, 'an existing folder is not replaced without --force');
  assert.match(again.stderr, /--force/);
});

test('a skill that pauses: run.sh answers awaiting, resume.sh continues it; a document skill is refused', async () => {
  const out = mkdtempSync(join(tmpdir(), 'skein-export-'));
  const r = await skein([
    'export',
    'test/fixtures/server/skills/confirm.md',
    '--to',
    'agent-skills',
    '--out',
    out,
  ]);
  assert.equal(r.code, 0, r.stderr);
  const dir = join(out, 'confirm');
  assert.match(readFileSync(join(dir, 'SKILL.md'), 'utf8'), /`ask` \(await\): asks a person/);
  const home = mkdtempSync(join(tmpdir(), 'skein-home-'));
  const paused = await script(dir, 'run.sh', ['{"item": "a desk"}'], home);
  assert.equal(paused.status, 'awaiting');
  const done = await script(dir, 'resume.sh', [paused.runId, '{"ok": true}'], home);
  assert.equal(done.status, 'completed', JSON.stringify(done));

  const doc = await skein([
    'export',
    'test/fixtures/server/skills/guide.SKILL.md',
    '--to',
    'agent-skills',
    '--json',
  ]);
  assert.deepEqual([doc.code, JSON.parse(doc.stdout).error.code], [2, 'not_executable']);
  assert.equal(existsSync(join(ROOT, 'guide')), false);
});
