import {
  context,
  isSpanContextValid,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { RunEvent, RunSegment, RunTracer, TracedSegment } from '../runtime/index.js';
import { GEN_AI, splitModel } from './gen-ai.js';
import { asAttribute } from './redact.js';

export interface OtelRunTracerOptions {
  /** Record prompts, answers, tool arguments and results, run input and output as span attributes. */
  content: boolean;
  /** Keys whose values are redacted in recorded content. */
  redact: readonly string[];
}

/** A part of a run being traced: its run span and the spans still open under it. */
interface LiveSegment {
  run: Span;
  steps: Map<string, { span: Span; kind: string }>;
  tools: Map<string, Span[]>;
}

/**
 * Turns runs into OpenTelemetry spans as their events happen, following the GenAI conventions: a span
 * per part of a run (start, or resume linked to the start), per step (`invoke_agent` for agents), a
 * `chat <model>` span per model call and an `execute_tool <name>` span per tool call.
 */
export function createOtelRunTracer(tracer: Tracer, options: OtelRunTracerOptions): RunTracer {
  const keys = new Set(options.redact);
  const live = new Map<string, LiveSegment>();
  const content = (value: unknown) => asAttribute(value, keys);

  return {
    begin(segment: RunSegment): TracedSegment {
      const parent = parentContext(live.get(segment.parentRunId ?? ''));
      const run = tracer.startSpan(
        `run ${segment.skill}`,
        {
          kind: SpanKind.INTERNAL,
          attributes: {
            'skein.run.id': segment.runId,
            'skein.skill.id': segment.skill,
            'skein.skill.version': segment.version,
            'skein.skill.dialect': segment.dialect,
            'skein.run.resumed': segment.first !== undefined,
            [GEN_AI.conversationId]: segment.runId,
          },
          links: segment.first
            ? [
                {
                  context: { ...segment.first, traceFlags: TraceFlags.SAMPLED, isRemote: true },
                  attributes: { 'skein.link': 'run started' },
                },
              ]
            : [],
        },
        parent,
      );
      // Not recorded (no SDK registered, or sampled out): its children would not be either.
      if (!run.isRecording()) return { listener: () => {} };
      const state: LiveSegment = { run, steps: new Map(), tools: new Map() };
      live.set(segment.runId, state);
      const spanContext = run.spanContext();
      const ref =
        !segment.first && isSpanContextValid(spanContext)
          ? { traceId: spanContext.traceId, spanId: spanContext.spanId }
          : undefined;
      const under = (node: string): Context =>
        trace.setSpan(context.active(), state.steps.get(node)?.span ?? run);
      const end = () => {
        for (const { span } of state.steps.values()) span.end();
        for (const spans of state.tools.values()) for (const span of spans) span.end();
        run.end();
        live.delete(segment.runId);
      };

      const listener = (event: RunEvent): void => {
        switch (event.type) {
          case 'run_started':
            if (options.content) run.setAttribute('skein.run.input', content(event.input));
            break;
          case 'node_started': {
            const agent = event.kind === 'agent';
            const attributes: Attributes = {
              'skein.node.id': event.node,
              'skein.node.kind': event.kind,
              'skein.node.attempt': event.attempt,
            };
            if (agent)
              Object.assign(attributes, {
                [GEN_AI.operation]: 'invoke_agent',
                [GEN_AI.agentName]: event.node,
              });
            const span = tracer.startSpan(
              agent ? `invoke_agent ${event.node}` : `step ${event.node}`,
              { attributes },
              trace.setSpan(context.active(), run),
            );
            state.steps.get(event.node)?.span.end();
            state.steps.set(event.node, { span, kind: event.kind });
            break;
          }
          case 'node_finished': {
            const step = state.steps.get(event.node);
            if (options.content && event.value !== undefined)
              step?.span.setAttribute('skein.node.output', content(event.value));
            step?.span.end();
            state.steps.delete(event.node);
            break;
          }
          case 'node_failed': {
            const step = state.steps.get(event.node);
            step?.span.setStatus({ code: SpanStatusCode.ERROR, message: event.error });
            step?.span.setAttribute('error.type', event.willRetry ? 'retried' : 'failed');
            step?.span.end();
            state.steps.delete(event.node);
            break;
          }
          case 'llm_usage': {
            const { provider, name } = splitModel(event.model);
            const attributes: Attributes = {
              [GEN_AI.operation]: 'chat',
              [GEN_AI.provider]: provider,
              [GEN_AI.requestModel]: name,
              [GEN_AI.responseModel]: name,
            };
            if (event.inputTokens !== undefined) attributes[GEN_AI.inputTokens] = event.inputTokens;
            if (event.outputTokens !== undefined) attributes[GEN_AI.outputTokens] = event.outputTokens;
            if (event.finishReason) attributes[GEN_AI.finishReasons] = [event.finishReason];
            if (event.system !== undefined)
              attributes[GEN_AI.systemInstructions] = JSON.stringify([
                { type: 'text', content: event.system },
              ]);
            if (event.prompt !== undefined)
              attributes[GEN_AI.inputMessages] = JSON.stringify([
                { role: 'user', parts: [{ type: 'text', content: event.prompt }] },
              ]);
            if (event.answer !== undefined)
              attributes[GEN_AI.outputMessages] = JSON.stringify([
                {
                  role: 'assistant',
                  parts: [{ type: 'text', content: event.answer }],
                  finish_reason: event.finishReason ?? 'stop',
                },
              ]);
            const now = Date.now();
            tracer
              .startSpan(
                `chat ${name}`,
                { kind: SpanKind.CLIENT, attributes, startTime: now - (event.ms ?? 0) },
                under(event.node),
              )
              .end(now);
            break;
          }
          case 'tool_started': {
            const attributes: Attributes = {
              [GEN_AI.operation]: 'execute_tool',
              [GEN_AI.toolName]: event.tool,
            };
            if (options.content) attributes[GEN_AI.toolArguments] = content(event.input);
            const span = tracer.startSpan(`execute_tool ${event.tool}`, { attributes }, under(event.node));
            const key = `${event.node}\u0000${event.tool}`;
            state.tools.set(key, [...(state.tools.get(key) ?? []), span]);
            break;
          }
          case 'tool_finished': {
            const key = `${event.node}\u0000${event.tool}`;
            const span = state.tools.get(key)?.shift();
            if (options.content) span?.setAttribute(GEN_AI.toolResult, content(event.output));
            span?.end();
            break;
          }
          case 'tool_refused': {
            const span = tracer.startSpan(
              `execute_tool ${event.tool}`,
              { attributes: { [GEN_AI.operation]: 'execute_tool', [GEN_AI.toolName]: event.tool } },
              under(event.node),
            );
            span.setStatus({ code: SpanStatusCode.ERROR, message: `refused: ${event.reason}` });
            span.setAttribute('error.type', 'refused');
            span.end();
            break;
          }
          case 'resumed':
            run.addEvent('resumed', { 'skein.node.id': event.node });
            break;
          case 'awaiting':
            run.setAttribute('skein.run.status', 'awaiting');
            run.addEvent('awaiting', { 'skein.node.id': event.request.node ?? event.request.step });
            end();
            break;
          case 'completed':
            run.setAttribute('skein.run.status', 'completed');
            if (options.content) run.setAttribute('skein.run.output', content(event.output));
            end();
            break;
          case 'failed':
            run.setAttribute('skein.run.status', 'failed');
            run.setAttribute('error.type', event.error.code);
            run.setStatus({ code: SpanStatusCode.ERROR, message: event.error.message });
            end();
            break;
        }
      };
      // A segment discarded is never ended, so never exported.
      const discard = () => void live.delete(segment.runId);
      return ref ? { listener, ref, discard } : { listener, discard };
    },
  };
}

/** Where a run's span goes: under the `call` step of the run that started it, else the caller's context. */
function parentContext(parent: LiveSegment | undefined): Context {
  if (!parent) return context.active();
  let call: Span | undefined;
  for (const step of parent.steps.values()) if (step.kind === 'call') call = step.span;
  return trace.setSpan(context.active(), call ?? parent.run);
}
