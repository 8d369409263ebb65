import type { RunEvent } from '../runtime/index.js';
import { count } from '../tokens/index.js';
import type { Expectations } from './case.js';
import { messageText, type ChatRequest } from './fake-openai.js';

/** The corpus scenarios' event names, and the runtime events each stands for. */
const EVENT_ALIASES: Readonly<Record<string, readonly string[]>> = {
  skill_start: ['node_started'],
  delta: ['llm_delta'],
  tool_start: ['tool_started'],
  tool_end: ['tool_finished'],
  card: ['awaiting'],
  end: ['completed', 'failed', 'awaiting'],
};

/** Why `actual` does not contain `expected` (objects as subsets, arrays element by element), or undefined. */
export function subsetMismatch(expected: unknown, actual: unknown, path = ''): string | undefined {
  const here = path || '(value)';
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${here}: expected a list, got ${show(actual)}`;
    if (actual.length !== expected.length)
      return `${here}: expected ${expected.length} items, got ${actual.length}: ${show(actual)}`;
    for (let i = 0; i < expected.length; i++) {
      const m = subsetMismatch(expected[i], actual[i], `${path}[${i}]`);
      if (m) return m;
    }
    return undefined;
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual))
      return `${here}: expected an object, got ${show(actual)}`;
    for (const [key, value] of Object.entries(expected)) {
      const m = subsetMismatch(
        value,
        (actual as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
      );
      if (m) return m;
    }
    return undefined;
  }
  return Object.is(expected, actual) ? undefined : `${here}: expected ${show(expected)}, got ${show(actual)}`;
}

/** What a run gave, for checking. */
export interface Observed {
  status: string;
  output?: unknown;
  await?: unknown;
  error?: unknown;
  events: readonly RunEvent[];
  requests: readonly ChatRequest[];
}

/** Every expectation a run does not meet. */
export function checkRun(expect: Expectations, seen: Observed): string[] {
  const failures: string[] = [];
  const add = (m: string | undefined) => void (m && failures.push(m));
  if (expect.status && expect.status !== seen.status)
    failures.push(
      `status: expected ${expect.status}, got ${seen.status}${seen.error ? ` (${show(seen.error)})` : ''}`,
    );
  if (expect.output !== undefined) add(subsetMismatch(expect.output, seen.output, 'output'));
  if (expect.await !== undefined) add(subsetMismatch(expect.await, seen.await, 'await'));
  if (expect.error !== undefined) add(subsetMismatch(expect.error, seen.error, 'error'));
  if (expect.prompt) failures.push(...checkPrompt(expect.prompt, seen.requests));
  const tools = (type: string) =>
    seen.events.flatMap((e) => (e.type === type && 'tool' in e ? [e.tool] : []));
  if (expect.tools_called) add(subsetMismatch(expect.tools_called, tools('tool_started'), 'tools_called'));
  if (expect.tools_refused) add(subsetMismatch(expect.tools_refused, tools('tool_refused'), 'tools_refused'));
  if (expect.events) add(missingEvents(expect.events, seen.events));
  return failures;
}

function checkPrompt(
  prompt: NonNullable<Expectations['prompt']>,
  requests: readonly ChatRequest[],
): string[] {
  if (!requests.length) return ['prompt: the model received no request'];
  const systems = requests.map((r) =>
    r.messages
      .filter((m) => m.role === 'system')
      .map(messageText)
      .join('\n'),
  );
  const users = requests.map((r) =>
    r.messages
      .filter((m) => m.role === 'user')
      .map(messageText)
      .join('\n'),
  );
  const failures: string[] = [];
  for (const text of prompt.system_contains ?? [])
    if (!systems.some((s) => s.includes(text)))
      failures.push(`prompt: no system prompt contains ${show(text)}`);
  for (const text of prompt.system_not_contains ?? [])
    if (systems.some((s) => s.includes(text)))
      failures.push(`prompt: a system prompt contains ${show(text)}`);
  for (const text of prompt.user_contains ?? [])
    if (!users.some((u) => u.includes(text))) failures.push(`prompt: no user turn contains ${show(text)}`);
  if (prompt.max_tokens !== undefined) {
    const largest = Math.max(...systems.map(count));
    if (largest > prompt.max_tokens)
      failures.push(`prompt: the system prompt has ${largest} tokens, more than ${prompt.max_tokens}`);
  }
  return failures;
}

/** Whether the event types occur in this order (corpus names such as skill_start and card accepted). */
function missingEvents(wanted: readonly string[], events: readonly RunEvent[]): string | undefined {
  let i = 0;
  for (const name of wanted) {
    const types = EVENT_ALIASES[name] ?? [name];
    while (i < events.length && !types.includes(events[i].type)) i++;
    if (i === events.length) {
      const seen = events.map((e) => e.type).filter((t, k, all) => t !== all[k - 1]);
      return `events: expected ${wanted.join(' → ')}; "${name}" is missing in order (seen: ${seen.join(' → ')})`;
    }
    i++;
  }
  return undefined;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 197)}…` : text;
}
