import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODE_LIST, ERROR_CODES, isErrorCode, SkeinError } from '../../../src/errors/index.js';
import { printError } from '../../../src/cli/print-error.js';
import { ERRORS_PAGE, errorsPageSource } from '../../../scripts/error-table-source.js';

const SRC = new URL('../../../src', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Runs `print` with stdout and stderr captured. */
function captured(print: () => number): { exit: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const [o, e] = [process.stdout.write, process.stderr.write];
  process.stdout.write = ((s: string) => (out.push(s), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string) => (err.push(s), true)) as typeof process.stderr.write;
  try {
    return { exit: print(), out: out.join(''), err: err.join('') };
  } finally {
    [process.stdout.write, process.stderr.write] = [o, e];
  }
}

test('every row of the catalog is complete: a kind, an HTTP error status, exit 1 or 2, a JSON-RPC code, a meaning', () => {
  for (const code of ERROR_CODE_LIST) {
    const row = ERROR_CODES[code];
    assert.match(code, /^[a-z]+(_[a-z]+)*$/, code);
    assert.ok(row.kind === 'refusal' || row.kind === 'run_error', code);
    assert.ok(row.http >= 400 && row.http < 600, code);
    assert.ok(row.exit === 1 || row.exit === 2, code);
    assert.ok(row.mcp <= -32000 && row.mcp >= -32768, code);
    assert.equal(typeof row.clientFault, 'boolean', code);
    assert.ok(row.about.length > 10, code);
    // A fault of the caller's is a 4xx; anything else is the server's (5xx) or a state (409).
    if (row.clientFault) assert.ok(row.http < 500, `${code} is the caller's fault but answers ${row.http}`);
  }
});

test('every code written in src has a row (a code outside the table does not type-check; this catches casts)', () => {
  const missing: string[] = [];
  const call = /new (?:\w*Error|RunFailure|RunRefused)\(\s*'([a-z_]+)'|\bcode: '([a-z_]+)'(?!\s*\|)/g;
  for (const file of files(SRC)) {
    if (file.includes('/web/')) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(call)) {
      const code = m[1] ?? m[2];
      if (!isErrorCode(code)) missing.push(`${file.slice(SRC.length + 1)}: ${code}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('the command line exits with each code’s exit code and prints it with --json', () => {
  for (const code of ERROR_CODE_LIST) {
    const { exit, out } = captured(() => printError(true, new SkeinError(code, 'what went wrong')));
    assert.equal(exit, ERROR_CODES[code].exit, code);
    assert.equal(JSON.parse(out).error.code, code);
  }
});

test('the command line adds its own hint; the message it is given names no option', () => {
  const { err } = captured(() =>
    printError(false, new SkeinError('input_required', 'run r1 awaits an answer at step "approve"')),
  );
  assert.equal(err, `run r1 awaits an answer at step "approve"; pass the answer with --input '{…}'\n`);
});

test('docs/errors.md lists every code as the catalog has it (else run `npm run generate`)', () => {
  assert.equal(readFileSync(ERRORS_PAGE, 'utf8'), errorsPageSource());
});
