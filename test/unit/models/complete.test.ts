import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { complete, ModelCallError, resolveModel, type ResolvedModel } from '../../../src/models/index.js';
import { messageText, startFakeOpenAI, type FakeOpenAI, type FakeScript } from '../../helpers/fake-openai.js';

/** A fake server, closed when the test ends, and the `compat` model pointed at it. */
async function compatAt(
  t: TestContext,
  script: FakeScript,
): Promise<{ fake: FakeOpenAI; model: ResolvedModel }> {
  const fake = await startFakeOpenAI(script);
  t.after(() => fake.close());
  return { fake, model: resolveModel('compat:fake-model', { baseUrl: fake.url }, {}) };
}

async function callError(promise: Promise<unknown>): Promise<ModelCallError> {
  const error = await promise.then(
    () => assert.fail('expected the call to fail'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ModelCallError, `expected a ModelCallError, got ${String(error)}`);
  return error;
}

test('streamed deltas arrive in order and join to the text; usage is reported', async (t) => {
  const { fake, model } = await compatAt(t, [{ text: 'The quick brown fox' }]);
  const deltas: string[] = [];
  const result = await complete({ model, prompt: 'Say it.', onDelta: (d) => deltas.push(d) });
  assert.deepEqual(deltas, ['The ', 'quick ', 'brown ', 'fox']);
  assert.equal(result.text, 'The quick brown fox');
  assert.deepEqual(result.usage, { inputTokens: 2, outputTokens: 5 });
  assert.equal(fake.requests[0].stream, true);
});

test('without onDelta the answer is asked for whole; the server receives the messages and the temperature', async (t) => {
  const { fake, model } = await compatAt(t, [{ text: 'ok' }]);
  await complete({
    model,
    system: 'You are terse.',
    prompt: 'Hello?',
    temperature: 0.2,
    maxOutputTokens: 50,
  });
  const [sent] = fake.requests;
  assert.equal(sent.model, 'fake-model');
  assert.equal(sent.temperature, 0.2);
  assert.equal(sent.max_tokens, 50);
  assert.ok(!sent.stream, 'nobody takes deltas: no stream');
  assert.deepEqual(
    sent.messages.map((m) => [m.role, messageText(m)]),
    [
      ['system', 'You are terse.'],
      ['user', 'Hello?'],
    ],
  );
});

test('a conversation can be sent as messages', async (t) => {
  const { fake, model } = await compatAt(t, [{ text: 'four' }]);
  await complete({
    model,
    messages: [
      { role: 'user', content: 'two plus two?' },
      { role: 'assistant', content: 'Words or digits?' },
      { role: 'user', content: 'words' },
    ],
  });
  assert.deepEqual(
    fake.requests[0].messages.map((m) => messageText(m)),
    ['two plus two?', 'Words or digits?', 'words'],
  );
});

test('the openai provider works against the same server through OPENAI_BASE_URL', async (t) => {
  const fake = await startFakeOpenAI([{ text: 'from openai' }]);
  t.after(() => fake.close());
  const model = resolveModel(
    'openai:gpt-4o-mini',
    {},
    { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url },
  );
  const result = await complete({ model, prompt: 'hi' });
  assert.equal(result.text, 'from openai');
  assert.equal(fake.headers[0].authorization, 'Bearer sk-test');
  assert.equal(fake.requests[0].model, 'gpt-4o-mini');
});

test('compat sends SKEIN_API_KEY as a bearer token', async (t) => {
  const fake = await startFakeOpenAI([{ text: 'ok' }]);
  t.after(() => fake.close());
  const model = resolveModel('compat:m', {}, { SKEIN_BASE_URL: fake.url, SKEIN_API_KEY: 'local-key' });
  await complete({ model, prompt: 'hi' });
  assert.equal(fake.headers[0].authorization, 'Bearer local-key');
});

test('a 429 with retry-after: 0 is retried and then succeeds', async (t) => {
  const { fake, model } = await compatAt(t, [
    { status: 429, headers: { 'retry-after': '0' } },
    { text: 'finally' },
  ]);
  const result = await complete({ model, prompt: 'hi' });
  assert.equal(result.text, 'finally');
  assert.equal(fake.requests.length, 2);
});

test('a 500 and a 503 are retried until success (the backoff itself: retry-delay.test.ts)', async (t) => {
  const now = { headers: { 'retry-after': '0' } };
  const { fake, model } = await compatAt(t, [
    { status: 500, ...now },
    { status: 503, ...now },
    { text: 'up again' },
  ]);
  const result = await complete({ model, prompt: 'hi' });
  assert.equal(result.text, 'up again');
  assert.equal(fake.requests.length, 3);
});

test('retries stop after maxRetries and the error says how many attempts were made', async (t) => {
  const { fake, model } = await compatAt(t, [
    { status: 503, body: { error: { message: 'overloaded' } }, headers: { 'retry-after': '0' } },
    { status: 503, body: { error: { message: 'still overloaded' } }, headers: { 'retry-after': '0' } },
  ]);
  const error = await callError(complete({ model, prompt: 'hi', maxRetries: 1 }));
  assert.equal(error.message, 'compat:fake-model: HTTP 503: still overloaded (gave up after 2 attempts)');
  assert.equal(error.attempts, 2);
  assert.equal(fake.requests.length, 2);
});

test('a 401 is not retried; the error names the model, the status and the server message', async (t) => {
  const { fake, model } = await compatAt(t, [
    { status: 401, body: { error: { message: 'Incorrect API key provided' } } },
    { text: 'never' },
  ]);
  const error = await callError(complete({ model, prompt: 'hi' }));
  assert.equal(error.message, 'compat:fake-model: HTTP 401: Incorrect API key provided');
  assert.equal(error.status, 401);
  assert.equal(error.modelId, 'compat:fake-model');
  assert.equal(fake.requests.length, 1);
});

test('a plain-text error body is quoted', async (t) => {
  const { model } = await compatAt(t, [{ status: 400, body: 'model "fake-model" not loaded' }]);
  const error = await callError(complete({ model, prompt: 'hi' }));
  assert.equal(error.message, 'compat:fake-model: HTTP 400: model "fake-model" not loaded');
});

test('connection refused says which URL cannot be reached', async () => {
  const port = await closedPort();
  const model = resolveModel('compat:m', { baseUrl: `http://127.0.0.1:${port}/v1` }, {});
  const error = await callError(complete({ model, prompt: 'hi', maxRetries: 0 }));
  assert.equal(
    error.message,
    `compat:m: cannot reach http://127.0.0.1:${port}/v1/chat/completions (connection refused)`,
  );
  assert.doesNotMatch(error.message, /fetch failed/);
});

test('a hanging server times out with a clear message', async (t) => {
  const { model } = await compatAt(t, [{ hang: true }]);
  const error = await callError(complete({ model, prompt: 'hi', timeoutMs: 300 }));
  assert.equal(error.message, 'compat:fake-model: timed out after 300 ms');
});

test('a timeout also cuts a retry backoff short', async (t) => {
  const { fake, model } = await compatAt(t, [
    { status: 429, headers: { 'retry-after': '30' } },
    { text: 'too late' },
  ]);
  const error = await callError(complete({ model, prompt: 'hi', timeoutMs: 300 }));
  assert.match(error.message, /timed out after 300 ms/);
  assert.equal(fake.requests.length, 1);
});

test("cancelling through the caller's signal rejects with the signal's reason", async (t) => {
  const { model } = await compatAt(t, [{ hang: true }]);
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error('user cancelled')), 100);
  await assert.rejects(complete({ model, prompt: 'hi', signal: controller.signal }), /user cancelled/);
});

test('an exhausted script answers 500 with a message saying so', async (t) => {
  const { model } = await compatAt(t, []);
  const error = await callError(complete({ model, prompt: 'hi', maxRetries: 0 }));
  assert.equal(error.message, 'compat:fake-model: HTTP 500: fake server: no scripted reply left');
});

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
