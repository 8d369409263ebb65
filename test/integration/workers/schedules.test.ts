// Schedules fire once per tick however many processes serve them: three on PostgreSQL (a serve and two
// workers), two serves sharing one SQLite home; each run records trigger {schedule, at}.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, openSkein, type Skein } from '../../../src/index.js';
import { skein as cli } from '../../helpers/cli.js';
import { postgresAvailable } from '../../helpers/postgres.js';
import { ROOT } from '../../helpers/paths.js';
import { api, startServer } from '../../helpers/server.js';
import { sharedStore, startWorker, WORKERS_FIXTURE } from '../../helpers/workers.js';

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A skein.yaml whose schedule `tick` starts `skill` every second. */
function config(skills: string, skill: string, input: unknown, tools?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'skein-schedules-'));
  const file = join(dir, 'skein.yaml');
  writeFileSync(
    file,
    `skills: ${skills}\n` +
      (tools ? `tools:\n  modules:\n    - ${tools}\n` : '') +
      `schedules:\n  - id: tick\n    skill: ${skill}\n    cron: "* * * * * *"\n    input: ${JSON.stringify(input)}\n`,
  );
  return file;
}

/** Every run of the store with the tick that started it: each tick must have exactly one. */
async function runsByTick(skein: Skein): Promise<Map<string, string[]>> {
  const byTick = new Map<string, string[]>();
  for (const run of (await skein.listRuns({ limit: 200 })).runs) {
    const [first] = await skein.events(run.id);
    const trigger = first?.type === 'run_started' ? first.trigger : undefined;
    assert.equal(trigger?.schedule, 'tick', JSON.stringify(first));
    byTick.set(trigger!.at, [...(byTick.get(trigger!.at) ?? []), run.id]);
  }
  return byTick;
}

function assertOncePerTick(byTick: Map<string, string[]>, ticks: number): void {
  assert.ok(byTick.size >= ticks, `${byTick.size} ticks fired`);
  for (const [at, runs] of byTick) assert.equal(runs.length, 1, `tick ${at} started ${runs.length} runs`);
}

test(
  'three processes on PostgreSQL over ten ticks: one run per tick, each with its trigger',
  { skip },
  async () => {
    const file = config(
      join(WORKERS_FIXTURE, 'skills'),
      'confirm',
      { item: 'tick' },
      join(WORKERS_FIXTURE, 'tools.ts'),
    );
    const store = await sharedStore('schedules', { SKEIN_CONFIG: file });
    const processes = [
      await startServer(store.env, ['--no-worker']),
      await startWorker(store.env, ['--concurrency', '2']),
      await startWorker(store.env, ['--concurrency', '2']),
    ];
    let skein: Skein | undefined;
    try {
      await sleep(11_000);
      for (const p of processes) await p.stop();
      skein = openSkein({ config: loadConfig(ROOT, { ...process.env, ...store.env }) });
      assertOncePerTick(await runsByTick(skein), 10);
    } finally {
      for (const p of processes) await p.stop('SIGKILL');
      await skein?.close();
      await store.drop();
    }
  },
);

test('two serves sharing a SQLite home: one run per tick; skein schedules and GET /v1/schedules list it', async () => {
  const file = config(join(ROOT, 'test/fixtures/server/skills'), 'greet', { name: 'Tick' });
  const home = mkdtempSync(join(tmpdir(), 'skein-schedules-home-'));
  const env = { SKEIN_CONFIG: file, SKEIN_HOME: home };
  const servers = [await startServer(env), await startServer(env)];
  let skein: Skein | undefined;
  try {
    const listed = await api(`${servers[0]!.url}/v1/schedules`);
    const [schedule] = (listed.body as { schedules: { id: string; skill: string; next: string[] }[] })
      .schedules;
    assert.deepEqual([schedule?.id, schedule?.skill, schedule?.next.length], ['tick', 'greet', 3]);
    const shown = await cli(['schedules'], { env });
    assert.match(shown.stdout, /tick {2}greet {2}\* \* \* \* \* \*/);
    await sleep(4500);
    for (const s of servers) await s.stop();
    skein = openSkein({ config: loadConfig(ROOT, { ...process.env, ...env }) });
    assertOncePerTick(await runsByTick(skein), 3);
  } finally {
    for (const s of servers) await s.stop('SIGKILL');
    await skein?.close();
  }
});

test('a bad cron is a config error naming the schedule, before serve listens', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-schedules-bad-'));
  writeFileSync(
    join(dir, 'skein.yaml'),
    'schedules:\n  - id: nightly\n    skill: greet\n    cron: "61 * * * *"\n',
  );
  const r = await cli(['serve', '--port', '0'], {
    env: { SKEIN_CONFIG: join(dir, 'skein.yaml'), SKEIN_HOME: dir },
  });
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /schedules\[0\] \(nightly\): "61 \* \* \* \*" is not a cron/);
});
