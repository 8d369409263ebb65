import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeSpec } from '../../../ir/nodes.js';
import { isErrorCode, SkeinError } from '../../../errors/index.js';
import type { CodeService } from '../code.js';
import type { SuiteOptions } from './fixtures.js';

/** The programs a code runner's suite runs, written in the runner's language by its test. */
export interface SuitePrograms {
  /** Returns `{echo: input}`. */
  echo: CodeSpec;
  /** Raises an error whose message contains `boom`. */
  throws: CodeSpec;
  /** Waits a minute (a sleep it does not cut short), then returns `{late: true}`. */
  waits: CodeSpec;
  /** Returns `{called: <what options.call('other', {n: input.n}) answered>}`; absent when the language cannot call skills. */
  calls?: CodeSpec;
  /** Logs `hello from the program` through the runner (options.log), then returns `{logged: true}`; absent when the language cannot log. */
  logs?: CodeSpec;
}

/** A code runner as the suite opens it; `close` frees what it holds (a pool of interpreters). */
export interface CodeRunnerUnderTest {
  runner: CodeService;
  close?(): Promise<void>;
}

/** Whether a rejection is a SkeinError of `code`. */
const withCode = (code: string) => (e: unknown) => {
  assert.equal((e as { code?: string }).code, code, String(e));
  assert.ok(isErrorCode(code));
  return true;
};

/**
 * The code runner's conformance suite (the CodeService port, src/runtime/ports/code.ts): registers
 * node:test tests that every runner must pass — a program's JSON value comes back, a raised error
 * rejects as a SkeinError of the catalog naming it, an aborted signal and `timeoutMs` end a program that waits (codes `cancelled` and
 * `timeout`: the runtime relies on the call ending), and `call` and `log` reach the caller. ARCHITECTURE.md,
 * Ports and their suites.
 */
export function runCodeRunnerSuite(
  open: () => Promise<CodeRunnerUnderTest>,
  programs: SuitePrograms,
  options: SuiteOptions,
): void {
  describe(`${options.name} code runner`, { skip: options.skip || undefined }, () => {
    const withRunner = async (use: (runner: CodeService) => Promise<void>) => {
      const { runner, close } = await open();
      try {
        await use(runner);
      } finally {
        await close?.();
      }
    };

    test('a program’s value comes back as JSON data', () =>
      withRunner(async (runner) => {
        const input = { text: 'ünïcode ✓', n: 3, list: [1, 'two', null], nested: { ok: true } };
        const output = await runner.run(programs.echo, input, { signal: new AbortController().signal });
        assert.deepEqual(output, { echo: input });
      }));

    test('a raised error rejects, and its message says what was raised', () =>
      withRunner(async (runner) => {
        await assert.rejects(
          runner.run(programs.throws, {}, { signal: new AbortController().signal }),
          (e) => {
            assert.ok(e instanceof SkeinError, String(e));
            assert.ok(isErrorCode(e.code), `${e.code} is not in the catalog`);
            assert.match(e.message, /boom/);
            return true;
          },
        );
      }));

    test('an aborted signal ends a program that waits, as cancelled', () =>
      withRunner(async (runner) => {
        const abort = new AbortController();
        const call = runner.run(programs.waits, {}, { signal: abort.signal });
        setTimeout(() => abort.abort(), 300);
        await assert.rejects(call, withCode('cancelled'));
      }));

    test('timeoutMs ends a program that waits, as timeout', () =>
      withRunner(async (runner) => {
        const call = runner.run(programs.waits, {}, { signal: new AbortController().signal, timeoutMs: 300 });
        await assert.rejects(call, withCode('timeout'));
      }));

    test(
      'a call to another skill reaches the caller, and its answer reaches the program',
      {
        skip: programs.calls ? undefined : 'this language cannot call skills',
      },
      () =>
        withRunner(async (runner) => {
          const asked: [string, unknown][] = [];
          const output = await runner.run(
            programs.calls!,
            { n: 2 },
            {
              signal: new AbortController().signal,
              call: async (skill, input) => {
                asked.push([skill, input]);
                return { doubled: 4 };
              },
            },
          );
          assert.deepEqual(asked, [['other', { n: 2 }]]);
          assert.deepEqual(output, { called: { doubled: 4 } });
        }),
    );

    test(
      'a log line reaches the caller',
      { skip: programs.logs ? undefined : 'this language cannot log through the runner' },
      () =>
        withRunner(async (runner) => {
          const lines: string[] = [];
          const output = await runner.run(
            programs.logs!,
            {},
            { signal: new AbortController().signal, log: (text) => lines.push(text) },
          );
          assert.deepEqual(output, { logged: true });
          assert.ok(lines.includes('hello from the program'), JSON.stringify(lines));
        }),
    );
  });
}
