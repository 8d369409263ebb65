import { ERROR_CODES, type ErrorCode, type ErrorField } from '../errors/index.js';

/** What the command line adds to a code's message: how to fix it with its own options (docs/errors.md). */
const CLI_HINTS: Partial<Record<ErrorCode, string>> = {
  input_required: "pass the answer with --input '{…}'",
  model_not_configured: 'choose one with --model provider:model, SKEIN_MODEL or model: in skein.yaml',
  run_not_found: '"skein runs" lists them',
  not_executable: '"skein docs SKILL" shows a document skill',
};

/** The command line's advice for a code, if it has any. */
export function cliHint(code: ErrorCode): string | undefined {
  return CLI_HINTS[code];
}

/** An error a command reports: a code of the catalog, its message and what else it names. */
export interface CliError {
  code: ErrorCode;
  message: string;
  fields?: readonly ErrorField[];
  hint?: string;
}

/**
 * Prints an error a command ends with and returns its exit code (the catalog's, docs/errors.md): with
 * --json as one object `{"error": {"code", "message", "hint"?, "fields"?, ...}}` on stdout, else its
 * message and hint on stderr. `extra` adds members to the JSON object.
 */
export function printError(json: boolean, error: CliError, extra: Record<string, unknown> = {}): number {
  const hint = [error.hint, cliHint(error.code)].filter(Boolean).join('; ') || undefined;
  if (json) {
    const body = {
      code: error.code,
      message: error.message,
      ...(hint ? { hint } : {}),
      ...(error.fields ? { fields: error.fields } : {}),
      ...extra,
    };
    process.stdout.write(JSON.stringify({ error: body }) + '\n');
  } else process.stderr.write(`${error.message}${hint ? `; ${hint}` : ''}\n`);
  return ERROR_CODES[error.code].exit;
}
