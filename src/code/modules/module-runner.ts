import { dirname } from 'node:path';
import type { CodeSpec } from '../../ir/nodes.js';
import { SkeinError } from '../../errors/index.js';
import type { MemoryService } from '../../memory/memory-service.js';
import { RunFailure, type CodeRunOptions, type CodeService } from '../../runtime/index.js';
import { loadEntry } from './load-entry.js';
import type { SkillConfigView, SkillContext, SkillExecutor, SkillSession } from './skill-context.js';

export interface ModuleRunnerOptions {
  /** The memory service, opened when a skill first uses `ctx.memory`. */
  memory: () => MemoryService;
  config: SkillConfigView;
  session: SkillSession;
  /** Shared by every skill this runner runs. */
  scratch?: Record<string, unknown>;
}

/**
 * Runs TS and JS code-mode skills: imports the file once (no build step) and calls its entry with the
 * input and a SkillContext. A thrown error rejects as `module_error` with its message and the stack frames
 * inside the skill's folder; `ctx.log` reaches the step's log. A JavaScript call cannot be stopped from outside: when the signal aborts or
 * `timeoutMs` passes, the call ends (`cancelled`, `timeout`) and what the program does later is dropped;
 * `ctx.signal` tells a program that watches it to stop.
 */
export function createModuleRunner(options: ModuleRunnerOptions): CodeService {
  const modules = new Map<string, Promise<SkillExecutor>>();
  const scratch = options.scratch ?? {};
  return {
    async run(code: CodeSpec, input: unknown, run: CodeRunOptions): Promise<unknown> {
      if (!code.file)
        throw new Error(`the ${code.language} runner runs files; this step has inline code only`);
      const key = `${code.file}#${code.entry}`;
      let loading = modules.get(key);
      if (!loading) {
        loading = loadEntry(code.file, code.entry);
        modules.set(key, loading);
        loading.catch(() => modules.delete(key));
      }
      const execute = await loading;
      const ctx: SkillContext = {
        get memory() {
          return options.memory();
        },
        config: options.config,
        session: options.session,
        scratch,
        signal: run.signal,
        runId: run.runId,
        call: async <T>(skill: string, childInput?: Record<string, unknown>) => {
          if (!run.call)
            throw new Error(`cannot call ${skill}: this runner was started without access to other skills`);
          return (await run.call(skill, childInput ?? {})) as T;
        },
        log: (text: string) => run.log?.(String(text)),
      };
      try {
        return await bounded(
          Promise.resolve(execute((input ?? {}) as Record<string, unknown>, ctx)),
          run.signal,
          run.timeoutMs,
        );
      } catch (e) {
        throw withSkillFrames(e, dirname(code.file));
      }
    },
  };
}

/** The program's answer, unless the signal aborts (`cancelled`) or `timeoutMs` passes (`timeout`) first. */
function bounded<T>(work: Promise<T>, signal: AbortSignal, timeoutMs: number | undefined): Promise<T> {
  if (signal.aborted) return Promise.reject(new RunFailure('cancelled', 'the code was cancelled'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new RunFailure('cancelled', 'the code was cancelled'));
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => reject(new RunFailure('timeout', `the code took longer than ${timeoutMs} ms`)),
            timeoutMs,
          );
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    });
  });
}

/**
 * A thrown error as a `module_error` SkeinError whose message is the error's, with the stack frames that
 * point into the skill's own folder appended; the runner's own failures (`cancelled`, `timeout`) pass as they are.
 */
function withSkillFrames(e: unknown, folder: string): Error {
  if (e instanceof RunFailure) return e;
  if (!(e instanceof Error)) return new SkeinError('module_error', `threw ${JSON.stringify(e) ?? String(e)}`);
  const frames = (e.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line) && line.includes(folder))
    .map((line) => line.trim());
  const message = frames.length ? `${e.message}\n${frames.join('\n')}` : e.message;
  const error = new SkeinError('module_error', message, { cause: e });
  error.stack = e.stack;
  return error;
}
