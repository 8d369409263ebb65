// `skein runs prune`: finished runs go with their events and snapshots; awaiting runs stay; --dry-run
// and --status; on SQLite and PostgreSQL. And `skein serve` prunes by retention.runs on its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';
import { createDatabase, postgresAvailable } from '../../helpers/postgres.js';
import { startServer } from '../../helpers/server.js';
import { waitFor } from '../../helpers/workers.js';

const SKILLS = join(ROOT, 'test/fixtures/server/skills');

/** Two finished runs of greet (one started with an idempotency key) and one paused at confirm's await. */
async function threeRuns(env: Record<string, string>) {
  const id = async (args: string[]) =>
    JSON.parse((await skein([...args, '--json'], { env })).stdout).runId as string;
  const done = await id(['run', 'greet', '--input', '{"name":"Bo"}']);
  const paused = await id(['run', 'confirm', '--input', '{"item":"pen"}']);
  const other = await id(['run', 'greet', '--input', '{"name":"Al"}', '--idempotency-key', 'k1']);
  return { done, paused, other };
}

const ids = (out: string) => (JSON.parse(out).runs as { id: string }[]).map((r) => r.id).sort();

async function pruneByHand(store?: string) {
  const home = mkdtempSync(join(tmpdir(), 'skein-prune-'));
  const env = {
    SKEIN_HOME: home,
    SKEIN_SKILLS: SKILLS,
    SKEIN_CONFIG: '',
    ...(store ? { SKEIN_STORE: store } : {}),
  };
  const { done, paused, other } = await threeRuns(env);
  const refused = await skein(['runs', 'prune'], { env });
  assert.equal(refused.code, 2, 'no retention configured and no --older-than');
  assert.match(refused.stderr, /retention\.runs/);

  const dry = await skein(['runs', 'prune', '--older-than', '0s', '--dry-run', '--json'], { env });
  assert.deepEqual(ids(dry.stdout), [done, other].sort(), dry.stderr);
  const text = await skein(['runs', 'prune', '--older-than', '0s', '--dry-run'], {
    env: { ...env, NO_COLOR: '1' },
  });
  assert.match(text.stdout, new RegExp(`^would remove ${done} .* completed  greet@1\\.0\\.0$`, 'm'));
  assert.match(text.stdout, /^would remove 2 runs$/m);
  assert.equal(
    JSON.parse((await skein(['runs', '--json'], { env })).stdout).runs.length,
    3,
    'a dry run removes nothing',
  );
  const old = await skein(['runs', 'prune', '--older-than', '30d', '--json'], { env });
  assert.deepEqual(JSON.parse(old.stdout).runs, [], 'none is 30 days old');
  assert.deepEqual(
    ids(
      (await skein(['runs', 'prune', '--older-than', '0s', '--status', 'failed', '--json'], { env })).stdout,
    ),
    [],
  );

  const pruned = await skein(['runs', 'prune', '--older-than', '0s', '--json'], { env });
  assert.deepEqual(ids(pruned.stdout), [done, other].sort());
  assert.equal(
    JSON.parse(pruned.stdout).sources,
    1,
    "greet's snapshot: no run refers to it now; confirm's stays",
  );
  assert.deepEqual(ids((await skein(['runs', '--json'], { env })).stdout), [paused]);
  const gone = await skein(['inspect', done, '--json'], { env });
  assert.equal(JSON.parse(gone.stdout).error.code, 'run_not_found');
  // The paused run still resumes; the pruned run's idempotency key is free again.
  const resumed = await skein(['resume', paused, '--input', '{"ok":true}', '--json'], { env });
  assert.equal(JSON.parse(resumed.stdout).status, 'completed');
  const again = await skein(
    ['run', 'greet', '--input', '{"name":"Al"}', '--idempotency-key', 'k1', '--json'],
    { env },
  );
  assert.notEqual(JSON.parse(again.stdout).runId, other, 'the pruned run took its key with it');
}

test('runs prune removes finished runs and their snapshots, keeps awaiting ones (SQLite)', async () => {
  await pruneByHand();
});

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';

test(
  'runs prune removes finished runs and their snapshots, keeps awaiting ones (PostgreSQL)',
  { skip },
  async () => {
    const db = await createDatabase('prune');
    try {
      await pruneByHand(db.url);
    } finally {
      await db.drop();
    }
  },
);

test('skein serve prunes by retention.runs on its own (SKEIN_PRUNE_EVERY_MS for the test)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-serve-prune-'));
  const config = join(dir, 'skein.yaml');
  writeFileSync(
    config,
    `skills: ${SKILLS}\ntools:\n  modules: [${join(ROOT, 'test/fixtures/server/tools.ts')}]\nretention:\n  runs: 1s\n`,
  );
  const env = { SKEIN_HOME: join(dir, 'home'), SKEIN_CONFIG: config, GATE_DIR: dir };
  const { done, paused } = await threeRuns({ ...env, SKEIN_SKILLS: SKILLS });
  const server = await startServer({ ...env, SKEIN_PRUNE_EVERY_MS: '100' });
  try {
    const pruned = () =>
      server
        .stderr()
        .split('\n')
        .filter((l) => l.includes('"event":"pruned"'))
        .map((l) => JSON.parse(l));
    // Each run goes once it is a second old: the two finished ones, over one prune or two.
    const total = () => pruned().reduce((n, p) => n + p.runs, 0);
    await waitFor(() => total() >= 2);
    assert.equal(total(), 2, server.stderr());
    const listed = (await (await fetch(`${server.url}/v1/runs`)).json()) as { runs: { runId: string }[] };
    const left = listed.runs.map((r) => r.runId);
    assert.deepEqual(left, [paused]);
    assert.equal((await fetch(`${server.url}/v1/runs/${done}`)).status, 404);
  } finally {
    await server.stop();
  }
});
