import type { RunEvent } from '../runtime/index.js';

/** A span of a stored run, drawn from its events: times in ms since the epoch. */
export interface TraceSpan {
  name: string;
  kind: 'run' | 'step' | 'agent' | 'chat' | 'tool';
  start: number;
  /** Absent while the span is still open (a run that is running). */
  end?: number;
  status: 'ok' | 'error' | 'awaiting' | 'open';
  attributes: Record<string, string | number | boolean>;
  children: TraceSpan[];
}

/**
 * The trace of a run as its stored events tell it: one root span per part of the run (the start, and
 * each resume after a pause), steps under it, model and tool calls under their steps.
 */
export function traceOfRun(events: readonly RunEvent[]): TraceSpan[] {
  const parts: TraceSpan[] = [];
  let part: TraceSpan | undefined;
  let skill = '';
  const steps = new Map<string, TraceSpan>();
  const tools = new Map<string, TraceSpan[]>();
  const open = (at: number): TraceSpan => {
    if (part && part.status === 'open') return part;
    part = span(`run ${skill}`, 'run', at, { 'skein.run.resumed': parts.length > 0 });
    parts.push(part);
    return part;
  };
  const close = (at: number, status: TraceSpan['status']) => {
    if (!part) return;
    for (const s of steps.values()) closeSpan(s, at, 'open');
    steps.clear();
    closeSpan(part, at, status);
  };
  for (const event of events) {
    const at = Date.parse(event.at);
    switch (event.type) {
      case 'run_started':
        skill = event.skill;
        open(at).attributes['skein.skill.version'] = event.version;
        break;
      case 'node_started': {
        const run = open(at);
        const agent = event.kind === 'agent';
        const step = span(
          agent ? `invoke_agent ${event.node}` : `step ${event.node}`,
          agent ? 'agent' : 'step',
          at,
          {
            'skein.node.kind': event.kind,
            'skein.node.attempt': event.attempt,
          },
        );
        run.children.push(step);
        steps.set(event.node, step);
        break;
      }
      case 'node_finished':
        closeSpan(steps.get(event.node), at, 'ok');
        steps.delete(event.node);
        break;
      case 'node_failed': {
        const step = steps.get(event.node);
        if (step) step.attributes['error.message'] = event.error;
        closeSpan(step, at, 'error');
        steps.delete(event.node);
        // Tool calls the failed attempt left unanswered (its worker died) end with it, not with the next.
        for (const [key, calls] of tools)
          if (key.startsWith(`${event.node}\u0000`)) {
            for (const call of calls) closeSpan(call, at, 'error');
            tools.delete(key);
          }
        break;
      }
      case 'llm_usage': {
        const chat = span(`chat ${event.model}`, 'chat', at - (event.ms ?? 0), {
          'gen_ai.request.model': event.model,
        });
        if (event.inputTokens !== undefined) chat.attributes['gen_ai.usage.input_tokens'] = event.inputTokens;
        if (event.outputTokens !== undefined)
          chat.attributes['gen_ai.usage.output_tokens'] = event.outputTokens;
        if (event.finishReason) chat.attributes['gen_ai.response.finish_reasons'] = event.finishReason;
        closeSpan(chat, at, 'ok');
        (steps.get(event.node) ?? open(at)).children.push(chat);
        break;
      }
      case 'tool_started': {
        const tool = span(`execute_tool ${event.tool}`, 'tool', at, { 'gen_ai.tool.name': event.tool });
        (steps.get(event.node) ?? open(at)).children.push(tool);
        const key = `${event.node}\u0000${event.tool}`;
        tools.set(key, [...(tools.get(key) ?? []), tool]);
        break;
      }
      case 'tool_finished':
        closeSpan(tools.get(`${event.node}\u0000${event.tool}`)?.shift(), at, 'ok');
        break;
      case 'tool_refused': {
        const tool = span(`execute_tool ${event.tool}`, 'tool', at, {
          'error.message': `refused: ${event.reason}`,
        });
        closeSpan(tool, at, 'error');
        (steps.get(event.node) ?? open(at)).children.push(tool);
        break;
      }
      case 'awaiting':
        close(at, 'awaiting');
        break;
      case 'completed':
        close(at, 'ok');
        break;
      case 'failed':
        if (part) part.attributes['error.message'] = event.error.message;
        close(at, 'error');
        break;
    }
  }
  return parts;
}

function span(
  name: string,
  kind: TraceSpan['kind'],
  start: number,
  attributes: TraceSpan['attributes'],
): TraceSpan {
  return { name, kind, start, status: 'open', attributes, children: [] };
}

function closeSpan(s: TraceSpan | undefined, at: number, status: TraceSpan['status']): void {
  if (!s || s.status !== 'open') return;
  s.end = at;
  s.status = status;
}
