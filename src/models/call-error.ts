import { APICallError } from 'ai';
import { ModelCallError } from './errors.js';

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'connection closed',
};

/** Turns whatever a failed call threw into a `ModelCallError` naming the model, the status and the server's words. */
export function toModelCallError(error: unknown, modelId: string, attempts: number): ModelCallError {
  const tries = attempts > 1 ? ` (gave up after ${attempts} attempts)` : '';
  if (APICallError.isInstance(error) && error.statusCode !== undefined) {
    const message = `${modelId}: HTTP ${error.statusCode}: ${serverMessage(error)}${tries}`;
    return new ModelCallError(message, { modelId, status: error.statusCode, attempts, cause: error });
  }
  const code = networkCode(error);
  if (code !== undefined) {
    const url = APICallError.isInstance(error) ? error.url : 'the model server';
    const reason = NETWORK_REASONS[code] ?? code;
    return new ModelCallError(`${modelId}: cannot reach ${url} (${reason})${tries}`, {
      modelId,
      attempts,
      cause: error,
    });
  }
  return new ModelCallError(`${modelId}: ${describe(error)}${tries}`, { modelId, attempts, cause: error });
}

/** The error text the server sent: its JSON `error.message` when there is one, else the body, else the SDK's message. */
function serverMessage(error: APICallError): string {
  const body = error.responseBody?.trim();
  if (!body) return error.message;
  try {
    const parsed: unknown = JSON.parse(body);
    const found = messageIn(parsed);
    if (found) return found;
  } catch {
    return body.length > 500 ? `${body.slice(0, 500)}…` : body;
  }
  return error.message;
}

function messageIn(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  return messageIn(record.error) ?? messageIn(record.message) ?? messageIn(record.detail);
}

/** The system error code (`ECONNREFUSED`, …) anywhere in the cause chain. */
function networkCode(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 6;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return code;
  }
  return undefined;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return messageIn(error) ?? JSON.stringify(error);
}
