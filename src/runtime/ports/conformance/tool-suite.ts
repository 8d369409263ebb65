import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToolService } from '../tool.js';
import type { SuiteOptions } from './fixtures.js';

/** A tool service as the suite opens it: it holds a tool `add` ({a, b} numbers, both required). */
export interface ToolsUnderTest {
  tools: ToolService;
  /** What `add` gives for {a: 1, b: 2}, in the shape of its source (an MCP tool's is `{result, isError}`). */
  three: Record<string, unknown>;
  /** A tool of the service whose every call fails with a message containing `boom`, if the source can make one. */
  failing?: string;
  close?(): Promise<void>;
}

const call = { signal: new AbortController().signal, runId: 'suite', log: () => {} };

/** Whether a rejection is a SkeinError of `code` whose message matches `message`. */
const refusal = (code: string, message: RegExp) => (e: unknown) => {
  assert.equal((e as { code?: string }).code, code, String(e));
  assert.match((e as Error).message, message);
  return true;
};

/**
 * The tools' conformance suite (the ToolService port, src/runtime/ports/tool.ts), run once per source
 * of tools (modules, MCP servers) with a tool `add` of that source: a call gives the tool's outputs, an
 * unknown name is `tool_not_found` with the nearest names, input that breaks the tool's schema is
 * `tool_input_invalid` naming the field (the tool never runs), a failure is `tool_failed` naming the
 * tool. ARCHITECTURE.md, Ports and their suites.
 */
export function runToolSuite(open: () => Promise<ToolsUnderTest>, options: SuiteOptions): void {
  describe(`${options.name} tools`, { skip: options.skip || undefined }, () => {
    const withTools = async (use: (t: ToolsUnderTest) => Promise<void>) => {
      const t = await open();
      try {
        await use(t);
      } finally {
        await t.close?.();
      }
    };

    test('a call gives the tool’s outputs', () =>
      withTools(async ({ tools, three }) => {
        const add = tools.require('add');
        assert.equal(add.name, 'add');
        assert.deepEqual(await tools.invoke(add, { a: 1, b: 2 }, call), three);
      }));

    test('an unknown tool is tool_not_found, with the nearest names', () =>
      withTools(async ({ tools }) => {
        assert.throws(() => tools.require('ad'), refusal('tool_not_found', /"ad".*add/));
      }));

    test('input that breaks the tool’s schema is tool_input_invalid, naming the field', () =>
      withTools(async ({ tools }) => {
        await assert.rejects(
          tools.invoke(tools.require('add'), { a: 'one', b: 2 }, call),
          refusal('tool_input_invalid', /\ba\b/),
        );
        await assert.rejects(
          tools.invoke(tools.require('add'), { a: 1 }, call),
          refusal('tool_input_invalid', /\bb\b/),
        );
      }));

    test('a failure is tool_failed, naming the tool', (t) =>
      withTools(async ({ tools, failing }) => {
        if (!failing) return t.skip('this source has no tool that fails');
        await assert.rejects(
          tools.invoke(tools.require(failing), {}, call),
          refusal('tool_failed', new RegExp(`"${failing}".*boom`)),
        );
      }));
  });
}
