import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { link, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { createToolRegistry, invokeTool, ToolError } from '../../../src/tools/index.js';
import { tempDir, testConfig } from '../../helpers/tools.js';

async function setup(t: TestContext) {
  const dir = await tempDir(t);
  const config = testConfig(dir);
  const { registry, close } = await createToolRegistry(config);
  t.after(close);
  const options = { workspace: config.workspace };
  return {
    dir,
    workspace: config.workspace,
    read: (path: string) => invokeTool(registry.require('read_file'), { path }, options),
    write: (path: string, content: string, append?: boolean) =>
      invokeTool(
        registry.require('write_file'),
        { path, content, ...(append === undefined ? {} : { append }) },
        options,
      ),
  };
}

test('write_file creates folders and read_file reads it back', async (t) => {
  const { workspace, read, write } = await setup(t);
  assert.deepEqual(await write('reports/2024/华东.txt', '销售额：1814.1\n'), {
    path: 'reports/2024/华东.txt',
    size: 19,
  });
  assert.deepEqual(await write('reports/2024/华东.txt', '目标：1800\n', true), {
    path: 'reports/2024/华东.txt',
    size: 33,
  });
  assert.deepEqual(await read('reports/2024/华东.txt'), {
    content: '销售额：1814.1\n目标：1800\n',
    path: 'reports/2024/华东.txt',
    size: 33,
  });
  assert.equal(
    await readFile(join(workspace, 'reports/2024/华东.txt'), 'utf8'),
    '销售额：1814.1\n目标：1800\n',
  );
  assert.deepEqual(await write('./reports/../note.txt', 'x'), { path: 'note.txt', size: 1 });
  assert.deepEqual(
    await read(join(workspace, 'note.txt')),
    { content: 'x', path: 'note.txt', size: 1 },
    'absolute path inside the workspace',
  );
});

test('a missing file and a folder are clear errors', async (t) => {
  const { read, write } = await setup(t);
  await write('a/b.txt', '');
  await assert.rejects(read('nope.txt'), /tool "read_file": no file "nope.txt" in the workspace/);
  await assert.rejects(read('a'), /"a" is a folder, not a file/);
});

test('paths outside the workspace are refused: .., absolute paths elsewhere', async (t) => {
  const { dir, read, write } = await setup(t);
  await writeFile(join(dir, 'secret.txt'), 'secret');
  await write('inside.txt', 'ok');
  for (const path of ['../secret.txt', 'a/../../secret.txt', '/etc/passwd', join(dir, 'secret.txt')]) {
    await assert.rejects(
      read(path),
      (e: unknown) => e instanceof ToolError && /is outside the workspace/.test(e.message),
      path,
    );
    await assert.rejects(write(path, 'pwned'), /is outside the workspace/, path);
  }
  assert.equal(await readFile(join(dir, 'secret.txt'), 'utf8'), 'secret');
});

test('symbolic links that lead outside are refused, also dangling ones and linked folders', async (t) => {
  const { dir, workspace, read, write } = await setup(t);
  const outside = join(dir, 'outside');
  await mkdir(outside);
  await writeFile(join(outside, 'secret.txt'), 'secret');
  await mkdir(workspace, { recursive: true });
  await symlink('/etc/passwd', join(workspace, 'passwd'));
  await symlink(outside, join(workspace, 'out-dir'));
  await symlink(join(outside, 'new.txt'), join(workspace, 'dangling.txt'));
  await assert.rejects(read('passwd'), /"passwd" leads outside the workspace .* through a symbolic link/);
  await assert.rejects(read('out-dir/secret.txt'), /through a symbolic link/);
  await assert.rejects(write('out-dir/secret.txt', 'pwned'), /through a symbolic link/);
  await assert.rejects(write('out-dir/sub/new.txt', 'pwned'), /through a symbolic link/);
  await assert.rejects(write('dangling.txt', 'pwned'), /through a symbolic link/);
  assert.equal(existsSync(join(outside, 'new.txt')), false);
  assert.equal(existsSync(join(outside, 'sub')), false);
  assert.equal(await readFile(join(outside, 'secret.txt'), 'utf8'), 'secret');
});

test('links that stay inside the workspace work', async (t) => {
  const { workspace, read, write } = await setup(t);
  await write('data/real.txt', 'inside');
  await symlink(join(workspace, 'data'), join(workspace, 'alias'));
  assert.deepEqual(await read('alias/real.txt'), { content: 'inside', path: 'data/real.txt', size: 6 });
});

test('a hard link inside the workspace to a file outside it is refused for reading and writing; the outside file is untouched', async (t) => {
  const { dir, workspace, read, write } = await setup(t);
  await mkdir(workspace, { recursive: true });
  const outside = join(dir, 'secret.txt');
  await writeFile(outside, 'outside secret');
  await link(outside, join(workspace, 'linked.txt'));
  // One attempt at a time: promises made together would reject before assert.rejects awaits them.
  for (const attempt of [
    () => read('linked.txt'),
    () => write('linked.txt', 'overwritten'),
    () => write('linked.txt', 'more', true),
  ])
    await assert.rejects(attempt(), (e: unknown) => {
      assert.ok(e instanceof ToolError);
      assert.match(
        e.message,
        /"linked.txt" has 2 hard links, so another name for it may lie outside the workspace/,
      );
      return true;
    });
  assert.equal(await readFile(outside, 'utf8'), 'outside secret');
});
