import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunEvent, RunEventBody } from '../../events.js';
import type { RunSegment, RunTracer } from '../tracer.js';
import type { SuiteOptions } from './fixtures.js';

/** A finished span as the suite reads it, whatever the tracing library. */
export interface SpanView {
  name: string;
  traceId: string;
  spanId: string;
  /** The span it is a child of, if any. */
  parentSpanId?: string;
  /** Span ids this span links to. */
  links: string[];
  error: boolean;
}

/** A tracer as the suite opens it, with the spans it has finished so far. */
export interface TracerUnderTest {
  tracer: RunTracer;
  spans(): Promise<SpanView[]>;
  close?(): Promise<void>;
}

/** Feeds a run's events to a traced segment, numbered from `seq`. */
function feed(listener: (event: RunEvent) => void, runId: string, bodies: RunEventBody[], seq = 0): void {
  for (const body of bodies)
    listener({ ...body, runId, seq: seq++, at: new Date().toISOString() } as RunEvent);
}

const segment = (runId: string, extra: Partial<RunSegment> = {}): RunSegment => ({
  runId,
  skill: 'suite',
  version: '1.0.0',
  dialect: 'aegis',
  ...extra,
});

/**
 * The run tracer's conformance suite (the RunTracer port, src/runtime/ports/tracer.ts): a run's part
 * is one span with a child span per step, a failure marks the run's span as an error, a resumed part
 * links to where the run was first traced, and a child run is traced under its parent. ARCHITECTURE.md,
 * Ports and their suites.
 */
export function runTracerSuite(open: () => Promise<TracerUnderTest>, options: SuiteOptions): void {
  describe(`${options.name} run tracer`, { skip: options.skip || undefined }, () => {
    const withTracer = async (use: (t: TracerUnderTest) => Promise<void>) => {
      const t = await open();
      try {
        await use(t);
      } finally {
        await t.close?.();
      }
    };

    test('a run is one span, with a child span per step', () =>
      withTracer(async ({ tracer, spans }) => {
        const { listener, ref } = tracer.begin(segment('r1'));
        feed(listener, 'r1', [
          { type: 'run_started', skill: 'suite', version: '1.0.0', input: {} },
          { type: 'node_started', node: 'a', kind: 'template', attempt: 1 },
          { type: 'node_finished', node: 'a', kind: 'template', ms: 1 },
          { type: 'node_started', node: 'b', kind: 'tool', attempt: 1 },
          { type: 'node_finished', node: 'b', kind: 'tool', ms: 2 },
          { type: 'completed', output: {} },
        ]);
        const all = await spans();
        const run = all.find((s) => s.spanId === ref?.spanId);
        assert.ok(run, `the first part's ref names its span: ${JSON.stringify(all)}`);
        assert.equal(run.error, false);
        const steps = all.filter((s) => s.parentSpanId === run.spanId);
        assert.equal(steps.length, 2);
        assert.ok(steps.every((s) => s.traceId === run.traceId && !s.error));
      }));

    test('a failed step and a failed run are errors', () =>
      withTracer(async ({ tracer, spans }) => {
        const { listener, ref } = tracer.begin(segment('r2'));
        feed(listener, 'r2', [
          { type: 'run_started', skill: 'suite', version: '1.0.0', input: {} },
          { type: 'node_started', node: 'a', kind: 'tool', attempt: 1 },
          { type: 'node_failed', node: 'a', error: 'it broke', attempt: 1, willRetry: false },
          { type: 'failed', error: { code: 'node_failed', message: 'it broke', step: 'a' } },
        ]);
        const all = await spans();
        const run = all.find((s) => s.spanId === ref?.spanId)!;
        assert.equal(run.error, true);
        assert.equal(all.filter((s) => s.parentSpanId === run.spanId && s.error).length, 1);
      }));

    test('a resumed part links to where the run was first traced', () =>
      withTracer(async ({ tracer, spans }) => {
        const first = tracer.begin(segment('r3'));
        feed(first.listener, 'r3', [
          { type: 'run_started', skill: 'suite', version: '1.0.0', input: {} },
          { type: 'awaiting', request: { step: 'ask', message: 'ok?', inputSchema: { type: 'object' } } },
        ]);
        assert.ok(first.ref, 'the first part gives a ref to store with run_started');
        const second = tracer.begin(segment('r3', { first: first.ref }));
        feed(
          second.listener,
          'r3',
          [
            { type: 'resumed', node: 'ask', input: {} },
            { type: 'completed', output: {} },
          ],
          2,
        );
        const all = await spans();
        const resumed = all.find(
          (s) => s.spanId !== first.ref!.spanId && s.links.includes(first.ref!.spanId),
        );
        assert.ok(resumed, JSON.stringify(all));
        assert.equal(resumed.parentSpanId, undefined, 'a resumed part is a root of its own');
      }));

    test('a child run is traced under the run that called it', () =>
      withTracer(async ({ tracer, spans }) => {
        const parent = tracer.begin(segment('p'));
        feed(parent.listener, 'p', [
          { type: 'run_started', skill: 'suite', version: '1.0.0', input: {} },
          { type: 'node_started', node: 'call', kind: 'call', attempt: 1 },
        ]);
        const child = tracer.begin(segment('c', { parentRunId: 'p' }));
        feed(child.listener, 'c', [
          { type: 'run_started', skill: 'suite', version: '1.0.0', input: {} },
          { type: 'completed', output: {} },
        ]);
        feed(
          parent.listener,
          'p',
          [
            { type: 'node_finished', node: 'call', kind: 'call', ms: 3 },
            { type: 'completed', output: {} },
          ],
          2,
        );
        const all = await spans();
        const root = all.find((s) => s.spanId === parent.ref?.spanId)!;
        const childRun = all.find(
          (s) =>
            s.parentSpanId !== undefined &&
            all.some((p) => p.spanId === s.parentSpanId && p.parentSpanId === root.spanId),
        );
        assert.ok(childRun, `the child run's span sits under the parent's step: ${JSON.stringify(all)}`);
        assert.equal(childRun.traceId, root.traceId);
      }));
  });
}
