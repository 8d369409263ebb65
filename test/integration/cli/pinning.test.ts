// Runs are pinned to the files their skill was compiled from: a paused run resumes with them, whatever
// its file says now (edited, re-versioned or deleted), and says that the skill changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';

const CONFIRM = join(ROOT, 'test/fixtures/server/skills/confirm.md');

/** A home and a skills folder with the confirm skill, and a run of it paused at its await. */
async function pausedRun(): Promise<{ env: Record<string, string>; file: string; runId: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'skein-pin-'));
  mkdirSync(join(dir, 'skills'));
  const file = join(dir, 'skills', 'confirm.md');
  copyFileSync(CONFIRM, file);
  const env = { SKEIN_HOME: join(dir, 'home'), SKEIN_SKILLS: join(dir, 'skills'), SKEIN_CONFIG: '' };
  const started = await skein(['run', 'confirm', '--input', '{"item":"pen"}', '--json'], { env });
  const run = JSON.parse(started.stdout);
  assert.equal(run.status, 'awaiting', started.stderr);
  return { env, file, runId: run.runId };
}

async function resume(env: Record<string, string>, runId: string) {
  const r = await skein(['resume', runId, '--input', '{"ok":true,"note":"go"}', '--json'], { env });
  return { ...r, json: JSON.parse(r.stdout) };
}

async function events(env: Record<string, string>, runId: string) {
  const r = await skein(['inspect', runId, '--json'], { env });
  return JSON.parse(r.stdout).events as { type: string; from?: string; to?: string | null }[];
}

test('an edited template does not reach a paused run: it resumes with the files it started with', async () => {
  const { env, file, runId } = await pausedRun();
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace('{{item}} ok={{ok}} note={{note}}', 'EDITED {{item}}'),
  );
  const resumed = await resume(env, runId);
  assert.deepEqual(resumed.json.output, { answer: 'pen ok=true note=go' }, resumed.stderr);
  const changed = (await events(env, runId)).filter((e) => e.type === 'skill_changed');
  assert.equal(changed.length, 1);
  assert.match(changed[0].from!, /^[0-9a-f]{64}$/);
  assert.match(changed[0].to!, /^[0-9a-f]{64}$/);
  assert.notEqual(changed[0].from, changed[0].to);
  // A new run takes the edited file.
  const fresh = await skein(['run', 'confirm', '--input', '{"item":"cup"}', '--json'], { env });
  const second = await resume(env, JSON.parse(fresh.stdout).runId);
  assert.deepEqual(second.json.output, { answer: 'EDITED cup' });
});

test('a deleted or re-versioned file never strands a paused run', async () => {
  const deleted = await pausedRun();
  rmSync(deleted.file);
  const afterDelete = await resume(deleted.env, deleted.runId);
  assert.equal(afterDelete.json.status, 'completed', afterDelete.stdout + afterDelete.stderr);
  const changed = (await events(deleted.env, deleted.runId)).find((e) => e.type === 'skill_changed');
  assert.equal(changed?.to, null, 'the files are gone');

  const bumped = await pausedRun();
  writeFileSync(
    bumped.file,
    readFileSync(bumped.file, 'utf8').replace('**version**: 1.0.0', '**version**: 1.1.0'),
  );
  const afterBump = await resume(bumped.env, bumped.runId);
  assert.deepEqual(afterBump.json.output, { answer: 'pen ok=true note=go' }, afterBump.stderr);
});

test('an unchanged file resumes without a skill_changed event', async () => {
  const { env, runId } = await pausedRun();
  assert.equal((await resume(env, runId)).json.status, 'completed');
  assert.equal((await events(env, runId)).filter((e) => e.type === 'skill_changed').length, 0);
});

test('runs --json and inspect show the digest a run is pinned to; runs --skill id@version filters', async () => {
  const { env, file, runId } = await pausedRun();
  writeFileSync(file, readFileSync(file, 'utf8').replace('**version**: 1.0.0', '**version**: 2.0.0'));
  const second = JSON.parse(
    (await skein(['run', 'confirm', '--input', '{"item":"cup"}', '--json'], { env })).stdout,
  ).runId;
  const runs = async (skill: string) =>
    JSON.parse((await skein(['runs', '--skill', skill, '--json'], { env })).stdout).runs as {
      id: string;
      version: string;
      digest: string;
    }[];
  const all = await runs('confirm');
  assert.deepEqual(
    all.map((r) => [r.id, r.version]),
    [
      [second, '2.0.0'],
      [runId, '1.0.0'],
    ],
  );
  assert.match(all[1].digest, /^[0-9a-f]{64}$/);
  assert.notEqual(all[0].digest, all[1].digest);
  assert.deepEqual(
    (await runs('confirm@1.0.0')).map((r) => r.id),
    [runId],
  );
  assert.deepEqual(
    (await runs('confirm@2.0.0')).map((r) => r.id),
    [second],
  );
  const none = await skein(['runs', '--skill', 'confirm@3.0.0'], { env });
  assert.equal(none.stdout, 'no runs of skill confirm@3.0.0 in this store\n');
  const inspected = JSON.parse((await skein(['inspect', runId, '--json'], { env })).stdout).run;
  assert.deepEqual(
    [inspected.skill.id, inspected.skill.version, inspected.skill.digest],
    ['confirm', '1.0.0', all[1].digest],
  );
  const text = await skein(['inspect', runId], { env: { ...env, NO_COLOR: '1' } });
  assert.match(text.stdout, new RegExp(`^pinned to ${all[1].digest}$`, 'm'));
});
