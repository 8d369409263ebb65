// What a Python sandbox is configured with and what it counts (python-sandbox.ts is the pool itself).

/** How a sandbox's pool is sized and limited. */
export interface PythonSandboxOptions {
  /** Interpreters in the pool, each started when calls are waiting for one (default 2). */
  workers?: number;
  /** Time limit of a call when the caller gives none (default 5000 ms). */
  timeoutMs?: number;
  /** Limit of each interpreter's wasm memory, at least 64 (default 256 MB). */
  memoryMb?: number;
  /** How long interrupted code has to stop before its worker is terminated (default 1000 ms). */
  graceMs?: number;
  /**
   * A folder where Pyodide's memory snapshot is kept between processes (created when needed), so
   * that a process's first interpreter starts in a fraction of a full load. Without it, the
   * snapshot is kept in this process only.
   */
  snapshotDir?: string;
}

/** What the pool has done so far; tests use it to see which path a call took. */
export interface SandboxStats {
  /** Interpreters started (each start loads Pyodide: the cold cost). */
  started: number;
  /** Calls answered by an interpreter. */
  calls: number;
  /** Calls interrupted (KeyboardInterrupt) for their time limit or cancellation. */
  interrupted: number;
  /** Workers terminated because interrupted code did not stop within the grace period. */
  terminated: number;
  /** Interpreters replaced after a call because their memory grew past half the limit. */
  recycled: number;
}

/** A numeric option checked against its minimum (a RangeError naming it otherwise). */
export function atLeast(name: string, value: number, min: number): number {
  if (!Number.isFinite(value) || value < min)
    throw new RangeError(`createPythonSandbox: ${name} must be a number ≥ ${min}, got ${value}`);
  return value;
}
