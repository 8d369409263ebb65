import {
  RunRefused,
  type RunEvent,
  Runtime,
  type RunResult,
  type RuntimeServices,
} from '../runtime/index.js';
import { MemoryRunStore } from '../store/in-memory.js';
import type { TestCase } from './case.js';
import { cannedTools } from './canned-tools.js';
import { checkRun, subsetMismatch, type Observed } from './expectations.js';
import type { BoundCase } from './find-cases.js';
import { grade } from './grade.js';
import type { ScriptedModel } from './scripted-model.js';
import { skillScripts } from './skill-scripts.js';

/** Where cases run: services whose model is the scripted server, and services with the configured model. */
export interface CaseEnvironment {
  scripted: { services: RuntimeServices; model: ScriptedModel };
  /** Present when a real model is configured (L3 and integration cases). */
  real?: RuntimeServices;
}

/** What one run of a case found wrong (nothing: it passed). */
export interface RunOutcome {
  failures: string[];
  ms: number;
}

/**
 * Runs a case once: a script case calls the script; any other runs the skill (scripted model for L1/L2
 * and for L3 cases with `model` replies, the configured model otherwise), answering its pauses with
 * `answers`, then checks the expectations; L3 also has a real model grade the response.
 */
export async function runCase(bound: BoundCase, env: CaseEnvironment): Promise<RunOutcome> {
  const t0 = performance.now();
  const signal = AbortSignal.timeout(bound.case.timeoutMs);
  let failures: string[];
  try {
    failures = bound.case.script
      ? await runScriptCase(bound, env, signal)
      : await runSkillCase(bound, env, signal);
  } catch (e) {
    failures = [`the case could not run: ${(e as Error).message}`];
  }
  return { failures, ms: Math.round(performance.now() - t0) };
}

async function runSkillCase(
  { case: c, skill }: BoundCase,
  env: CaseEnvironment,
  signal: AbortSignal,
): Promise<string[]> {
  const real = c.level === 'integration' || (c.level === 'L3' && !c.model);
  const services = real ? env.real! : env.scripted.services;
  if (!real) env.scripted.model.load(c.model ?? []);
  const runtime = new Runtime({
    ...services,
    store: new MemoryRunStore(),
    tools: cannedTools(services.tools, c.tools),
  });
  const events: RunEvent[] = [];
  const onEvent = (e: RunEvent) => void events.push(e);
  const failures: string[] = [];
  let result: RunResult | undefined;
  let refused: { code: string; message: string } | undefined;
  try {
    result = await runtime.start(skill, c.input, { onEvent, signal });
    for (const [i, answer] of c.answers.entries()) {
      if (result.status !== 'awaiting') {
        failures.push(
          `answers: ${c.answers.length - i} answer(s) left, but the run is ${result.status}${result.error ? ` (${result.error.message})` : ''}`,
        );
        break;
      }
      result = await runtime.resume(result.runId, answer, { onEvent, signal });
    }
  } catch (e) {
    if (!(e instanceof RunRefused)) throw e;
    refused = { code: e.code, message: e.message };
  }
  const seen: Observed = {
    status: refused ? 'refused' : result!.status,
    output: result?.output,
    await: result?.await,
    error: refused ?? result?.error,
    events,
    requests: real ? [] : env.scripted.model.requests(),
  };
  failures.push(...checkRun(c.expect, seen));
  if (c.level === 'L3' && c.rubric && env.real?.llm) {
    const text = responseOf(result);
    const verdict = await grade(env.real.llm, c.rubric, text, signal);
    if (!verdict.pass) failures.push(`rubric: ${verdict.reason}`);
  }
  return failures;
}

async function runScriptCase(
  { case: c, skill }: BoundCase,
  env: CaseEnvironment,
  signal: AbortSignal,
): Promise<string[]> {
  const scripts = skillScripts(skill);
  const spec = scripts.get(c.script!);
  if (!spec)
    return [
      `script: ${skill.id} has no script "${c.script}"${scripts.size ? `; it has ${[...scripts.keys()].join(', ')}` : ''}`,
    ];
  const runner = env.scripted.services.code?.[spec.language];
  if (!runner) return [`script: no runner for ${spec.language} is configured, so "${c.script}" cannot run`];
  let value: unknown;
  let error: { message: string } | undefined;
  try {
    value = await runner.run(spec, c.input, { signal });
  } catch (e) {
    error = { message: (e as Error).message };
  }
  const failures: string[] = [];
  const status = error ? 'failed' : 'completed';
  if (c.expect.status && c.expect.status !== status)
    failures.push(`status: expected ${c.expect.status}, got ${status}${error ? ` (${error.message})` : ''}`);
  if (!c.expect.status && error && c.expect.error === undefined)
    failures.push(`the script failed: ${error.message}`);
  if (c.expect.value !== undefined) pushIf(failures, subsetMismatch(c.expect.value, value, 'value'));
  if (c.expect.error !== undefined) pushIf(failures, subsetMismatch(c.expect.error, error, 'error'));
  return failures;
}

/** The text a grader reads: the final response, or the question of a pause. */
function responseOf(result: RunResult | undefined): string {
  const output = result?.output as { response?: unknown } | undefined;
  if (typeof output?.response === 'string') return output.response;
  if (result?.await) return result.await.message;
  return JSON.stringify(result?.output ?? result?.error ?? null);
}

function pushIf(list: string[], item: string | undefined): void {
  if (item) list.push(item);
}

/** Whether a case needs a real model (it cannot run without one). */
export function needsRealModel(c: TestCase): boolean {
  return c.level === 'integration' || c.level === 'L3';
}
