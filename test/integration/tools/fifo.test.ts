// A FIFO needs mkfifo(1), a child process: this test lives in the integration tier.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { createToolRegistry, invokeTool } from '../../../src/tools/index.js';
import { tempDir, testConfig } from '../../helpers/tools.js';

test('a FIFO in the workspace is refused at once instead of waiting for a writer', async (t) => {
  const config = testConfig(await tempDir(t));
  const { registry, close } = await createToolRegistry(config);
  t.after(close);
  const workspace = config.workspace;
  const read = (path: string) =>
    invokeTool(registry.require('read_file'), { path }, { workspace: config.workspace });
  await mkdir(workspace, { recursive: true });
  execFileSync('mkfifo', [join(workspace, 'pipe')]);
  await assert.rejects(read('pipe'), /"pipe" is not a regular file/);
});
