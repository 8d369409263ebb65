import { SandboxError } from './errors.js';
import type { CallOutcome, PythonFailure } from './protocol.js';

/** A call's outcome as read from the worker, and whether its interpreter must be replaced. */
export type CheckedReply = { outcome: CallOutcome; replace: boolean };

const KINDS = new Set(['python_error', 'no_entry', 'not_json']);

/**
 * Reads the runner's JSON answer without trusting it: the code of a call can patch the Python
 * that writes it, so text that is not JSON, or JSON of another shape, is refused with a
 * `worker_failed` SandboxError (and the interpreter is replaced), never thrown as a parse error.
 */
export function readReply(text: string): CheckedReply {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badReply();
  }
  if (!isRecord(parsed)) throw badReply();
  const replace = parsed.replace === true;
  if ('value' in parsed) return { outcome: { value: parsed.value }, replace };
  if (isFailure(parsed.error)) return { outcome: { error: parsed.error }, replace };
  throw badReply();
}

function isFailure(error: unknown): error is PythonFailure {
  return (
    isRecord(error) &&
    KINDS.has(error.kind as string) &&
    typeof error.type === 'string' &&
    typeof error.message === 'string' &&
    (error.detail === undefined || typeof error.detail === 'string') &&
    Array.isArray(error.frames) &&
    error.frames.every(
      (f) =>
        isRecord(f) &&
        typeof f.file === 'string' &&
        typeof f.line === 'number' &&
        typeof f.function === 'string' &&
        (f.text === undefined || typeof f.text === 'string'),
    )
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badReply(): SandboxError {
  return new SandboxError(
    'worker_failed',
    "the Python code broke the sandbox's answer (it may have patched the json module); its interpreter was replaced",
  );
}
