// A small MCP server over stdio for the example graphs: `add` and `multiply`, with structured results.
// Started by skein from examples/skein.yaml and examples/graphs/skein.yaml: node mcp/calc-server.mjs (plain
// JavaScript, so that it starts without a TypeScript loader).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'calc', version: '1.0.0' });
const numbers = { a: z.number(), b: z.number() };
const result = { value: z.number() };

server.registerTool('add', { description: 'Adds two numbers', inputSchema: numbers, outputSchema: result }, ({ a, b }) => ({
  content: [{ type: 'text', text: String(a + b) }],
  structuredContent: { value: a + b },
}));
server.registerTool('multiply', { description: 'Multiplies two numbers', inputSchema: numbers, outputSchema: result }, ({ a, b }) => ({
  content: [{ type: 'text', text: String(a * b) }],
  structuredContent: { value: a * b },
}));

await server.connect(new StdioServerTransport());
