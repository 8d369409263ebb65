// A start that finds its idempotency key held makes no run, and so no span: only the first start is traced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { compileAegis } from '../../../src/dialects/aegis/compile.js';
import type { Skill } from '../../../src/ir/skill.js';
import { Runtime } from '../../../src/runtime/index.js';
import { MemoryRunStore } from '../../../src/store/in-memory.js';
import { createOtelRunTracer } from '../../../src/trace/otel-run-tracer.js';

const GREET = join(import.meta.dirname, '../../fixtures/server/skills/greet.md');

test('a repeated start with an idempotency key is not traced, and its events reach no listener', async () => {
  const skill = compileAegis(GREET, readFileSync(GREET, 'utf8')).skills[0] as Skill;
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = createOtelRunTracer(provider.getTracer('t'), { content: false, redact: [] });
  const runtime = new Runtime({ store: new MemoryRunStore(), tracer });
  const heard: string[] = [];
  const onEvent = (e: { runId: string }) => heard.push(e.runId);
  const first = await runtime.start(skill, { name: 'Bo' }, { idempotencyKey: 'k', onEvent });
  const heardFirst = heard.length;
  const second = await runtime.start(skill, { name: 'Bo' }, { idempotencyKey: 'k', onEvent });
  assert.deepEqual(second, first);
  assert.equal(heard.length, heardFirst, 'the second start told nothing');
  const runSpans = exporter.getFinishedSpans().filter((s) => s.name.startsWith('run '));
  assert.deepEqual(
    runSpans.map((s) => s.attributes['skein.run.id']),
    [first.runId],
  );
  await provider.shutdown();
});
