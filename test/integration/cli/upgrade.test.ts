// A paused run moved to the newest version of its skill (`skein resume --upgrade`, HTTP `"upgrade": true`,
// the library's `upgrade` option) when it is compatible, and refused with each difference when not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';
import { api, startServer } from '../../helpers/server.js';
import { createDatabase, postgresAvailable } from '../../helpers/postgres.js';
import { openSkein, SkeinError } from '../../../src/index.js';

const CONFIRM = join(ROOT, 'test/fixtures/server/skills/confirm.md');
const ANSWER = '{"ok":true,"note":"go"}';

/** A home and a skills folder with the confirm skill, and a run of it paused at its await. */
async function pausedRun(store?: string): Promise<{
  env: Record<string, string>;
  file: string;
  runId: string;
  dir: string;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'skein-upgrade-'));
  mkdirSync(join(dir, 'skills'));
  const file = join(dir, 'skills', 'confirm.md');
  copyFileSync(CONFIRM, file);
  const env = {
    SKEIN_HOME: join(dir, 'home'),
    SKEIN_SKILLS: join(dir, 'skills'),
    SKEIN_CONFIG: '',
    ...(store ? { SKEIN_STORE: store } : {}),
  };
  const started = await skein(['run', 'confirm', '--input', '{"item":"pen"}', '--json'], { env });
  const run = JSON.parse(started.stdout);
  assert.equal(run.status, 'awaiting', started.stderr);
  return { env, file, runId: run.runId, dir };
}

/** Version 1.1.0 of the file, its last template edited: compatible with a run paused at `ask`. */
function compatibleEdit(file: string): void {
  const text = readFileSync(file, 'utf8')
    .replace('**version**: 1.0.0', '**version**: 1.1.0')
    .replace('{{item}} ok={{ok}} note={{note}}', 'NEW {{item}} ok={{ok}}');
  writeFileSync(file, text);
}

/** Version 2.0.0: the finished step `compose_summary` renamed, `ask` no longer an await, a new required input. */
function incompatibleEdit(file: string): void {
  const text = readFileSync(file, 'utf8')
    .replace('**version**: 1.0.0', '**version**: 2.0.0')
    .replace('### step: compose_summary', '### step: summarise')
    .replace(
      'item:\n  type: string\n  required: true',
      'item:\n  type: string\n  required: true\nqty:\n  type: integer\n  required: true',
    )
    .replace(
      /### step: ask\n\n\*\*type\*\*: await\n\n```yaml\n[\s\S]*?```/,
      '### step: ask\n\n**type**: template\n**varName**: ok\n\n```template\nyes\n```',
    );
  writeFileSync(file, text);
}

async function inspect(env: Record<string, string>, runId: string) {
  const r = await skein(['inspect', runId, '--json'], { env });
  return JSON.parse(r.stdout) as {
    run: { skill: { version: string; digest: string } };
    events: {
      type: string;
      from?: { version: string; digest?: string };
      to?: { version: string; digest?: string };
    }[];
  };
}

/** A compatible upgrade through the CLI, on SQLite or the PostgreSQL store `store`. */
async function compatibleThroughCli(store?: string): Promise<void> {
  const { env, file, runId } = await pausedRun(store);
  const before = (await inspect(env, runId)).run.skill;
  compatibleEdit(file);
  const r = await skein(['resume', runId, '--input', ANSWER, '--upgrade', '--json'], { env });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).output, { answer: 'NEW pen ok=true' });
  const after = await inspect(env, runId);
  assert.equal(after.run.skill.version, '1.1.0');
  assert.notEqual(after.run.skill.digest, before.digest);
  const upgraded = after.events.filter((e) => e.type === 'upgraded');
  assert.equal(upgraded.length, 1);
  assert.deepEqual(upgraded[0].from, { version: '1.0.0', digest: before.digest });
  assert.deepEqual(upgraded[0].to, { version: '1.1.0', digest: after.run.skill.digest });
  assert.equal(after.events.filter((e) => e.type === 'skill_changed').length, 0);
}

test('CLI: resume --upgrade moves a compatible paused run to the newest version and pins it there', async () => {
  await compatibleThroughCli();
});

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';

test('PostgreSQL: resume --upgrade moves the run and pins it to the new files', { skip }, async () => {
  const db = await createDatabase('upgrade');
  try {
    await compatibleThroughCli(db.url);
  } finally {
    await db.drop();
  }
});

test('CLI: an incompatible upgrade is refused with exit 2, each difference named, and the run stays paused', async () => {
  const { env, file, runId } = await pausedRun();
  incompatibleEdit(file);
  const r = await skein(['resume', runId, '--input', ANSWER, '--upgrade', '--json'], { env });
  assert.equal(r.code, 2, r.stdout + r.stderr);
  const error = JSON.parse(r.stdout).error;
  assert.equal(error.code, 'upgrade_incompatible');
  assert.match(error.message, /confirm@1\.0\.0 to confirm@2\.0\.0/);
  assert.match(error.message, /step "compose_summary" is gone/);
  assert.match(error.message, /step "ask" is now of kind template \(was await\)/);
  assert.match(error.message, /input fails the new input schema: .*qty/);
  // Without --upgrade it still resumes, with the files it started with.
  const plain = await skein(['resume', runId, '--input', ANSWER, '--json'], { env });
  assert.deepEqual(JSON.parse(plain.stdout).output, { answer: 'pen ok=true note=go' }, plain.stderr);
  assert.equal((await inspect(env, runId)).run.skill.version, '1.0.0');
});

test('HTTP: "upgrade": true on the resume body upgrades a compatible run; an incompatible one is 409', async () => {
  const compatible = await pausedRun();
  const incompatible = await pausedRun();
  compatibleEdit(compatible.file);
  incompatibleEdit(incompatible.file);
  const server = await startServer(compatible.env);
  try {
    const ok = await api(`${server.url}/v1/runs/${compatible.runId}/resume`, {
      method: 'POST',
      json: { input: JSON.parse(ANSWER), upgrade: true },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(ok.body.output, { answer: 'NEW pen ok=true' });
    const run = await api(`${server.url}/v1/runs/${compatible.runId}`);
    assert.equal(run.body.version, '1.1.0');
  } finally {
    await server.stop();
  }
  const other = await startServer(incompatible.env);
  try {
    const refused = await api(`${other.url}/v1/runs/${incompatible.runId}/resume`, {
      method: 'POST',
      json: { input: JSON.parse(ANSWER), upgrade: true },
    });
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.equal(refused.body.error.code, 'upgrade_incompatible');
    assert.deepEqual(refused.body.error.fields.map((f: { field: string }) => f.field).sort(), [
      'ask',
      'compose_summary',
      'input',
    ]);
    const run = await api(`${other.url}/v1/runs/${incompatible.runId}`);
    assert.equal(run.body.status, 'awaiting');
  } finally {
    await other.stop();
  }
});

test('library: resume with { upgrade: true }, compatible and incompatible', async () => {
  const compatible = await pausedRun();
  compatibleEdit(compatible.file);
  const lib = openSkein({ cwd: compatible.dir, skills: 'skills', home: 'home' });
  try {
    const result = await lib.resume(compatible.runId, JSON.parse(ANSWER), { upgrade: true });
    assert.deepEqual(result.output, { answer: 'NEW pen ok=true' });
    assert.equal((await lib.getRun(compatible.runId))?.skill.version, '1.1.0');
  } finally {
    await lib.close();
  }
  const incompatible = await pausedRun();
  incompatibleEdit(incompatible.file);
  const other = openSkein({ cwd: incompatible.dir, skills: 'skills', home: 'home' });
  try {
    await assert.rejects(
      other.resume(incompatible.runId, JSON.parse(ANSWER), { upgrade: true }),
      (e) => e instanceof SkeinError && e.code === 'upgrade_incompatible',
    );
    assert.equal((await other.getRun(incompatible.runId))?.status, 'awaiting');
  } finally {
    await other.close();
  }
});

test("CLI: an answer the new version's await refuses is a difference too", async () => {
  const { env, file, runId } = await pausedRun();
  writeFileSync(
    file,
    readFileSync(file, 'utf8')
      .replace('**version**: 1.0.0', '**version**: 1.2.0')
      .replace(
        '  note:\n    type: string\n    required: false',
        '  note:\n    type: string\n    required: true',
      ),
  );
  const r = await skein(['resume', runId, '--input', '{"ok":true}', '--upgrade', '--json'], { env });
  assert.equal(r.code, 2, r.stdout + r.stderr);
  const error = JSON.parse(r.stdout).error;
  assert.equal(error.code, 'upgrade_incompatible');
  assert.match(error.message, /the answer fails step "ask"'s new answer schema: .*note/);
  const ok = await skein(['resume', runId, '--input', ANSWER, '--upgrade', '--json'], { env });
  assert.deepEqual(JSON.parse(ok.stdout).output, { answer: 'pen ok=true note=go' }, ok.stderr);
});
