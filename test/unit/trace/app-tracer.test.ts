// An app that embeds Skein passes its own OpenTelemetry tracer: runs become spans of the app's
// provider, a child run (a composite's step calling another skill) nested under the step that called it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { loadConfig } from '../../../src/config/load-config.js';
import { openSkein } from '../../../src/index.js';

const SKILLS = join(import.meta.dirname, '../../fixtures/skilljson/run');

test('runs and their child runs become spans of the tracer an app passes', async (t) => {
  const home = await mkdtemp(join(tmpdir(), 'skein-app-tracer-'));
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const config = loadConfig(home, { SKEIN_HOME: home, SKEIN_SKILLS: SKILLS, SKEIN_STORE: 'memory' });
  const skein = openSkein({ config, tracer: provider.getTracer('app') });
  t.after(async () => {
    await skein.close();
    await provider.shutdown();
    await rm(home, { recursive: true, force: true });
  });

  const result = await skein.run('chain', { words: ['a', 'b', 'c'] });
  assert.equal(result.status, 'completed');
  const spans = exporter.getFinishedSpans();
  const byName = (name: string) => spans.filter((s) => s.name === name);
  const [root] = byName('run chain');
  assert.ok(root, spans.map((s) => s.name).join(', '));
  assert.equal(root.attributes['skein.skill.dialect'], 'skilljson');
  assert.equal(root.attributes['skein.run.status'], 'completed');
  const first = byName('step first')[0];
  assert.equal(first.parentSpanContext?.spanId, root.spanContext().spanId);
  const echoes = byName('run echo');
  assert.equal(echoes.length, 2, 'the guarded third step did not run');
  assert.ok(echoes.every((s) => s.spanContext().traceId === root.spanContext().traceId));
  assert.equal(echoes[0].parentSpanContext?.spanId, first.spanContext().spanId);
  assert.equal(byName('step loud').length, 0);
  // Content is off by default: no input or output on the spans.
  assert.equal(root.attributes['skein.run.input'], undefined);
});

test('without a tracer and without an OTLP endpoint, runs store no trace reference', async (t) => {
  const home = await mkdtemp(join(tmpdir(), 'skein-app-tracer-'));
  const config = loadConfig(home, { SKEIN_HOME: home, SKEIN_SKILLS: SKILLS, SKEIN_STORE: 'memory' });
  const skein = openSkein({ config });
  t.after(async () => {
    await skein.close();
    await rm(home, { recursive: true, force: true });
  });
  const { runId } = await skein.run('chain', { words: ['a'] });
  const [started] = await skein.events(runId);
  assert.equal(started.type, 'run_started');
  assert.equal('trace' in started, false);
});
