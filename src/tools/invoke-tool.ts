import { Interpolated } from '../ir/expr.js';
import { validateValue } from '../schema/index.js';
import { ToolError, ToolInputError } from './errors.js';
import type { Tool, ToolContext } from '../runtime/index.js';

/** What a call needs besides the input: the workspace, and optionally a signal, a run id and a log. */
export interface InvokeOptions {
  /** The folder file tools are confined to. */
  workspace: string;
  signal?: AbortSignal;
  runId?: string;
  /** Receives the tool's log lines; without it they are dropped. */
  log?: (message: string) => void;
  /** Largest output in bytes (as JSON); a larger one is a ToolError. Default: no limit. */
  maxOutputBytes?: number;
}

/**
 * Checks `input` against the tool's `inputSchema` (defaults applied), runs it, and returns its
 * outputs: the `ctx.out.put` values merged with the returned record (returned keys win). Tools that
 * do not bind values get every `Interpolated` as its text. Any failure is a ToolError naming the tool.
 */
export async function invokeTool(
  tool: Tool,
  input: Record<string, unknown>,
  options: InvokeOptions,
): Promise<Record<string, unknown>> {
  const written: Record<string, unknown> = {};
  const ctx: ToolContext = {
    out: { put: (key, value) => void (written[key] = value) },
    signal: options.signal ?? new AbortController().signal,
    workspace: options.workspace,
    runId: options.runId,
    log: options.log ?? (() => {}),
  };
  let returned: unknown;
  try {
    returned = await tool.execute(checkInput(tool, input), ctx);
  } catch (e) {
    if (e instanceof ToolError && e.tool === tool.name) throw e;
    throw new ToolError(tool.name, e instanceof Error ? e.message : String(e), { cause: e });
  }
  if (returned !== undefined && !isPlainObject(returned))
    throw new ToolError(
      tool.name,
      `returned ${Array.isArray(returned) ? 'an array' : typeof returned}; a tool returns a record of outputs or nothing`,
    );
  const output = returned === undefined ? written : { ...written, ...returned };
  if (options.maxOutputBytes !== undefined) checkOutputSize(tool, output, options.maxOutputBytes);
  return output;
}

/** Refuses an output larger than the limit: it would be kept in the run's record and its events. */
function checkOutputSize(tool: Tool, output: Record<string, unknown>, max: number): void {
  let bytes: number;
  try {
    bytes = Buffer.byteLength(JSON.stringify(output) ?? '');
  } catch {
    return; // Not JSON (a cycle, a BigInt): the store says so when it saves the output.
  }
  if (bytes > max)
    throw new ToolError(
      tool.name,
      `returned ${bytes} bytes of output, more than the limit of ${max} (limits.toolOutputBytes in skein.yaml)`,
    );
}

/** The input as the tool gets it: checked against `inputSchema` with defaults applied, `Interpolated` kept only for tools that bind values. */
function checkInput(tool: Tool, input: Record<string, unknown>): Record<string, unknown> {
  const rendered = renderInterpolated(input) as Record<string, unknown>;
  if (!tool.inputSchema) return tool.bindsValues ? input : rendered;
  const checked = validateValue(tool.inputSchema, rendered);
  if (!checked.ok) throw new ToolInputError(tool.name, checked.errors);
  return (tool.bindsValues ? keepInterpolated(checked.value, input) : checked.value) as Record<
    string,
    unknown
  >;
}

/** The value with every `Interpolated` inside it (in arrays and plain objects too) replaced by its text. */
function renderInterpolated(value: unknown): unknown {
  if (value instanceof Interpolated) return value.text;
  if (Array.isArray(value)) return value.map(renderInterpolated);
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderInterpolated(v)]));
  return value;
}

/** The validated copy, with the original `Interpolated` values put back where the input had them. */
function keepInterpolated(checked: unknown, original: unknown): unknown {
  if (original instanceof Interpolated) return original;
  if (Array.isArray(checked) && Array.isArray(original))
    return checked.map((v, i) => keepInterpolated(v, original[i]));
  if (isPlainObject(checked) && isPlainObject(original))
    return Object.fromEntries(Object.entries(checked).map(([k, v]) => [k, keepInterpolated(v, original[k])]));
  return checked;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
