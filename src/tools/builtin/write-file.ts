import { constants } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { defineTool } from '../../runtime/index.js';
import { openWorkspaceFile } from '../open-workspace-file.js';
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
    // O_NOFOLLOW: a link swapped in after the check above is not followed. Truncated only once the
    // handle is checked (a file with a second name outside the workspace is left as it is).
    const handle = await openWorkspaceFile(
      file.real,
      constants.O_WRONLY |
        constants.O_CREAT |
        constants.O_NOFOLLOW |
        constants.O_NONBLOCK |
        (input.append ? constants.O_APPEND : 0),
      file.relative,
    );
    try {
      if (!input.append) await handle.truncate(0);
      await handle.writeFile(input.content as string, 'utf8');
      return { path: file.relative, size: (await handle.stat()).size };
    } finally {
      await handle.close();
    }
  },
});
