import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { createToolRegistry, defineTool, DuplicateToolError } from '../../../src/tools/index.js';
import { tempDir, testConfig } from '../../helpers/tools.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/tools/${name}`, import.meta.url));

test('the registry holds the built-ins, then extra tools, then module tools', async (t) => {
  const extra = defineTool({
    name: 'load_doc_chunk',
    description: 'supplied by the host',
    execute: () => ({}),
  });
  const { registry, close } = await createToolRegistry(
    testConfig(await tempDir(t), { modules: [fixture('greet-tool.ts')] }),
    [extra],
  );
  t.after(close);
  assert.deepEqual(
    registry.list().map((tool) => tool.name),
    [
      'json_select',
      'log',
      'read_file',
      'write_file',
      'database.query',
      'http.request',
      'load_doc_chunk',
      'greet',
    ],
  );
  for (const tool of registry.list().slice(0, 6)) {
    assert.equal(tool.source, 'built-in');
    assert.ok(tool.inputSchema && tool.outputSchema && tool.description, tool.name);
  }
  assert.equal(registry.require('database.query').bindsValues, true);
});

test('a module tool named like a built-in is an error naming both', async (t) => {
  const dir = await tempDir(t);
  const module = join(dir, 'clash.mjs');
  await writeFile(module, "export default { name: 'json_select', description: '', execute() {} };\n");
  await assert.rejects(createToolRegistry(testConfig(dir, { modules: [module] })), (e: unknown) => {
    assert.ok(e instanceof DuplicateToolError);
    assert.equal(
      e.message,
      `tool "json_select" from module ${module} has the same name as the one from built-in; rename one of them`,
    );
    return true;
  });
});

test('an unsupported database URL is named by its scheme only', async (t) => {
  await assert.rejects(
    createToolRegistry(testConfig(await tempDir(t), { databaseUrl: 'mysql://admin:hunter2@db/sales' })),
    (e: unknown) =>
      e instanceof Error &&
      /"mysql:…" is not supported; use sqlite:<path> or postgres:/.test(e.message) &&
      !/hunter2/.test(e.message),
  );
});
