import { readFile } from 'node:fs/promises';
import { defineTool } from '../../runtime/index.js';
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
    const bytes = await readFile(file.real, { signal: ctx.signal }).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') throw new Error(`no file "${file.relative}" in the workspace`);
      if (e.code === 'EISDIR') throw new Error(`"${file.relative || '.'}" is a folder, not a file`);
      throw e;
    });
    return { content: bytes.toString('utf8'), path: file.relative, size: bytes.length };
  },
});
