import { SkeinError, type ErrorCode, type ErrorField } from '../errors/index.js';
/** A tool failed (bad input, or an error while it ran); the message names the tool. */
export class ToolError extends SkeinError {
  constructor(
    /** The tool's name. */
    readonly tool: string,
    message: string,
    options?: { cause?: unknown; code?: ErrorCode; fields?: readonly ErrorField[] },
  ) {
    super(options?.code ?? 'tool_failed', `tool "${tool}": ${message}`, options);
    this.name = 'ToolError';
  }
}

/** A tool's input does not match its `inputSchema`; `fields` names each bad field. */
export class ToolInputError extends ToolError {
  constructor(tool: string, fields: readonly ErrorField[]) {
    super(tool, `invalid input: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`, {
      code: 'tool_input_invalid',
      fields,
    });
    this.name = 'ToolInputError';
  }
}

/** No tool has the name asked for; `suggestions` are the registered names closest to it. */
export class ToolNotFoundError extends SkeinError {
  constructor(
    readonly tool: string,
    readonly suggestions: readonly string[],
    available: readonly string[],
  ) {
    const hint = suggestions.length
      ? `; did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}?`
      : available.length
        ? `; registered tools: ${available.join(', ')}`
        : '; no tools are registered';
    super('tool_not_found', `no tool named "${tool}"${hint}`);
    this.name = 'ToolNotFoundError';
  }
}

/** Two tools were registered under one name; the message names where each came from. */
export class DuplicateToolError extends SkeinError {
  constructor(
    readonly tool: string,
    firstSource: string,
    secondSource: string,
  ) {
    super(
      'tool_duplicate',
      `tool "${tool}" from ${secondSource} has the same name as the one from ${firstSource}; rename one of them`,
    );
    this.name = 'DuplicateToolError';
  }
}

/** A tool module could not be loaded, or exports no tool; the message names the module. */
export class ToolModuleError extends SkeinError {
  constructor(
    readonly module: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super('tool_module_invalid', `tool module ${module}: ${message}`, options);
    this.name = 'ToolModuleError';
  }
}

/** An MCP server could not be reached or listed; the message names the server and its command or URL. */
export class McpConnectionError extends SkeinError {
  constructor(
    readonly server: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super('mcp_unreachable', `MCP server "${server}": ${message}`, options);
    this.name = 'McpConnectionError';
  }
}
