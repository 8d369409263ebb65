import { join } from 'node:path';
import type { SkeinConfig } from '../../config/config.js';
import { openDatabase } from '../database/open-database.js';
import type { Tool } from '../../runtime/index.js';
import { databaseQueryTool } from './database-query.js';
import { httpRequestTool } from './http-request.js';
import { jsonSelectTool } from './json-select.js';
import { logTool } from './log.js';
import { readFileTool } from './read-file.js';
import { writeFileTool } from './write-file.js';

/** The built-in tools, set up from the config; `close()` ends the database connection if one was opened. */
export function builtinTools(config: Pick<SkeinConfig, 'home' | 'tools' | 'limits'>): {
  tools: Tool[];
  close(): Promise<void>;
} {
  const database = openDatabase(config.tools.databaseUrl ?? `sqlite:${join(config.home, 'data.db')}`);
  return {
    tools: [
      jsonSelectTool,
      logTool,
      readFileTool,
      writeFileTool,
      databaseQueryTool(database),
      httpRequestTool(config.tools.httpAllow, config.limits.toolOutputBytes),
    ],
    close: () => database.close(),
  };
}
