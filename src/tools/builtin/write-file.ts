import { constants } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { defineTool } from '../../runtime/index.js';
import { resolveInWorkspace } from '../workspace-path.js';

/**
 * `write_file`: writes (or with `append`, appends) UTF-8 text to a file inside the workspace,
 * creating parent folders; writes `path` (workspace-relative) and `size` (the file's bytes afterwards).
 */
export const writeFileTool = defineTool({
  name: 'write_file',
  description:
    'Writes text to a file in the workspace (paths relative to it; parent folders are created; nothing outside it can be written).',
  source: 'built-in',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', minLength: 1, description: 'Path relative to the workspace' },
      content: { type: 'string' },
      append: {
        type: 'boolean',
        default: false,
        description: 'Add to the end instead of replacing the file',
      },
    },
    required: ['path', 'content'],
  },
  outputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string' },
      size: { type: 'integer', description: 'Bytes in the file after writing' },
    },
  },
  async execute(input, ctx) {
    await mkdir(ctx.workspace, { recursive: true });
    const file = await resolveInWorkspace(ctx.workspace, input.path as string);
    await mkdir(dirname(file.real), { recursive: true });
    // O_NOFOLLOW: a link swapped in after the check above is not followed.
    const mode = input.append ? constants.O_APPEND : constants.O_TRUNC;
    const handle = await open(
      file.real,
      constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | mode,
    ).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'EISDIR') throw new Error(`"${file.relative || '.'}" is a folder, not a file`);
      throw e;
    });
    try {
      await handle.writeFile(input.content as string, 'utf8');
      return { path: file.relative, size: (await handle.stat()).size };
    } finally {
      await handle.close();
    }
  },
});
