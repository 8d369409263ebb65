import { constants } from 'node:fs';
import { defineTool } from '../../runtime/index.js';
import { openWorkspaceFile } from '../open-workspace-file.js';
import { resolveInWorkspace } from '../workspace-path.js';

/** `read_file`: reads a UTF-8 text file inside the workspace; writes `content`, `path` (workspace-relative) and `size` (bytes). */
export const readFileTool = defineTool({
  name: 'read_file',
  description: 'Reads a text file from the workspace (paths relative to it; nothing outside it can be read).',
  source: 'built-in',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string', minLength: 1, description: 'Path relative to the workspace' } },
    required: ['path'],
  },
  outputSchema: {
    type: 'object',
    properties: {
      content: { type: 'string' },
      path: { type: 'string' },
      size: { type: 'integer', description: 'Bytes' },
    },
  },
  async execute(input, ctx) {
    const file = await resolveInWorkspace(ctx.workspace, input.path as string);
    // O_NONBLOCK: opening a FIFO does not wait for a writer (it is refused once open).
    const handle = await openWorkspaceFile(
      file.real,
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
      file.relative,
    );
    let bytes: Buffer;
    try {
      bytes = await handle.readFile({ signal: ctx.signal });
    } finally {
      await handle.close();
    }
    return { content: bytes.toString('utf8'), path: file.relative, size: bytes.length };
  },
});
