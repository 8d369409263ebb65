import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { invokeTool, loadToolModules, ToolModuleError } from '../../../src/tools/index.js';
import { tempDir } from '../../helpers/tools.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/tools/${name}`, import.meta.url));

test('a .ts module is loaded at run time and its defineTool default export works', async () => {
  const [greet, ...rest] = await loadToolModules([fixture('greet-tool.ts')]);
  assert.equal(rest.length, 0);
  assert.equal(greet.name, 'greet');
  assert.equal(greet.source, `module ${fixture('greet-tool.ts')}`);
  assert.deepEqual(await invokeTool(greet, { name: '小明' }, { workspace: '/tmp' }), {
    greeting: '你好，小明！',
  });
});

test('a default export that is an array, and named exports that are tools, are all registered', async () => {
  const tools = await loadToolModules([fixture('several-tools.ts'), fixture('greet-tool.ts')]);
  assert.deepEqual(tools.map((t) => t.name).sort(), ['greet', 'length', 'lower', 'upper']);
});

test('a module that exports no tool is a clear error naming it', async () => {
  await assert.rejects(loadToolModules([fixture('no-tool.ts')]), (e: unknown) => {
    assert.ok(e instanceof ToolModuleError);
    assert.equal(
      e.message,
      `tool module ${fixture('no-tool.ts')}: exports no tool; write \`export default defineTool({ name, description, execute })\``,
    );
    return true;
  });
});

test('missing files, syntax errors and non-tools in a default array are errors naming the module', async (t) => {
  const dir = await tempDir(t);
  await assert.rejects(
    loadToolModules([join(dir, 'missing.ts')]),
    new RegExp(`tool module ${dir}/missing.ts: file not found`),
  );
  await writeFile(join(dir, 'broken.ts'), 'export default {{ name: ');
  await assert.rejects(
    loadToolModules([join(dir, 'broken.ts')]),
    new RegExp(`tool module ${dir}/broken.ts: could not be loaded: `),
  );
  await writeFile(
    join(dir, 'mixed.mjs'),
    "export default [{ name: 'ok', description: '', execute() {} }, 'oops'];",
  );
  await assert.rejects(
    loadToolModules([join(dir, 'mixed.mjs')]),
    /mixed\.mjs: item 1 of the default export is not a tool/,
  );
});

test('a .ts module outside any ESM package (compiled as CommonJS) and a plain .js module load too', async (t) => {
  const dir = await tempDir(t);
  await writeFile(
    join(dir, 'cjs-tool.ts'),
    "const twice = { name: 'twice', description: '', execute: (i: { n: number }) => ({ n: i.n * 2 }) };\nexport default twice;\n",
  );
  await writeFile(
    join(dir, 'plain.mjs'),
    "export const hello = { name: 'hello', description: '', execute: () => ({ text: 'hi' }) };\n",
  );
  const [twice, hello] = await loadToolModules([join(dir, 'cjs-tool.ts'), join(dir, 'plain.mjs')]);
  assert.deepEqual(await invokeTool(twice, { n: 21 }, { workspace: dir }), { n: 42 });
  assert.deepEqual(await invokeTool(hello, {}, { workspace: dir }), { text: 'hi' });
});
