import { requireFeature } from '../../ir/optional-packages.js';
import type { CodeSpec } from '../../ir/nodes.js';
import type { CodeRunOptions, CodeService } from '../../runtime/index.js';
import { cancelledError, closedError, SandboxError } from './errors.js';
import { Interpreter, type RawReply } from './interpreter.js';
import { prepareCall } from './prepare-call.js';
import type { CallRequest } from './protocol.js';
import { readReply, type CheckedReply } from './read-reply.js';
import { pythonError } from './python-failure.js';
import {
  forgetPyodideSnapshot,
  keepPyodideSnapshot,
  pyodideSnapshot,
  readPyodideSnapshot,
} from './snapshot-cache.js';
import { atLeast, type PythonSandboxOptions, type SandboxStats } from './sandbox-options.js';
import { workerScript } from './worker-script.js';

/** When, as shares of the grace period, a stopped call that is still running is interrupted again. */
const REINTERRUPT_AT = [0.25, 0.5];

interface Job {
  request: Omit<CallRequest, 'id'>;
  timeoutMs: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
  settled: boolean;
  /** The interpreter running the call, once dispatched. */
  interpreter?: Interpreter;
  /** Why the running call is being stopped. */
  stopping?: 'timeout' | 'cancelled';
  /** The time limit and the grace period of the running call; cleared when its interpreter answers. */
  timers: NodeJS.Timeout[];
  detach(): void;
}

/**
 * Python in Pyodide, in a small pool of worker threads: warm interpreters are reused, every call
 * runs in a fresh module namespace, with no network, no host files, no processes, a time limit
 * (KeyboardInterrupt first, termination of the worker as the fallback) and a memory limit.
 * Implements the runtime's CodeService for `language: 'python'`.
 */
export class PythonSandbox implements CodeService {
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly memoryMb: number;
  private readonly graceMs: number;
  private readonly snapshotDir: string | undefined;
  private readonly interpreters = new Set<Interpreter>();
  private readonly idle: Interpreter[] = [];
  private readonly queue: Job[] = [];
  private starting = 0;
  /** Starts still reading the snapshot file: their interpreter does not exist yet. */
  private opening = 0;
  /** Interpreters running a call that is being stopped: soon idle (or replaced), so not worth starting another for. */
  private draining = 0;
  private closed = false;
  /** Whether an interpreter has started: until then a call waits for Pyodide to load. */
  private warm = false;
  private readonly counts: SandboxStats = {
    started: 0,
    calls: 0,
    interrupted: 0,
    terminated: 0,
    recycled: 0,
  };

  constructor(options: PythonSandboxOptions = {}) {
    this.size = atLeast('workers', options.workers ?? 2, 1);
    this.timeoutMs = atLeast('timeoutMs', options.timeoutMs ?? 5000, 1);
    this.memoryMb = atLeast('memoryMb', options.memoryMb ?? 256, 64);
    this.graceMs = atLeast('graceMs', options.graceMs ?? 1000, 0);
    this.snapshotDir = options.snapshotDir;
  }

  /**
   * Calls `code.entry(input)` and returns its result as JSON-like values. Python exceptions reject
   * with a PythonError (type, message, traceback of the user's code); limits, cancellation and
   * bad specs with a SandboxError.
   */
  async run(code: CodeSpec, input: unknown, options: Partial<CodeRunOptions> = {}): Promise<unknown> {
    if (this.closed) throw closedError();
    if (!this.warm) requireFeature('python');
    const request = await prepareCall(code, input);
    const signal = options.signal;
    if (signal?.aborted) throw cancelledError();
    return new Promise<unknown>((resolve, reject) => {
      const onAbort = () => this.cancel(job);
      const job: Job = {
        request,
        timeoutMs: options.timeoutMs ?? this.timeoutMs,
        resolve,
        reject,
        settled: false,
        timers: [],
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.pump();
      // The first call of a process waits seconds for Pyodide: say so while it loads.
      if (!this.warm && !job.interpreter) options.log?.('starting Python (first use)');
    });
  }

  /** Counters of what the pool has done. */
  stats(): SandboxStats {
    return { ...this.counts };
  }

  /** Stops every interpreter; waiting and running calls reject with a `closed` SandboxError. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, closedError());
    const all = [...this.interpreters];
    this.interpreters.clear();
    this.idle.length = 0;
    await Promise.all(all.map((i) => i.terminate()));
  }

  /** Gives waiting calls to idle interpreters, and starts interpreters for the rest. */
  private pump(): void {
    while (this.queue.length && this.idle.length) {
      const interpreter = this.idle.pop()!;
      // A worker can die while idle (killed from outside, out of memory): drop it and use another.
      if (interpreter.usable) this.dispatch(this.queue.shift()!, interpreter);
      else this.interpreters.delete(interpreter);
    }
    const unserved = this.queue.length - this.starting - this.draining;
    for (let i = 0; i < unserved && this.interpreters.size + this.opening < this.size; i++) this.spawn();
  }

  private spawn(): void {
    this.starting++;
    this.opening++;
    this.counts.started++;
    const snapshotRead = this.snapshotDir ? readPyodideSnapshot(this.snapshotDir) : Promise.resolve();
    void snapshotRead.then(() => {
      this.opening--;
      if (this.closed) this.starting--;
      else this.open();
    });
  }

  private open(): void {
    let interpreter: Interpreter;
    const snapshot = pyodideSnapshot();
    try {
      const keep = (bytes: Uint8Array) => keepPyodideSnapshot(bytes, this.snapshotDir);
      interpreter = new Interpreter(workerScript(), this.memoryMb * 2 ** 20, snapshot, keep);
    } catch (e) {
      this.starting--;
      for (const job of this.queue.splice(0)) this.settle(job, e as Error);
      return;
    }
    this.interpreters.add(interpreter);
    interpreter.ready.then(
      () => {
        this.warm = true;
        this.starting--;
        if (!this.interpreters.has(interpreter)) return;
        this.giveBack(interpreter);
      },
      (error: Error) => {
        this.starting--;
        this.interpreters.delete(interpreter);
        void interpreter.terminate();
        if (snapshot && !this.closed) {
          // A damaged snapshot can stop a worker before it reports anything: start again without it.
          forgetPyodideSnapshot(snapshot);
          return this.pump();
        }
        if (this.closed || this.interpreters.size > 0) return this.pump();
        const failure = new SandboxError(
          'worker_failed',
          `the Python interpreter could not start: ${error.message}`,
        );
        for (const job of this.queue.splice(0)) this.settle(job, failure);
      },
    );
  }

  private dispatch(job: Job, interpreter: Interpreter): void {
    job.interpreter = interpreter;
    job.timers.push(setTimeout(() => this.stop(job, interpreter, 'timeout'), job.timeoutMs));
    interpreter.call(job.request).then(
      (raw) => this.answered(job, interpreter, raw),
      (error: Error) => this.lost(job, interpreter, error),
    );
  }

  /** Interrupts a running call; terminates its worker if it has not stopped after the grace period. */
  private stop(job: Job, interpreter: Interpreter, why: 'timeout' | 'cancelled'): void {
    if (job.stopping) return;
    job.stopping = why;
    this.draining++;
    this.counts.interrupted++;
    interpreter.interrupt();
    // Asked again a quarter and half-way into the grace period: an interrupt that lands where Python
    // cannot raise it (inside a finalizer, whose exceptions are only reported) is lost, and the code
    // would run on until it is terminated. The runner restores its state again if one lands there.
    for (const share of REINTERRUPT_AT)
      job.timers.push(setTimeout(() => interpreter.interrupt(), this.graceMs * share));
    job.timers.push(
      setTimeout(() => {
        this.counts.terminated++;
        void interpreter.terminate();
      }, this.graceMs),
    );
  }

  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    else if (job.interpreter) this.stop(job, job.interpreter, 'cancelled');
    this.settle(job, cancelledError());
  }

  private answered(job: Job, interpreter: Interpreter, raw: RawReply): void {
    this.finished(job);
    this.counts.calls++;
    let checked: CheckedReply;
    try {
      checked = readReply(raw.reply);
    } catch (e) {
      interpreter.usable = false;
      this.settle(job, e);
      return this.giveBack(interpreter);
    }
    const { outcome, replace } = checked;
    if (replace) interpreter.usable = false;
    if ('value' in outcome) this.settle(job, outcome.value);
    else {
      const cause =
        job.stopping === 'timeout'
          ? { timeoutMs: job.timeoutMs }
          : outcome.error.type === 'MemoryError'
            ? { memoryMb: this.memoryMb }
            : undefined;
      this.settle(job, pythonError(outcome.error, raw.output, cause));
    }
    this.giveBack(interpreter);
  }

  private lost(job: Job, interpreter: Interpreter, error: Error): void {
    this.finished(job);
    this.interpreters.delete(interpreter);
    void interpreter.terminate();
    if (this.closed) this.settle(job, closedError());
    else if (job.stopping === 'timeout')
      this.settle(
        job,
        new SandboxError(
          'timeout',
          `the Python code ran longer than its time limit of ${job.timeoutMs} ms and did not stop when interrupted (it may catch KeyboardInterrupt); its interpreter was restarted`,
        ),
      );
    else this.settle(job, error);
    this.pump();
  }

  /** Ends the bookkeeping of a call whose interpreter has answered or died. */
  private finished(job: Job): void {
    for (const t of job.timers) clearTimeout(t);
    job.timers.length = 0;
    if (job.stopping) this.draining--;
  }

  /** Returns an interpreter to the idle list, or replaces it when it is broken or its memory has grown. */
  private giveBack(interpreter: Interpreter): void {
    if (this.closed) return;
    if (!interpreter.usable || interpreter.heapBytes > (this.memoryMb * 2 ** 20) / 2) {
      this.counts.recycled++;
      this.interpreters.delete(interpreter);
      void interpreter.terminate();
    } else {
      interpreter.release();
      this.idle.push(interpreter);
    }
    this.pump();
  }

  private settle(job: Job, outcome: unknown): void {
    if (job.settled) return;
    job.settled = true;
    job.detach();
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
  }
}

/** Creates a sandbox; no interpreter starts before the first call. */
export function createPythonSandbox(options?: PythonSandboxOptions): PythonSandbox {
  return new PythonSandbox(options);
}
