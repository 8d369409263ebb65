import { SkeinError } from '../../errors/index.js';
/** Why a sandboxed call failed, as a stable code. */
export type SandboxErrorCode =
  | 'python_error'
  | 'memory_limit'
  | 'timeout'
  | 'cancelled'
  | 'no_entry'
  | 'not_json'
  | 'bad_code'
  | 'worker_failed'
  | 'closed';

/** A failure of a sandboxed call that is not an exception raised by the Python code itself. */
export class SandboxError extends SkeinError {
  declare readonly code: SandboxErrorCode;

  constructor(code: SandboxErrorCode, message: string) {
    super(code, message);
    this.name = 'SandboxError';
  }
}

/** One frame of a Python traceback, innermost last. */
export interface PythonFrame {
  file: string;
  line: number;
  function: string;
  /** The source line, stripped, when known. */
  text?: string;
}

/**
 * An exception raised by the Python code. The message reads like Python's own report: the
 * exception type and message first, then the traceback of the user's code (the sandbox's frames
 * and Pyodide's are left out), then what the code printed before failing.
 */
export class PythonError extends SandboxError {
  constructor(
    code: 'python_error' | 'memory_limit' | 'timeout' | 'no_entry' | 'not_json',
    message: string,
    /** The exception's class name (`ZeroDivisionError`). */
    readonly pythonType: string,
    /** The exception's own message (`division by zero`). */
    readonly pythonMessage: string,
    readonly frames: readonly PythonFrame[],
  ) {
    super(code, message);
    this.name = 'PythonError';
  }

  /** The innermost line of the user's code that the error points at, if any. */
  get line(): number | undefined {
    return this.frames.at(-1)?.line;
  }
}

/** A call cancelled by its caller. */
export function cancelledError(): SandboxError {
  return new SandboxError('cancelled', 'the Python call was cancelled');
}

/** A call the sandbox's close cut short. */
export function closedError(): SandboxError {
  return new SandboxError('closed', 'the Python sandbox was closed before the call finished');
}
