// The package as a user installs it: `npm pack`, unpacked into a fresh folder's node_modules (its
// dependencies linked from this repository's node_modules instead of downloaded), then a TypeScript
// program that embeds Skein is type-checked against the published .d.ts files and run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { dirname, join, sep } from 'node:path';
import { startFakeOpenAI } from '../../helpers/fake-openai.js';
import { ROOT } from '../../helpers/cli.js';

const MAX_TARBALL_BYTES = 3 * 1024 * 1024;

test('npm pack gives a small package without run state, which a TypeScript program installs and uses', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-consumer-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // The build ran before the integration tests; --ignore-scripts keeps pack from building again.
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: ROOT,
      encoding: 'utf8',
    }),
  ) as { filename: string; size: number; files: { path: string }[] }[];
  assert.ok(packed.size <= MAX_TARBALL_BYTES, `tarball is ${packed.size} bytes`);
  const paths = packed.files.map((f) => f.path);
  assert.deepEqual(
    paths.filter((p) => /(^|\/)\.skein\/|\.db-(wal|shm)$|runs\.db$|memory\.db$/.test(p)),
    [],
  );
  assert.ok(paths.includes('schema/skein.schema.json'));
  assert.ok(paths.includes('dist/index.d.ts'));

  const app = join(dir, 'app');
  const modules = join(app, 'node_modules');
  mkdirSync(join(modules, 'skein'), { recursive: true });
  execFileSync('tar', [
    '-xzf',
    join(dir, packed.filename),
    '-C',
    join(modules, 'skein'),
    '--strip-components=1',
  ]);
  // What npm would install: the package's production dependencies (devDependencies such as
  // @types/better-sqlite3 stay out), and the consumer's own TypeScript, Node types and tsx.
  for (const name of [...productionPackages(), 'typescript', '@types/node', 'tsx']) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    if (name !== 'skein') symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  cpSync(join(ROOT, 'test/fixtures/consumer'), app, { recursive: true });

  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', app], {
    cwd: app,
    encoding: 'utf8',
  });
  assert.equal(tsc.stdout + tsc.stderr, '');

  const fake = await startFakeOpenAI([{ text: 'Bonjour' }, { text: 'Guten Morgen' }]);
  t.after(() => fake.close());
  // Asynchronously: the fake model server answers from this process's event loop.
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'consumer.ts'], {
    cwd: app,
    env: { ...process.env, SKEIN_BASE_URL: fake.url, SKEIN_CONFIG: '', SKEIN_HOME: '', SKEIN_SKILLS: '' },
  });
  assert.deepEqual(JSON.parse(stdout), {
    translated: { translation: 'Bonjour' },
    eventTypes: [
      'run_started',
      'node_started',
      'llm_usage',
      'node_finished',
      'node_started',
      'node_finished',
      'completed',
    ],
    german: { translation: 'Guten Morgen' },
    paused: { status: 'awaiting', step: 'ask' },
    resumed: { decision: '40 approved: true' },
    listed: ['completed'],
  });
  assert.equal(fake.requests[1].model, 'scripted');
  assert.ok(statSync(join(app, 'state/runs.db')).size > 0);

  // The lean install leaves the optional parts out: doctor names each with what installing it enables,
  // and using one says what to install instead of failing with a stack trace.
  const skein = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [join(modules, 'skein/bin/skein.js'), ...args], {
      cwd: app,
      encoding: 'utf8',
      env: { ...process.env, SKEIN_CONFIG: '', SKEIN_SKILLS: '', SKEIN_HOME: join(app, 'home'), ...env },
    });
  const doctor = skein(['doctor', '--json']);
  assert.equal(doctor.status, 0, doctor.stderr);
  const checks = (JSON.parse(doctor.stdout) as { checks: { part: string; state: string; fix?: string }[] })
    .checks;
  for (const [part, pkg] of [
    ['otlp', '@opentelemetry/sdk-trace-base'],
    ['postgres', 'pg-boss@10'],
    ['python', 'pyodide'],
    ['tokens', 'gpt-tokenizer'],
  ]) {
    const check = checks.find((c) => c.part === part);
    assert.equal(check?.state, 'missing', part);
    assert.match(check?.fix ?? '', new RegExp(`npm install .*${pkg}`));
  }
  assert.equal(checks.find((c) => c.part === 'sqlite')?.state, 'ok');
  assert.equal(checks.find((c) => c.part === 'typescript')?.state, 'ok', "the app's own tsx is found");
  const postgres = skein(['runs'], { SKEIN_STORE: 'postgres://root@127.0.0.1:1/none' });
  assert.notEqual(postgres.status, 0, postgres.stderr);
  assert.match(postgres.stderr, /install pg, pg-boss to keep runs in PostgreSQL.*npm install pg pg-boss@10/);
  const graph = join(modules, 'skein/examples/graphs/fan_out.md');
  const python = skein(['run', graph, '--input', '{"text":"the quick brown fox"}', '--json']);
  assert.notEqual(python.status, 0);
  assert.match(python.stdout + python.stderr, /install pyodide to run Python codelets/);
  assert.doesNotMatch(python.stdout + python.stderr, /\n\s+at /);
  const template = join(modules, 'skein/examples/skills/order_confirmation.md');
  const traced = skein(['run', template, '--input', ORDER, '--json'], {
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
  });
  assert.equal(traced.status, 0, traced.stderr);
  assert.equal(JSON.parse(traced.stdout).status, 'awaiting');
  assert.match(traced.stderr, /traces are not exported: install @opentelemetry/);
  const docs = skein(['docs', join(modules, 'skein/examples/docs/sales_data_guide.SKILL.md'), '--stats']);
  assert.equal(docs.status, 0, docs.stderr);
  assert.match(docs.stdout, /estimated/);
});

const ORDER = JSON.stringify({ order_id: 'A1', product_name: '耳机', quantity: 2, unit_price: 99.5 });

/** The top-level packages of node_modules that `npm ls --omit=dev` lists: what a user's install holds. */
function productionPackages(): string[] {
  const lines = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const top = join(ROOT, 'node_modules') + sep;
  const names = lines
    .split('\n')
    .filter((p) => p.startsWith(top))
    .map((p) => p.slice(top.length))
    .filter((p) => !p.includes(`${sep}node_modules${sep}`))
    .map((p) =>
      p
        .split(sep)
        .slice(0, p.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  return [...new Set(names)];
}
