import { errorRow, SkeinError } from '../errors/index.js';

/**
 * A JSON-RPC error answering an MCP request: the catalog's MCP code for the SkeinError's code, its
 * bare message, and `data.code` with Skein's own code. The SDK sends `code`, `message` and `data` of
 * whatever a handler throws; its own McpError would put "MCP error N:" into the message, which the
 * client's McpError prefixes again.
 */
export class McpProtocolError extends Error {
  readonly code: number;
  readonly data: { code: string };

  constructor(error: SkeinError) {
    super(error.message);
    this.name = 'McpProtocolError';
    this.code = errorRow(error.code).mcp;
    this.data = { code: error.code };
  }
}

/** Throws a refusal of an MCP request as the protocol error the catalog gives its code. */
export function refuse(...args: ConstructorParameters<typeof SkeinError>): never {
  throw new McpProtocolError(new SkeinError(...args));
}
