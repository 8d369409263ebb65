// A trace collector that is down, hangs or is absent never changes a run: the same exit code and the
// same `--json` output as with a collector up, and a failed export is one warning line on stderr
// (docs/operations.md, Traces). Through the built CLI and `skein serve`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein, type CliResult } from '../../helpers/cli.js';
import { startFakeOpenAI } from '../../helpers/fake-openai.js';
import { startOtlpReceiver } from '../../helpers/otlp-receiver.js';
import { api, startServer } from '../../helpers/server.js';

const CONFIG = join(ROOT, 'test/fixtures/trace/skein.yaml');
const INPUT = JSON.stringify({ order: '{"item":"kettle","price":30}' });
const WARNING =
  /^skein: traces not sent to http:\/\/127\.0\.0\.1:\d+\/v1\/traces: .+ \(runs are not affected\)$/;

async function setting(t: import('node:test').TestContext) {
  const home = await mkdtemp(join(tmpdir(), 'skein-collector-'));
  const model = await startFakeOpenAI(() => ({ text: 'Yes, a fine kettle.' }));
  t.after(async () => {
    await model.close();
    await rm(home, { recursive: true, force: true });
  });
  return {
    SKEIN_CONFIG: CONFIG,
    SKEIN_HOME: home,
    SKEIN_MODEL: 'compat:fake-model',
    SKEIN_BASE_URL: model.url,
  };
}

/** A port nothing listens on: opened, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A collector that takes the connection and never answers. */
async function silentCollector(t: import('node:test').TestContext): Promise<string> {
  const server: Server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The `--json` answer without the run id, which differs from run to run. */
function answer(result: CliResult): unknown {
  const lines = result.stdout.trim().split('\n');
  assert.equal(lines.length, 1, `one JSON object on stdout: ${result.stdout}`);
  const { runId, ...rest } = JSON.parse(lines[0]);
  assert.match(runId, /^[0-9a-f-]{36}$/);
  return rest;
}

const warnings = (stderr: string) => stderr.split('\n').filter((l) => /traces not sent/.test(l));

test('skein run: the same exit code and --json output with the collector up, down, silent or absent', async (t) => {
  const env = await setting(t);
  const receiver = await startOtlpReceiver();
  t.after(() => receiver.close());
  const run = (otel: Record<string, string>) =>
    skein(['run', 'review', '--input', INPUT, '--json'], { env: { ...env, ...otel } });

  const absent = await run({});
  const up = await run({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  });
  // The exporter retries a refused connection until its bound: 3 s instead of the default 1 s keeps a
  // slow machine, still loading the exporter, from reporting a timeout instead of the refusal asserted below.
  const down = await run({
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
    SKEIN_TRACE_FLUSH_TIMEOUT_MS: '3000',
  });
  const silent = await run({
    OTEL_EXPORTER_OTLP_ENDPOINT: await silentCollector(t),
    SKEIN_TRACE_FLUSH_TIMEOUT_MS: '300',
  });

  assert.equal(absent.code, 0, absent.stderr);
  assert.equal((answer(absent) as { status: string }).status, 'awaiting');
  for (const [name, other] of Object.entries({ up, down, silent })) {
    assert.equal(other.code, absent.code, `${name}: ${other.stderr}`);
    assert.deepEqual(answer(other), answer(absent), name);
  }
  assert.ok(
    receiver.spans.some((s) => s.name === 'run review'),
    'the collector that is up got the run',
  );
  assert.deepEqual(warnings(absent.stderr), []);
  assert.deepEqual(warnings(up.stderr), []);
  for (const [name, other] of Object.entries({ down, silent })) {
    const lines = warnings(other.stderr);
    assert.equal(lines.length, 1, `${name}: one warning line in ${other.stderr}`);
    assert.match(lines[0], WARNING);
    assert.doesNotMatch(other.stderr, /\n\s+at /, 'no stack trace');
  }
  assert.match(warnings(down.stderr)[0], /ECONNREFUSED/);
});

test('skein resume and the human output are unchanged by a collector that is down', async (t) => {
  const env = await setting(t);
  const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}` };
  const paused = await skein(['run', 'review', '--input', INPUT], { env: { ...env, ...otel } });
  assert.equal(paused.code, 0, paused.stderr);
  assert.equal(warnings(paused.stderr).length, 1, paused.stderr);
  const [run] = JSON.parse((await skein(['runs', '--json', '--limit', '1'], { env })).stdout).runs;
  const resumed = await skein(['resume', run.id, '--input', '{"ok":true}', '--json'], {
    env: { ...env, ...otel },
  });
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.equal(JSON.parse(resumed.stdout).status, 'completed');
  assert.equal(warnings(resumed.stderr).length, 1, resumed.stderr);
});

test('skein serve: runs answer as usual with the collector down; one warning line, a clean exit', async (t) => {
  const env = await setting(t);
  const server = await startServer({
    ...env,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
    // Spans are sent as they come, so the outage is met while serving, not only at the exit.
    OTEL_BSP_SCHEDULE_DELAY: '50',
  });
  t.after(() => server.stop('SIGKILL'));
  for (let i = 0; i < 3; i++) {
    const started = await api(`${server.url}/v1/skills/review/runs`, {
      method: 'POST',
      json: { input: JSON.parse(INPUT) },
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.equal(started.body.status, 'awaiting');
    const resumed = await api(`${server.url}/v1/runs/${started.body.runId}/resume`, {
      method: 'POST',
      json: { input: { ok: true } },
    });
    assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
    assert.equal(resumed.body.status, 'completed');
  }
  assert.equal(await server.stop(), 0, server.stderr());
  const lines = warnings(server.stderr());
  assert.equal(lines.length, 1, `one warning for the whole outage: ${server.stderr()}`);
  assert.match(lines[0], WARNING);
});
