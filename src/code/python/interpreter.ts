import { Worker } from 'node:worker_threads';
import { SandboxError } from './errors.js';
import type { CallRequest, WorkerMessage, WorkerStart } from './protocol.js';

/** A call's answer as the worker sent it. */
export interface RawReply {
  /** A `CallOutcome` as JSON text. */
  reply: string;
  /** What the code printed, trimmed to the last lines. */
  output: string;
}

const SIGINT = 2;

/**
 * A bootstrap that loads the TypeScript worker through tsx's API (tests and benchmarks run from
 * source; on Node 20 a worker does not get the `--import tsx` hooks of its process).
 */
function viaTsx(script: URL): string {
  const href = JSON.stringify(script.href);
  return `import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`;
}

/** One Pyodide interpreter in a worker thread, seen from the main thread: one call at a time. */
export class Interpreter {
  /** Resolves when Pyodide has loaded and the barriers are in place. */
  readonly ready: Promise<void>;
  /** The size of the interpreter's wasm memory after its last call. */
  heapBytes = 0;
  /** False once the worker has exited or reported a fatal error. */
  usable = true;
  private readonly worker: Worker;
  private readonly interruptFlag = new Int32Array(new SharedArrayBuffer(4));
  private pending: { id: number; resolve(reply: RawReply): void; reject(error: Error): void } | undefined;
  private nextId = 1;
  private readonly exited: Promise<void>;

  /**
   * Starts the worker. With `snapshot` it starts from Pyodide's saved memory; without one (or when
   * that fails) it loads Pyodide in full and hands a fresh snapshot to `onSnapshot`.
   */
  constructor(
    script: URL,
    memoryBytes: number,
    snapshot: Uint8Array | undefined,
    onSnapshot: (bytes: Uint8Array) => void,
  ) {
    const start: WorkerStart = {
      interrupt: this.interruptFlag.buffer as SharedArrayBuffer,
      memoryBytes,
      snapshot,
    };
    // The worker sees no environment variables of this process and none of its Node options
    // (an --input-type or --import meant for the process would break it), and its output is not passed on.
    this.worker = new Worker(script.pathname.endsWith('.ts') ? viaTsx(script) : script, {
      eval: script.pathname.endsWith('.ts'),
      execArgv: [],
      workerData: start,
      env: {},
      stdout: true,
      stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: Math.max(256, memoryBytes / 2 ** 20) },
    });
    this.worker.stdout.resume();
    this.worker.stderr.resume();
    let ready!: { resolve(): void; reject(error: Error): void };
    this.ready = new Promise<void>((resolve, reject) => (ready = { resolve, reject }));
    this.ready.catch(() => {});
    this.worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') {
        this.heapBytes = message.heapBytes;
        if (message.snapshot) onSnapshot(message.snapshot);
        ready.resolve();
      } else if (message.type === 'reply') {
        this.heapBytes = message.heapBytes;
        this.settle(message.id, { reply: message.reply, output: message.output });
      } else {
        this.usable = false;
        const error = new SandboxError('worker_failed', `the Python interpreter failed: ${message.message}`);
        if (message.id === undefined) ready.reject(error);
        else this.settle(message.id, error);
      }
    });
    this.exited = new Promise<void>((resolve) => {
      this.worker.once('exit', (exitCode) => {
        this.usable = false;
        const error = new SandboxError(
          'worker_failed',
          `the Python interpreter's worker stopped (exit code ${exitCode})`,
        );
        ready.reject(error);
        if (this.pending) this.settle(this.pending.id, error);
        resolve();
      });
    });
    this.worker.on('error', (e) => {
      this.usable = false;
      const error = new SandboxError(
        'worker_failed',
        `the Python interpreter's worker crashed: ${e.message}`,
      );
      ready.reject(error);
      if (this.pending) this.settle(this.pending.id, error);
    });
  }

  /** Runs one call; rejects with a `worker_failed` SandboxError if the worker dies meanwhile. */
  call(request: Omit<CallRequest, 'id'>): Promise<RawReply> {
    if (this.pending) throw new Error('Interpreter.call while a call is running');
    if (!this.usable)
      return Promise.reject(new SandboxError('worker_failed', "the Python interpreter's worker has stopped"));
    const id = this.nextId++;
    this.worker.ref();
    // Cleared here, before the call is sent, and never by the worker: an interrupt asked for while
    // the message is on its way (a cancellation under load) must still stop this call.
    Atomics.store(this.interruptFlag, 0, 0);
    return new Promise<RawReply>((resolve, reject) => {
      this.pending = { id, resolve, reject };
      this.worker.postMessage({ ...request, id } satisfies CallRequest);
    });
  }

  /** Asks the running Python code to stop: KeyboardInterrupt at its next bytecode. */
  interrupt(): void {
    Atomics.store(this.interruptFlag, 0, SIGINT);
  }

  /** Lets the process exit while this interpreter is idle. */
  release(): void {
    this.worker.unref();
  }

  /** Stops the worker at once, whatever it is doing. */
  async terminate(): Promise<void> {
    this.usable = false;
    await this.worker.terminate();
    await this.exited;
  }

  private settle(id: number, outcome: RawReply | Error): void {
    const pending = this.pending;
    if (!pending || pending.id !== id) return;
    this.pending = undefined;
    if (outcome instanceof Error) pending.reject(outcome);
    else pending.resolve(outcome);
  }
}
