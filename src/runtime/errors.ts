import type { RunError } from './events.js';
import { SkeinError, type ErrorCode, type ErrorField } from '../errors/index.js';
import { EvaluationError } from '../ir/expr.js';
import type { Node } from '../ir/nodes.js';

/** A failure with a stable code, raised inside the runtime and reported as the run's error. */
export class RunFailure extends SkeinError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly step?: string,
  ) {
    super(code, message);
    this.name = 'RunFailure';
  }

  toRunError(): RunError {
    return { code: this.code, message: this.message, ...(this.step ? { step: this.step } : {}) };
  }
}

/** A refusal to start or resume a run (bad input, not awaiting, unknown run): nothing was run. */
export class RunRefused extends SkeinError {
  constructor(code: ErrorCode, message: string, fields?: readonly ErrorField[]) {
    super(code, message, fields ? { fields } : {});
    this.name = 'RunRefused';
  }
}

/** The one refusal for a run id (or prefix) the store does not have, worded alike on every surface. */
export function runNotFound(idOrPrefix: string): RunRefused {
  const short = idOrPrefix.length < 8 ? ' (a shortened id needs at least 8 characters)' : '';
  return new RunRefused('run_not_found', `no run ${idOrPrefix} in this store${short}`);
}

/** What a node's error means for the run: a RunFailure naming the step (and, for a thrown error, where it is written). */
export function nodeFailure(e: unknown, node: Node): RunFailure {
  if (e instanceof RunFailure) return e.step ? e : new RunFailure(e.code, e.message, node.id);
  const message = e instanceof Error ? e.message : String(e);
  const where = node.at && !(e instanceof EvaluationError) ? ` (${node.at.file}:${node.at.line})` : '';
  return new RunFailure('node_failed', `step "${node.id}"${where} failed: ${message}`, node.id);
}
