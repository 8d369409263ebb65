import { defineCommand } from '../command-spec.js';

/** `skein mcp`. */
export const mcpSpec = defineCommand({
  name: 'mcp',
  args: '',
  summary: 'the skills as an MCP server on stdio (tools, resources, skein_resume)',
  details: ['Stdout carries the protocol; messages go to stderr. `skein serve` also serves MCP at /mcp.'],
  options: {
    watch: {
      type: 'boolean',
      help: 'follow the skill files: tools and resources change, clients hear list_changed',
    },
    json: { type: 'boolean', help: 'errors before the server starts as {"error"} JSON' },
  },
  completes: 'none',
});
