import type { JsonSchema } from '../../ir/schema.js';

/** What a tool gets besides its input. */
export interface ToolContext {
  /** Writes an output variable (Aegis `out.put(key, value)`); merged with the returned record. */
  out: { put(key: string, value: unknown): void };
  signal: AbortSignal;
  /** The folder file tools are confined to. */
  workspace: string;
  runId?: string;
  /** A line for the run's log (shown live on a terminal). */
  log(message: string): void;
}

/** A tool in the registry: built-in, from a TS module, or from an MCP server. */
export interface Tool {
  name: string;
  description: string;
  /** JSON Schema of the input; checked before `execute` when present. */
  inputSchema?: JsonSchema;
  /** Keys and types the tool writes, for listings and checks. */
  outputSchema?: JsonSchema;
  /**
   * When true, input text that interpolates values arrives as `Interpolated` (strings and values kept
   * apart) instead of rendered text; `database.query` binds the values as SQL parameters.
   */
  bindsValues?: boolean;
  /** Where the tool came from (`built-in`, `module /path/x.ts`, `MCP server "fs"`), for messages. */
  source?: string;
  /** Runs the tool; returns its outputs (a record of keys) and/or writes them with `ctx.out.put`. */
  execute(
    input: Record<string, unknown>,
    ctx: ToolContext,
  ): Promise<Record<string, unknown> | void> | Record<string, unknown> | void;
}

/** Declares a tool in a TS module (`export default defineTool({...})`). */
export function defineTool(tool: Tool): Tool {
  if (!tool.name || typeof tool.execute !== 'function')
    throw new TypeError('defineTool needs a name and an execute function');
  return tool;
}

/** Tools, as the runtime sees them (src/tools implements them: built-ins, modules, MCP servers). */
export interface ToolService {
  require(name: string): Tool;
  invoke(
    tool: Tool,
    input: Record<string, unknown>,
    options: { signal: AbortSignal; runId: string; log(line: string): void },
  ): Promise<Record<string, unknown>>;
}
