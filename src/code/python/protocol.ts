// Messages between the sandbox (main thread) and an interpreter worker.

/** What a worker is started with. */
export interface WorkerStart {
  /** Int32Array(1) shared with Pyodide as its interrupt buffer; 2 (SIGINT) raises KeyboardInterrupt. */
  interrupt: SharedArrayBuffer;
  /** Upper bound of the interpreter's wasm memory. */
  memoryBytes: number;
  /** Pyodide's memory right after an earlier load in this process: starting from it skips most of the load. */
  snapshot?: Uint8Array;
}

/** One call of `entry(input)`. */
export interface CallRequest {
  id: number;
  source: string;
  /** The name tracebacks show for the source (`<codelet>`, or the script's path). */
  filename: string;
  entry: string;
  /** The input as JSON text. */
  input: string;
}

/** The outcome of a call as the Python runner reports it (JSON text in `CallReply.reply`). */
export type CallOutcome = { value: unknown } | { error: PythonFailure };

/** A Python exception, formatted inside the worker. */
export interface PythonFailure {
  /** `python_error`, or a refusal of the runner: `no_entry` (no such function), `not_json` (bad result). */
  kind: 'python_error' | 'no_entry' | 'not_json';
  type: string;
  message: string;
  frames: { file: string; line: number; function: string; text?: string }[];
  /** `SyntaxError` details: the offending line with a caret, as Python prints it. */
  detail?: string;
}

/** Worker → sandbox. */
export type WorkerMessage =
  /** `snapshot` is sent by a worker that loaded Pyodide from scratch, for later workers to start from. */
  | { type: 'ready'; heapBytes: number; snapshot?: Uint8Array }
  /** `reply` is a `CallOutcome` as JSON text; `output` is what the code printed (trimmed). */
  | { type: 'reply'; id: number; reply: string; output: string; heapBytes: number }
  /** The interpreter is unusable (start-up failed, or Pyodide hit a fatal error during a call). */
  | { type: 'fatal'; id?: number; message: string };
