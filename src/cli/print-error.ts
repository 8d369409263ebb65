/**
 * Prints an error a command reports: with --json as one object `{"error": {"code", "message", ...}}` on
 * stdout, else its message on stderr.
 */
export function printError(
  json: boolean,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  if (json) process.stdout.write(JSON.stringify({ error: { code, message, ...extra } }) + '\n');
  else process.stderr.write(`${message}\n`);
}
