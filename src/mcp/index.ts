// Skills as an MCP server (docs/mcp.md): over stdio for `skein mcp`, over streamable HTTP
// for `/mcp` of `skein serve`.
export { LiveSkills } from './live-skills.js';
export { createSkillServer, type SkillServerOptions } from './mcp-server.js';
export { mcpHttp, type McpHttp } from './http.js';
export { serveStdio } from './stdio.js';
export { watchSkills } from './watch-skills.js';
