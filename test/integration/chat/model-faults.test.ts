import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { openSkein, type Skein } from '../../../src/host/index.js';
import { ROOT } from '../../helpers/cli.js';
import { startFakeOpenAI, type FakeOpenAI, type FakeReply } from '../../helpers/fake-openai.js';

// Faults of a model, served by a local chat-completions server that the real provider code talks
// to: each ends in a clear error naming the cause within the configured time (limits.modelTimeoutMs),
// with bounded retries, and the run's record intact in the store.

const ASK = join(ROOT, 'test/fixtures/model-faults/ask.md');
const ASK_JSON = join(ROOT, 'test/fixtures/model-faults/ask_json.md');
// Short, for the faults that end at the timeout; the others get room for a loaded machine.
const TIMEOUT_MS = 1500;
const ROOMY_MS = 60_000;
const opened: { skein: Skein; fake: FakeOpenAI }[] = [];
after(async () => {
  for (const { skein, fake } of opened) {
    await skein.close();
    await fake.close();
  }
});

async function withModel(
  replies: FakeReply[],
  timeoutMs = TIMEOUT_MS,
): Promise<{ skein: Skein; fake: FakeOpenAI }> {
  const fake = await startFakeOpenAI(replies);
  const dir = mkdtempSync(join(tmpdir(), 'skein-model-faults-'));
  writeFileSync(join(dir, 'skein.yaml'), `home: ./home\nlimits:\n  modelTimeoutMs: ${timeoutMs}\n`);
  const skein = openSkein({
    config: loadConfig(dir, { SKEIN_MODEL: 'compat:fake-model', SKEIN_BASE_URL: fake.url }),
  });
  opened.push({ skein, fake });
  return { skein, fake };
}

/** Runs `skill` and checks the run failed with a message matching `cause`, and its stored record says the same. */
async function failsWith(skein: Skein, skill: string, cause: RegExp): Promise<string> {
  const result = await skein.run(skill, { question: 'how much?' });
  assert.equal(result.status, 'failed', JSON.stringify(result));
  const message = result.error?.message ?? '';
  assert.match(message, cause);
  const stored = await skein.getRun(result.runId);
  assert.equal(stored?.status, 'failed');
  assert.equal(stored?.error?.message, message);
  const events = await skein.events(result.runId);
  assert.equal(events.at(-1)?.type, 'failed');
  return message;
}

test('429 with Retry-After is retried and the run completes', async () => {
  const { skein, fake } = await withModel(
    [
      { status: 429, headers: { 'retry-after': '0' }, body: { error: { message: 'slow down' } } },
      { text: 'forty-two' },
    ],
    ROOMY_MS,
  );
  const result = await skein.run(ASK, { question: 'how much?' });
  assert.equal(result.status, 'completed', JSON.stringify(result));
  assert.deepEqual(result.output, { answer: 'forty-two' });
  assert.equal(fake.requests.length, 2);
});

test('5xx every time: retries are bounded and the error names the status and the attempts', async () => {
  const { skein, fake } = await withModel(
    Array.from({ length: 10 }, () => ({ status: 503 })),
    30_000,
  );
  const message = await failsWith(skein, ASK, /503/);
  assert.match(message, /attempt/);
  assert.ok(fake.requests.length <= 3, `${fake.requests.length} requests`);
});

test('a malformed body fails with a clear error, not a crash', async () => {
  const { skein } = await withModel(
    Array.from({ length: 5 }, () => ({ malformed: '{"choices": [ {"delta"' })),
  );
  await failsWith(
    skein,
    ASK,
    /compat:fake-model: Response stream ended without a finish reason|invalid|JSON/,
  );
});

test('a stream cut midway fails with a clear error', async () => {
  const { skein } = await withModel(
    Array.from({ length: 5 }, () => ({ cut: 'the answer is a long one that never ends' })),
  );
  // The provider's stream does not report the dropped connection: the configured timeout ends the call.
  await failsWith(skein, ASK, new RegExp(`terminated|closed|stream|timed out after ${TIMEOUT_MS} ms`));
});

test('a server that never answers: the run fails at the configured timeout', async () => {
  const { skein } = await withModel(Array.from({ length: 5 }, () => ({ hang: true as const })));
  const started = Date.now();
  await failsWith(skein, ASK, new RegExp(`timed out after ${TIMEOUT_MS} ms`));
  // Generous bound for a loaded machine: the point is no hang.
  assert.ok(Date.now() - started < TIMEOUT_MS + 20_000);
});

test('an answer that never matches the schema: bounded repairs, then an error naming the field', async () => {
  const { skein, fake } = await withModel(
    Array.from({ length: 10 }, () => ({ text: '{"score": "high"}' })),
    ROOMY_MS,
  );
  await failsWith(skein, ASK_JSON, /array/);
  assert.equal(fake.requests.length, 3);
});
