// limits.awaitTimeout: a run that awaited a person longer fails with await_timeout — when a late answer
// comes (refused), and when serve sweeps (its run.failed webhook goes out).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';
import { startServer } from '../../helpers/server.js';

const SKILLS = join(ROOT, 'test/fixtures/server/skills');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A home whose skein.yaml sets a 1 s await timeout (and, given one, a webhook receiver). */
function home(webhook?: string): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'skein-await-timeout-'));
  const hooks = webhook ? `webhooks:\n  - url: ${webhook}\n    events: [run.failed]\n` : '';
  writeFileSync(join(dir, 'skein.yaml'), `skills: ${SKILLS}\nlimits:\n  awaitTimeout: 1s\n${hooks}`);
  return { SKEIN_HOME: join(dir, '.skein'), SKEIN_CONFIG: join(dir, 'skein.yaml'), GATE_DIR: dir };
}

async function pause(env: Record<string, string>): Promise<string> {
  const r = await skein(['run', 'confirm', '--input', '{"item": "lamp"}', '--json'], { env });
  const out = JSON.parse(r.stdout) as { runId: string; status: string };
  assert.equal(out.status, 'awaiting', r.stdout + r.stderr);
  return out.runId;
}

test('an answer within the timeout is taken; one after it is refused and the run has failed with await_timeout', async () => {
  const env = home();
  const quick = await pause(env);
  const answered = await skein(['resume', quick, '--input', '{"ok": true}', '--json'], { env });
  assert.equal(JSON.parse(answered.stdout).status, 'completed', answered.stdout + answered.stderr);

  const late = await pause(env);
  await sleep(1300);
  const refused = await skein(['resume', late, '--input', '{"ok": true}', '--json'], { env });
  assert.equal(refused.code, 1, refused.stdout + refused.stderr);
  assert.equal(JSON.parse(refused.stdout).error.code, 'await_timeout');
  assert.match(JSON.parse(refused.stdout).error.message, /no answer came within 1s \(limits\.awaitTimeout\)/);
  const inspected = await skein(['inspect', late, '--json'], { env });
  const run = JSON.parse(inspected.stdout).run as { status: string; error: { code: string } };
  assert.deepEqual([run.status, run.error.code], ['failed', 'await_timeout']);
});

test('skein serve fails runs past the timeout as it sweeps, and their run.failed webhook goes out', async () => {
  const received: { type: string; runId: string; code?: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const message = JSON.parse(body) as { type: string; data: { runId: string; error?: { code: string } } };
      received.push({ type: message.type, runId: message.data.runId, code: message.data.error?.code });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const env = home(`http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`);
  const waiting = await pause(env);
  const server = await startServer({ ...env, SKEIN_AWAIT_SWEEP_MS: '200' });
  try {
    const until = Date.now() + 15_000;
    while (!received.some((m) => m.runId === waiting) && Date.now() < until) await sleep(100);
    assert.deepEqual(
      received.filter((m) => m.runId === waiting),
      [{ type: 'run.failed', runId: waiting, code: 'await_timeout' }],
    );
    assert.match(server.stderr(), /"event":"await_timeout"/);
  } finally {
    await server.stop();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
