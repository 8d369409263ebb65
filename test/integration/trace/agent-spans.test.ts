// An engine skill's agent as a trace: an `invoke_agent` span with its model calls and tool calls under
// it, and the recorded prompt and answer when content is on.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { openTracing } from '../../../src/trace/index.js';
import { closePython, EXAMPLE, harness, loadSkills } from '../../helpers/engine-harness.js';

after(closePython);

test('an agent is an invoke_agent span over its chat and execute_tool spans', async (t) => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracing = await openTracing(
    { content: true, redact: [], prices: {}, flushTimeoutMs: 1000 },
    provider.getTracer('test'),
  );
  const [skill] = (await loadSkills(join(EXAMPLE, '.skills'))).filter((s) => s.id === 'loan-intake');
  const h = await harness(
    [
      { text: '收到。', toolCalls: [{ name: 'file__parse', arguments: { file_id: 'iou' } }] },
      {
        text: JSON.stringify({
          response: '收案完成。',
          profile: { intake_status: 'completed' },
          data: {},
          control: { action: 'continue' },
        }),
      },
    ],
    { tracer: tracing!.tracer },
  );
  t.after(() => h.close());
  const result = await h.runtime.start(skill, {
    message: '借条在此',
    matter_id: 'm-1',
    attachment_file_ids: ['iou'],
    profile: {},
  });
  assert.notEqual(result.status, 'failed', JSON.stringify(result.error));

  const spans = exporter.getFinishedSpans();
  const agent = spans.find((s) => s.name === 'invoke_agent loan-intake');
  assert.ok(agent, spans.map((s) => s.name).join(', '));
  assert.equal(agent.attributes['gen_ai.operation.name'], 'invoke_agent');
  assert.equal(agent.attributes['gen_ai.agent.name'], 'loan-intake');
  const under = spans.filter((s) => s.parentSpanContext?.spanId === agent.spanContext().spanId);
  const tool = under.find((s) => s.name === 'execute_tool file__parse');
  assert.ok(tool, under.map((s) => s.name).join(', '));
  assert.match(String(tool.attributes['gen_ai.tool.call.arguments']), /"file_id":"iou"/);
  const chat = under.find((s) => s.name === 'chat fake-model');
  assert.ok(chat);
  assert.equal(chat.attributes['gen_ai.provider.name'], 'compat');
  assert.match(String(chat.attributes['gen_ai.system_instructions']), /response/);
  assert.match(String(chat.attributes['gen_ai.input.messages']), /借条在此/);
  assert.match(String(chat.attributes['gen_ai.output.messages']), /收案完成/);
});
