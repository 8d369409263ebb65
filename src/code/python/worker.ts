// The entry of an interpreter worker thread: loads Pyodide once, closes it to the outside, then
// answers call requests one at a time. Started by interpreter.ts.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { loadPyodide, type PyodideInterface } from 'pyodide';
import { limitWasmMemory } from './limit-memory.js';
import { lockHost } from './lock-host.js';
import { OutputBuffer } from './output-buffer.js';
import type { CallRequest, WorkerMessage, WorkerStart } from './protocol.js';
import { ISOLATION_PY } from './guest/isolation-py.js';
import { RUNNER_PY } from './guest/runner-py.js';
import { AUDIT_PY } from './guest/audit-py.js';
import { CLEAN_STATE_PY } from './guest/clean-state-py.js';

type RunFunction = (source: string, filename: string, entry: string, input: string) => string;

const EPERM = 63;
const port = parentPort!;
const start = workerData as WorkerStart;
const post = (message: WorkerMessage) => port.postMessage(message);

async function boot(): Promise<void> {
  limitWasmMemory(start.memoryBytes);
  const output = new OutputBuffer();
  const { pyodide, snapshot } = await load(output);
  pyodide.setStdin({ error: true });
  const interrupt = new Int32Array(start.interrupt);
  pyodide.setInterruptBuffer(interrupt);
  const run = installRunner(pyodide);
  lockHost(() => new pyodide.FS.ErrnoError(EPERM));
  const heap = (pyodide as unknown as { _module: { HEAP8: Int8Array } })._module;
  const heapBytes = () => heap.HEAP8.buffer.byteLength;

  port.on('message', (request: CallRequest) => {
    let reply: string;
    try {
      reply = run(request.source, request.filename, request.entry, request.input);
    } catch (e) {
      post({
        type: 'fatal',
        id: request.id,
        message: `it stopped with a fatal error and is being replaced (${e instanceof Error ? e.message : String(e)})`,
      });
      return;
    }
    post({ type: 'reply', id: request.id, reply, output: output.take(), heapBytes: heapBytes() });
  });
  output.take();
  port.postMessage(
    { type: 'ready', heapBytes: heapBytes(), snapshot } satisfies WorkerMessage,
    snapshot ? [snapshot.buffer as ArrayBuffer] : [],
  );
}

/** Loads Pyodide from the snapshot it was given, or in full (then snapshots it for later workers). */
async function load(output: OutputBuffer): Promise<{ pyodide: PyodideInterface; snapshot?: Uint8Array }> {
  const options = {
    // Given explicitly: Pyodide's own guess from the stack fails when this file runs through tsx.
    indexURL: `${dirname(createRequire(import.meta.url).resolve('pyodide'))}/`,
    env: { HOME: '/home/pyodide', LANG: 'C.UTF-8' },
    jsglobals: Object.create(null) as object,
    stdout: (line: string) => output.add(line),
    stderr: (line: string) => output.add(line),
  };
  if (start.snapshot) {
    try {
      return { pyodide: await loadPyodide({ ...options, _loadSnapshot: start.snapshot }) };
    } catch {
      // A snapshot of another Pyodide build, or a damaged file: load in full instead.
    }
  }
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
  // Taken before anything else runs, so later workers start from a plain, freshly loaded Pyodide.
  return { pyodide, snapshot: pyodide.makeMemorySnapshot() };
}

/**
 * Installs the barriers in a namespace of their own (user code can reach it, so it holds nothing
 * else), then defines the runner, the audit hook and the clean-state record in another one that
 * no user code can reach, and returns `_run`.
 */
function installRunner(pyodide: PyodideInterface): RunFunction {
  const dict = pyodide.globals.get('dict');
  const barriers = dict();
  pyodide.runPython(ISOLATION_PY, { globals: barriers, filename: '<skein-sandbox>' });
  const namespace = dict();
  namespace.set('_BARRIERS', barriers);
  for (const source of [RUNNER_PY, AUDIT_PY, CLEAN_STATE_PY])
    pyodide.runPython(source, { globals: namespace, filename: '<skein-sandbox>' });
  const run = namespace.get('_run') as RunFunction;
  for (const proxy of [namespace, barriers, dict]) proxy.destroy();
  return run;
}

boot().catch((e: unknown) => post({ type: 'fatal', message: e instanceof Error ? e.message : String(e) }));
