// A child run (a `call` of another skill) is pinned like any run: its skill's file edited while it
// waits does not change what it does when the answer resumes it, on SQLite and on PostgreSQL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';
import { createDatabase, postgresAvailable } from '../../helpers/postgres.js';

const CONFIRM = join(ROOT, 'test/fixtures/server/skills/confirm.md');

/** A composite skill whose one step calls `confirm`, which pauses for a person. */
const ORDER = {
  name: 'order',
  description: 'Orders an item once a person confirms it.',
  category: 'test',
  input: { type: 'object', properties: { item: { type: 'string' } }, required: ['item'] },
  output: { type: 'object' },
  mode: 'composite',
  calls: ['confirm'],
  pipeline: [{ step: 'confirmed', skill: 'confirm', input: { item: '{{input.item}}' } }],
  outputMapping: { answer: '{{steps.confirmed.answer}}' },
};

async function pausedInChild(store?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'skein-pin-child-'));
  mkdirSync(join(dir, 'skills', 'order'), { recursive: true });
  const file = join(dir, 'skills', 'confirm.md');
  copyFileSync(CONFIRM, file);
  writeFileSync(join(dir, 'skills', 'order', 'skill.json'), JSON.stringify(ORDER));
  const env = {
    SKEIN_HOME: join(dir, 'home'),
    SKEIN_SKILLS: join(dir, 'skills'),
    SKEIN_CONFIG: '',
    ...(store ? { SKEIN_STORE: store } : {}),
  };
  const started = await skein(['run', 'order', '--input', '{"item":"pen"}', '--json'], { env });
  const run = JSON.parse(started.stdout);
  assert.equal(run.status, 'awaiting', started.stdout + started.stderr);
  assert.equal(run.await.message, 'Order: pen. Confirm?');
  return { env, file, runId: run.runId as string };
}

async function editThenResume(store?: string) {
  const { env, file, runId } = await pausedInChild(store);
  writeFileSync(
    file,
    readFileSync(file, 'utf8')
      .replace('{{item}} ok={{ok}} note={{note}}', 'EDITED {{item}}')
      .replace('**version**: 1.0.0', '**version**: 1.1.0'),
  );
  const resumed = await skein(['resume', runId, '--input', '{"ok":true,"note":"go"}', '--json'], { env });
  assert.deepEqual(JSON.parse(resumed.stdout).output, { answer: 'pen ok=true note=go' }, resumed.stderr);
  const listed = JSON.parse((await skein(['runs', '--skill', 'confirm', '--json'], { env })).stdout).runs;
  assert.equal(listed.length, 1, 'the child run');
  const child = JSON.parse((await skein(['inspect', listed[0].id, '--json'], { env })).stdout);
  assert.equal(child.run.parentRunId, runId);
  assert.equal(child.run.skill.version, '1.0.0');
  const changed = child.events.filter((e: { type: string }) => e.type === 'skill_changed');
  assert.equal(changed.length, 1, 'the child says its file changed');
  assert.equal(changed[0].from, child.run.skill.digest);
}

test('a called skill edited and re-versioned while its child run waits: the child resumes as it started (SQLite)', async () => {
  await editThenResume();
});

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';

test(
  'a called skill edited and re-versioned while its child run waits: the child resumes as it started (PostgreSQL)',
  { skip },
  async () => {
    const db = await createDatabase('pinchild');
    try {
      await editThenResume(db.url);
    } finally {
      await db.drop();
    }
  },
);
