import type { FieldError } from '../schema/index.js';
import { SkeinError } from '../errors/index.js';

/** The model settings cannot work: no model, a bad `provider:model`, a missing key or URL. */
export class ModelConfigError extends SkeinError {
  override name = 'ModelConfigError';

  constructor(message: string) {
    super('model_not_configured', message);
  }
}

/** A call to a model failed: HTTP error, unreachable server, timeout, or an error inside the stream. */
export class ModelCallError extends SkeinError {
  override name = 'ModelCallError';
  /** The `provider:model` that was called. */
  readonly modelId: string;
  /** The HTTP status of the last failed attempt, when the server answered. */
  readonly status?: number;
  /** How many requests were made before giving up. */
  readonly attempts: number;

  constructor(
    message: string,
    details: { modelId: string; status?: number; attempts: number; cause?: unknown },
  ) {
    super('model_call_failed', message, { cause: details.cause });
    this.modelId = details.modelId;
    this.status = details.status;
    this.attempts = details.attempts;
  }
}

/** The model kept answering with something that is not JSON of the asked schema. */
export class ModelOutputError extends SkeinError {
  override name = 'ModelOutputError';
  /** What was wrong with the last answer, field by field. */
  readonly errors: FieldError[];
  /** The last answer, as the model wrote it. */
  readonly text: string;
  /** How many answers were asked for. */
  readonly attempts: number;

  constructor(message: string, details: { errors: FieldError[]; text: string; attempts: number }) {
    super('model_output_invalid', message);
    this.errors = details.errors;
    this.text = details.text;
    this.attempts = details.attempts;
  }
}
