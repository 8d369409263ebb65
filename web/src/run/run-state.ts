import type { AwaitRequest, RunError, RunEvent } from '../api/types.js';

export type NodeState = 'running' | 'finished' | 'skipped' | 'failed' | 'awaiting';

/** One step of a run as the step list shows it: one per node attempt. */
export interface Step {
  node: string;
  kind: string;
  attempt: number;
  state: NodeState;
  startedAt?: string;
  ms?: number;
  /** Model text streamed by the step. */
  text: string;
  tools: { tool: string; input: unknown; output?: unknown; ms?: number; refused?: string }[];
  usage: { model: string; inputTokens?: number; outputTokens?: number }[];
  /** An agent's answers that were rejected: why, and whether it went back to the model. */
  rejected: { code: string; problems: string[]; answer: string; willRetry: boolean }[];
  logs: string[];
  error?: string;
  willRetry?: boolean;
  skipped?: string;
  value?: unknown;
}

/** What the run view shows, folded from the run's events in order. */
export interface RunState {
  status: 'running' | 'awaiting' | 'completed' | 'failed';
  nodes: Record<string, NodeState>;
  steps: Step[];
  output?: unknown;
  error?: RunError;
  await?: AwaitRequest;
  tokens: { input: number; output: number };
}

export const EMPTY_RUN: RunState = {
  status: 'running',
  nodes: {},
  steps: [],
  tokens: { input: 0, output: 0 },
};

/** The state after one more event (a pure function: the view keeps the fold of every event seen). */
export function applyEvent(state: RunState, event: RunEvent): RunState {
  const next: RunState = { ...state };
  const node = 'node' in event ? event.node : undefined;
  const current = () => [...next.steps].reverse().find((s) => s.node === node);
  const update = (patch: (s: Step) => Step) => {
    const step = current();
    if (step) next.steps = next.steps.map((s) => (s === step ? patch(s) : s));
  };
  switch (event.type) {
    case 'run_started':
    case 'resumed':
      next.status = 'running';
      next.await = undefined;
      break;
    case 'node_started':
      next.nodes = { ...next.nodes, [node!]: 'running' };
      // A paused step starts again when it is answered: it goes on in the same entry.
      if (current()?.state === 'awaiting') {
        update((s) => ({ ...s, state: 'running' }));
        break;
      }
      next.steps = [
        ...next.steps,
        {
          node: node!,
          kind: String(event.kind),
          attempt: Number(event.attempt ?? 1),
          state: 'running',
          startedAt: event.at,
          text: '',
          tools: [],
          usage: [],
          rejected: [],
          logs: [],
        },
      ];
      break;
    case 'node_finished':
      next.nodes = { ...next.nodes, [node!]: 'finished' };
      // A model's text is streamed live only: a replayed llm step shows the text it finished with.
      update((s) => ({
        ...s,
        state: 'finished',
        ms: Number(event.ms),
        value: event.value,
        text: s.text || (s.kind === 'llm' && typeof event.value === 'string' ? event.value : ''),
      }));
      break;
    case 'node_skipped':
      next.nodes = { ...next.nodes, [node!]: 'skipped' };
      next.steps = [
        ...next.steps,
        {
          node: node!,
          kind: '',
          attempt: 0,
          state: 'skipped',
          skipped: String(event.reason),
          text: '',
          tools: [],
          usage: [],
          rejected: [],
          logs: [],
        },
      ];
      break;
    case 'node_failed':
      next.nodes = { ...next.nodes, [node!]: 'failed' };
      update((s) => ({
        ...s,
        state: 'failed',
        error: String(event.error),
        willRetry: Boolean(event.willRetry),
      }));
      break;
    case 'llm_delta':
      update((s) => ({ ...s, text: s.text + String(event.text) }));
      break;
    case 'llm_usage':
      next.tokens = {
        input: next.tokens.input + Number(event.inputTokens ?? 0),
        output: next.tokens.output + Number(event.outputTokens ?? 0),
      };
      update((s) => ({
        ...s,
        usage: [
          ...s.usage,
          {
            model: String(event.model),
            inputTokens: event.inputTokens as number,
            outputTokens: event.outputTokens as number,
          },
        ],
      }));
      break;
    case 'tool_started':
      update((s) => ({ ...s, tools: [...s.tools, { tool: String(event.tool), input: event.input }] }));
      break;
    case 'tool_finished':
      update((s) => {
        const i = s.tools.map((t) => t.tool === event.tool && t.output === undefined).lastIndexOf(true);
        const tools = [...s.tools];
        if (i >= 0) tools[i] = { ...tools[i], output: event.output, ms: Number(event.ms) };
        else
          tools.push({
            tool: String(event.tool),
            input: undefined,
            output: event.output,
            ms: Number(event.ms),
          });
        return { ...s, tools };
      });
      break;
    case 'tool_refused':
      update((s) => ({
        ...s,
        tools: [...s.tools, { tool: String(event.tool), input: event.input, refused: String(event.reason) }],
      }));
      break;
    case 'answer_rejected':
      update((s) => ({
        ...s,
        // The rejected answer's streamed text is not the step's answer: the next one streams anew.
        text: '',
        rejected: [
          ...s.rejected,
          {
            code: String(event.code),
            problems: (event.problems as string[]) ?? [],
            answer: String(event.answer),
            willRetry: Boolean(event.willRetry),
          },
        ],
      }));
      break;
    case 'log':
      update((s) => ({ ...s, logs: [...s.logs, String(event.text)] }));
      break;
    case 'awaiting': {
      const request = event.request as AwaitRequest & { node?: string };
      next.status = 'awaiting';
      next.await = request;
      const waiting = request.node ?? request.step;
      next.nodes = { ...next.nodes, [waiting]: 'awaiting' };
      next.steps = next.steps.map((s) =>
        s.node === waiting && s.state === 'running' ? { ...s, state: 'awaiting' } : s,
      );
      break;
    }
    case 'completed':
      next.status = 'completed';
      next.output = event.output;
      break;
    case 'failed':
      next.status = 'failed';
      next.error = event.error as RunError;
      break;
  }
  return next;
}
