import type { RunEvent } from '../runtime/index.js';
import { validateValue } from '../schema/index.js';
import type { Assertion } from './eval-case.js';
import type { AssertionResult } from './experiment.js';
import type { Judge } from './judge.js';
import type { ScriptChecker } from './script-check.js';

/** What a cell's run gave, for its assertions. */
export interface CellRun {
  status: string;
  output?: unknown;
  error?: string;
  events: readonly RunEvent[];
  ms: number;
  inputTokens: number;
  outputTokens: number;
  costUsd?: number;
}

/** The tools an agent loads document parts with; their calls name `skill_name` and `chunk_id`. */
const CHUNK_TOOLS = ['load_doc_chunk', 'load_skill_chunk'];

/** Checks every assertion of a case against one run; a judge grades `llm-rubric`. */
export async function checkAssertions(
  assertions: readonly Assertion[],
  run: CellRun,
  context: {
    judge?: Judge;
    script?: ScriptChecker;
    request?: string;
    expectedOutput?: string;
    loaded: readonly string[];
    signal: AbortSignal;
  },
): Promise<AssertionResult[]> {
  const results: AssertionResult[] = [];
  for (const a of assertions) {
    if (a.type === 'llm-rubric') {
      if (!context.judge) {
        results.push(failed(a.type, 'no judge model: pass --judge provider:model or configure a model'));
        continue;
      }
      try {
        const verdict = await context.judge.grade({
          rubric: a.value,
          request: context.request,
          answer: textOf(run.output ?? run.error ?? null),
          expectedOutput: context.expectedOutput,
          model: a.model,
          signal: context.signal,
        });
        results.push({
          type: a.type,
          pass: verdict.score >= a.threshold,
          score: verdict.score,
          reason: verdict.reason,
          judge: { model: verdict.model, prompt: verdict.prompt },
        });
      } catch (e) {
        results.push(failed(a.type, `the judge could not grade: ${(e as Error).message.split('\n')[0]}`));
      }
      continue;
    }
    if (a.type === 'javascript') {
      const input = {
        output: run.output,
        text: textOf(run.output ?? null),
        status: run.status,
        error: run.error,
        events: run.events,
      };
      results.push(
        context.script
          ? await context.script(a, input, context.signal)
          : failed(a.type, 'no JavaScript runner'),
      );
      continue;
    }
    results.push(checkOne(a, run, context.loaded));
  }
  return results;
}

function checkOne(
  a: Exclude<Assertion, { type: 'llm-rubric' | 'javascript' }>,
  run: CellRun,
  given: readonly string[],
): AssertionResult {
  const verdict = (pass: boolean, reason: string) => (pass ? passed(a.type) : failed(a.type, reason));
  switch (a.type) {
    case 'status':
      return verdict(
        run.status === a.value,
        `expected status ${a.value}, got ${run.status}${run.error ? ` (${run.error})` : ''}`,
      );
    case 'cost':
      return verdict(
        (run.costUsd ?? 0) <= a.threshold,
        `cost $${(run.costUsd ?? 0).toFixed(6)}, more than $${a.threshold}`,
      );
    case 'latency':
      return verdict(run.ms <= a.threshold, `took ${run.ms} ms, more than ${a.threshold} ms`);
    case 'tokens': {
      const tokens = run.inputTokens + run.outputTokens;
      return verdict(tokens <= a.threshold, `used ${tokens} tokens, more than ${a.threshold}`);
    }
    case 'tool-calls':
      return toolCalls(a.value, a.order, toolsRun(run.events));
    case 'loaded': {
      const have = loaded(run.events, given);
      const missing = a.value.filter((name) => !have.includes(name));
      return verdict(
        !missing.length,
        `not loaded: ${missing.join(', ')} (loaded: ${have.join(', ') || 'nothing'})`,
      );
    }
  }
  if (run.status !== 'completed' && a.type !== 'equals')
    return failed(a.type, `the run ${run.status}${run.error ? `: ${run.error}` : ''}`);
  const picked = pick(run.output, a.path);
  if (!picked.found) return failed(a.type, `the output has no ${a.path}`);
  const where = a.path ? `${a.path}: ` : '';
  switch (a.type) {
    case 'equals':
      return verdict(
        sameJson(picked.value, a.value),
        `${where}expected ${show(a.value)}, got ${show(picked.value)}`,
      );
    case 'contains':
    case 'not-contains': {
      const text = textOf(picked.value);
      const shown = textShown(picked.value);
      const has = a.ignoreCase ? text.toLowerCase().includes(a.value.toLowerCase()) : text.includes(a.value);
      return a.type === 'contains'
        ? verdict(has, `${where}${shown} does not contain ${show(a.value)}`)
        : verdict(!has, `${where}${shown} contains ${show(a.value)}`);
    }
    case 'regex': {
      const text = textOf(picked.value);
      return verdict(
        new RegExp(a.value, a.flags).test(text),
        `${where}${textShown(picked.value)} does not match /${a.value}/${a.flags}`,
      );
    }
    case 'json-schema': {
      const checked = validateValue(a.value, picked.value);
      return verdict(
        checked.ok,
        checked.ok ? '' : `${where}${checked.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
      );
    }
  }
}

function toolCalls(
  wanted: readonly string[],
  order: 'in-order' | 'any-order',
  ran: readonly string[],
): AssertionResult {
  const seen = ran.join(' → ') || 'no tool';
  if (order === 'any-order') {
    const missing = wanted.filter((t) => !ran.includes(t));
    return missing.length
      ? failed('tool-calls', `${missing.join(', ')} did not run (ran: ${seen})`)
      : passed('tool-calls');
  }
  let i = 0;
  for (const name of wanted) {
    while (i < ran.length && ran[i] !== name) i++;
    if (i === ran.length)
      return failed(
        'tool-calls',
        `expected ${wanted.join(' → ')} in order; "${name}" is missing (ran: ${seen})`,
      );
    i++;
  }
  return passed('tool-calls');
}

/** The tools a run started, in order. */
function toolsRun(events: readonly RunEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'tool_started' ? [e.tool] : []));
}

/** What an agent loaded: the document skills it was given, and `skill/chunk` (and `skill`) for each part it loaded. */
function loaded(events: readonly RunEvent[], given: readonly string[]): string[] {
  const names = new Set(given);
  for (const e of events) {
    if (e.type !== 'tool_started' || !CHUNK_TOOLS.includes(e.tool)) continue;
    const input = e.input as { skill_name?: unknown; chunk_id?: unknown } | undefined;
    if (typeof input?.skill_name !== 'string') continue;
    names.add(input.skill_name);
    if (typeof input.chunk_id === 'string') names.add(`${input.skill_name}/${input.chunk_id}`);
  }
  return [...names];
}

/** The text assertions read: a string as it is, `{response}` its response, anything else its JSON. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const response = (value as { response?: unknown } | null)?.response;
  if (typeof response === 'string') return response;
  return JSON.stringify(value) ?? '';
}

/** A value as a failure shows it: its text when it reads as text, else its JSON. */
function textShown(value: unknown): string {
  return typeof value === 'string' || typeof (value as { response?: unknown } | null)?.response === 'string'
    ? show(textOf(value))
    : show(value);
}

function pick(value: unknown, path: string | undefined): { found: boolean; value?: unknown } {
  if (!path) return { found: true, value };
  let here: unknown = value;
  for (const key of path.split('.')) {
    if (typeof here !== 'object' || here === null || !(key in here)) return { found: false };
    here = (here as Record<string, unknown>)[key];
  }
  return { found: true, value: here };
}

function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]))
    );
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return Object.is(a, b);
}

function passed(type: string): AssertionResult {
  return { type, pass: true, score: 1 };
}

function failed(type: string, reason: string): AssertionResult {
  return { type, pass: false, score: 0, reason };
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
