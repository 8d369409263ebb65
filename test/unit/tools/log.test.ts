import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createToolRegistry, invokeTool } from '../../../src/tools/index.js';
import { tempDir, testConfig } from '../../helpers/tools.js';

test('log writes to the run log and reports what it logged', async (t) => {
  const { registry, close } = await createToolRegistry(testConfig(await tempDir(t)));
  t.after(close);
  const lines: string[] = [];
  const log = registry.require('log');
  const options = { workspace: '/tmp', log: (line: string) => lines.push(line) };
  assert.deepEqual(await invokeTool(log, { message: '开始处理' }, options), {
    logged: true,
    level: 'info',
    message: '开始处理',
  });
  assert.deepEqual(await invokeTool(log, { message: { rows: 3 }, level: 'warn' }, options), {
    logged: true,
    level: 'warn',
    message: '{"rows":3}',
  });
  assert.deepEqual(lines, ['开始处理', '[warn] {"rows":3}']);
  await assert.rejects(
    invokeTool(log, { message: 'x', level: 'loud' }, options),
    /level: must be one of: "info", "warn", "error", "debug"/,
  );
});
