// A run as a trace: `skein run` and `skein resume` export OpenTelemetry spans over OTLP/HTTP to a
// receiver of the test's own, with the model call going to a local chat-completions server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';
import { startFakeOpenAI } from '../../helpers/fake-openai.js';
import { startOtlpReceiver, type ReceivedSpan } from '../../helpers/otlp-receiver.js';

const FIXTURE = join(ROOT, 'test/fixtures/trace');
const INPUT = JSON.stringify({ order: '{"item":"kettle","price":30}', secret: 's3cr3t' });

async function setting(t: import('node:test').TestContext) {
  const home = await mkdtemp(join(tmpdir(), 'skein-trace-'));
  const model = await startFakeOpenAI(() => ({ text: 'Yes, a fine kettle.' }));
  const receiver = await startOtlpReceiver();
  t.after(async () => {
    await model.close();
    await receiver.close();
    await rm(home, { recursive: true, force: true });
  });
  const env = {
    SKEIN_CONFIG: join(FIXTURE, 'skein.yaml'),
    SKEIN_HOME: home,
    SKEIN_MODEL: 'compat:fake-model',
    SKEIN_BASE_URL: model.url,
  };
  const otel = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'skein-test',
  };
  return { env, otel, receiver, model };
}

const named = (spans: ReceivedSpan[], name: string) => {
  const found = spans.filter((s) => s.name === name);
  assert.equal(found.length, 1, `one span "${name}" among ${spans.map((s) => s.name).join(', ')}`);
  return found[0];
};

test('a run with a tool step and a model step is one trace with GenAI attributes, flushed before exit', async (t) => {
  const { env, otel, receiver } = await setting(t);
  const run = await skein(['run', 'review', '--input', INPUT, '--json'], {
    env: { ...env, ...otel, SKEIN_TRACE_CONTENT: '1' },
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout).status, 'awaiting');

  const spans = receiver.spans;
  assert.equal(new Set(spans.map((s) => s.traceId)).size, 1, 'all spans in one trace');
  const root = named(spans, 'run review');
  assert.equal(root.parentSpanId, undefined);
  assert.equal(root.service, 'skein-test');
  assert.equal(root.attributes['skein.skill.id'], 'review');
  assert.equal(root.attributes['skein.skill.version'], '1.0.0');
  assert.equal(root.attributes['skein.skill.dialect'], 'aegis');
  assert.equal(root.attributes['skein.run.status'], 'awaiting');
  assert.match(String(root.attributes['skein.run.input']), /"secret":"\[redacted\]"/);

  const pick = named(spans, 'step pick');
  const judge = named(spans, 'step judge');
  assert.equal(pick.parentSpanId, root.spanId);
  assert.equal(judge.parentSpanId, root.spanId);

  const tool = named(spans, 'execute_tool json_select');
  assert.equal(tool.parentSpanId, pick.spanId);
  assert.equal(tool.attributes['gen_ai.operation.name'], 'execute_tool');
  assert.equal(tool.attributes['gen_ai.tool.name'], 'json_select');
  assert.match(String(tool.attributes['gen_ai.tool.call.arguments']), /"path":"item"/);
  assert.match(String(tool.attributes['gen_ai.tool.call.result']), /kettle/);

  const chat = named(spans, 'chat fake-model');
  assert.equal(chat.parentSpanId, judge.spanId);
  assert.equal(chat.kind, 3, 'a client span');
  assert.equal(chat.attributes['gen_ai.operation.name'], 'chat');
  assert.equal(chat.attributes['gen_ai.provider.name'], 'compat');
  assert.equal(chat.attributes['gen_ai.request.model'], 'fake-model');
  assert.ok(Number(chat.attributes['gen_ai.usage.input_tokens']) > 0);
  assert.ok(Number(chat.attributes['gen_ai.usage.output_tokens']) > 0);
  assert.deepEqual(chat.attributes['gen_ai.response.finish_reasons'], ['stop']);
  assert.match(String(chat.attributes['gen_ai.input.messages']), /Is kettle a good buy\?/);
  assert.match(String(chat.attributes['gen_ai.output.messages']), /a fine kettle/);
});

test('a resumed run is a new trace whose run span links to the run’s first one; inspect --trace draws both', async (t) => {
  const { env, otel, receiver } = await setting(t);
  const run = await skein(['run', 'review', '--input', INPUT, '--json'], { env: { ...env, ...otel } });
  const { runId } = JSON.parse(run.stdout);
  const first = named(receiver.spans, 'run review');
  // Content is off: no prompt, answer or tool data in the spans.
  const chat = named(receiver.spans, 'chat fake-model');
  assert.equal(chat.attributes['gen_ai.input.messages'], undefined);
  assert.equal(
    named(receiver.spans, 'execute_tool json_select').attributes['gen_ai.tool.call.arguments'],
    undefined,
  );

  receiver.spans.length = 0;
  const resumed = await skein(['resume', runId, '--input', '{"ok":true}', '--json'], {
    env: { ...env, ...otel },
  });
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.equal(JSON.parse(resumed.stdout).status, 'completed');
  const second = named(receiver.spans, 'run review');
  assert.notEqual(second.traceId, first.traceId);
  assert.deepEqual(second.links, [{ traceId: first.traceId, spanId: first.spanId }]);
  assert.equal(second.attributes['skein.run.resumed'], true);
  assert.equal(second.attributes['skein.run.status'], 'completed');
  assert.equal(named(receiver.spans, 'step finish').parentSpanId, second.spanId);

  const tree = await skein(['inspect', runId, '--trace'], { env });
  assert.equal(tree.code, 0, tree.stderr);
  const lines = tree.stdout.split('\n');
  assert.equal(lines.filter((l) => /run review/.test(l)).length, 2, tree.stdout);
  assert.match(tree.stdout, /awaiting/);
  assert.match(tree.stdout, /└─ execute_tool json_select/);
  assert.match(tree.stdout, /chat compat:fake-model .*\(\d+ in \/ \d+ out, stop\)/);
  assert.match(tree.stdout, /usage {2}1 model call, \d+ in \/ \d+ out tokens, ~\$0\.\d{4}/);

  const json = JSON.parse((await skein(['inspect', runId, '--trace', '--json'], { env })).stdout);
  assert.equal(json.trace.length, 2);
  assert.equal(json.trace[1].status, 'ok');
  assert.equal(json.usage.calls, 1);
  const { inputTokens, outputTokens } = json.usage;
  assert.equal(json.usage.costUsd, (inputTokens * 2 + outputTokens * 8) / 1e6);
});

test('without an endpoint nothing is exported and no content is stored; http/protobuf is sent as protobuf', async (t) => {
  const { env, otel, receiver } = await setting(t);
  const plain = await skein(['run', 'review', '--input', INPUT, '--json'], { env });
  assert.equal(plain.code, 0, plain.stderr);
  const { runId } = JSON.parse(plain.stdout);
  const events = JSON.parse((await skein(['inspect', runId, '--json'], { env })).stdout).events;
  const usage = events.find((e: { type: string }) => e.type === 'llm_usage');
  assert.equal(usage.prompt, undefined);
  assert.equal(usage.answer, undefined);
  assert.equal(usage.finishReason, 'stop');
  assert.equal(typeof usage.ms, 'number');
  assert.equal(receiver.requests.length, 0);

  const proto = await skein(['run', 'review', '--input', INPUT, '--json'], {
    env: { ...env, ...otel, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' },
  });
  assert.equal(proto.code, 0, proto.stderr);
  assert.ok(receiver.requests.length >= 1);
  assert.equal(receiver.requests[0].headers['content-type'], 'application/x-protobuf');
  assert.ok(receiver.requests[0].bytes > 100);
});

test('a wrong protocol is a clear error, not a stack trace', async (t) => {
  const { env, otel } = await setting(t);
  const bad = await skein(['run', 'review', '--input', INPUT], {
    env: { ...env, ...otel, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
  });
  assert.notEqual(bad.code, 0);
  assert.match(
    bad.stderr,
    /OTEL_EXPORTER_OTLP_PROTOCOL is "grpc": Skein exports traces over "http\/protobuf" or "http\/json"/,
  );
  assert.doesNotMatch(bad.stderr, /\n\s+at /);
});
