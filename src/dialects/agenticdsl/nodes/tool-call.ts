import type { RetryPolicy } from '../../../ir/nodes.js';
import { EXAMPLES } from '../examples.js';
import { AWAIT_TOOL, compileAwaitTool } from './await-tool.js';
import type { NodeFields } from '../fields.js';
import { compileValue } from '../values.js';
import type { NodeCompiler } from './compiled.js';
import { outputTarget, readOutputKeys } from './output-keys.js';

const RETRY_DELAY_MS = 500;

/**
 * `tool_call`: calls a tool of the registry (built-ins, tool modules, MCP servers) with `arguments`
 * rendered by Inja. Its result goes to `tool_output`, or to the one key of `output_keys`, or (several
 * keys) each field of the result is written. `retry: N` tries N more times, waiting 0.5 s, 1 s, 2 s, ….
 * A call of `skein_await` is a pause for a person (./await-tool.ts).
 */
export const compileToolCall: NodeCompiler = (fields, { report }) => {
  fields.checkKnown(['tool', 'arguments', 'output_keys', 'retry', 'timeout_ms']);
  const tool = fields.text('tool', EXAMPLES.tool_call, true);
  if (tool && /\{\{|\{%/.test(tool))
    report.error(
      'bad-field',
      `tool must be a fixed tool name (the one registered, e.g. web_search), not a template`,
      ...fields.span('tool'),
    );
  if (fields.required('arguments', EXAMPLES.tool_call) === undefined) return {};
  if (tool === AWAIT_TOOL) {
    const node = compileAwaitTool(fields, report);
    return node ? { node } : {};
  }
  const input = compileValue(fields.decl.place.block, fields.node('arguments'), report);
  const keys = readOutputKeys(fields, EXAMPLES.tool_call);
  const retry = readRetry(fields);
  const timeoutMs = fields.count('timeout_ms', 'timeout_ms: 30000');
  if (!tool || !input || !keys || retry === null || /\{\{|\{%/.test(tool)) return {};
  return {
    node: {
      kind: 'tool',
      id: fields.decl.path,
      at: report.ref(fields.decl.offset),
      tool,
      input: Object.assign(Object.create(input) as typeof input, {
        written: toJson(fields.node('arguments')),
      }),
      output: outputTarget(keys, 'tool_output'),
      ...(keys.length > 1 ? { declares: keys } : {}),
      ...(retry ? { retry } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
    },
  };
};

/** `retry: 3` or `retry: {max_attempts: 3, delay_ms: 200}`; null after reporting a bad value. */
function readRetry(fields: NodeFields): RetryPolicy | undefined | null {
  const v = fields.values.retry;
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0)
    return v ? { max: v, delayMs: RETRY_DELAY_MS } : undefined;
  if (typeof v === 'object' && !Array.isArray(v)) {
    const r = v as Record<string, unknown>;
    const max = r.max_attempts ?? r.max;
    const delay = r.delay_ms ?? RETRY_DELAY_MS;
    if (
      typeof max === 'number' &&
      Number.isInteger(max) &&
      max >= 0 &&
      typeof delay === 'number' &&
      delay >= 0
    )
      return max ? { max, delayMs: delay } : undefined;
  }
  fields.report.error(
    'bad-field',
    'retry is how many more times to try, e.g. retry: 3 (or retry: {max_attempts: 3, delay_ms: 200})',
    ...fields.span('retry'),
  );
  return null;
}

/** A YAML node as the JSON it holds (what `ValueExpr.written` keeps). */
function toJson(node: unknown): unknown {
  return node && typeof node === 'object' && 'toJSON' in node
    ? (node as { toJSON(): unknown }).toJSON()
    : node;
}
