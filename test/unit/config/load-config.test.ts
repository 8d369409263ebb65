import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';

function dir(yaml?: string): string {
  const d = mkdtempSync(join(tmpdir(), 'skein-cfg-'));
  if (yaml !== undefined) writeFileSync(join(d, 'skein.yaml'), yaml);
  return d;
}

test('defaults without skein.yaml', () => {
  const d = dir();
  const c = loadConfig(d, {});
  assert.equal(c.home, join(d, '.skein'));
  assert.deepEqual(c.skillsPath, [join(d, 'skills')]);
  assert.equal(c.workspace, join(d, 'workspace'));
  assert.equal(c.model, undefined);
  assert.deepEqual(c.mcpServers, {});
});

test('skein.yaml paths resolve against its folder; the environment wins', () => {
  const d = dir(
    'model: openai:gpt-4o-mini\nskills: [a, b]\nworkspace: ws\ntools:\n  modules: [t.ts]\n  http:\n    allow: [api.example.com]\n  database:\n    url: sqlite:data/x.db\nmcpServers:\n  fs:\n    command: npx\n    args: [server]\n  web:\n    url: http://127.0.0.1:9/mcp\n',
  );
  const c = loadConfig(d, {});
  assert.equal(c.model, 'openai:gpt-4o-mini');
  assert.deepEqual(c.skillsPath, [join(d, 'a'), join(d, 'b')]);
  assert.equal(c.workspace, join(d, 'ws'));
  assert.deepEqual(c.tools, {
    modules: [join(d, 't.ts')],
    httpAllow: ['api.example.com'],
    databaseUrl: `sqlite:${join(d, 'data/x.db')}`,
  });
  assert.deepEqual(c.mcpServers, {
    fs: { command: 'npx', args: ['server'], env: undefined, cwd: d },
    web: { url: 'http://127.0.0.1:9/mcp', headers: undefined },
  });
  const e = loadConfig(d, {
    SKEIN_MODEL: 'compat:m',
    SKEIN_HOME: '/tmp/h',
    SKEIN_SKILLS: '/x:/y',
    SKEIN_BASE_URL: 'http://b',
  });
  assert.equal(e.model, 'compat:m');
  assert.equal(e.home, '/tmp/h');
  assert.deepEqual(e.skillsPath, ['/x', '/y']);
  assert.equal(e.baseUrl, 'http://b');
});

test('mistakes in skein.yaml name the file and the field', () => {
  assert.throws(
    () => loadConfig(dir('model: [1]\n'), {}),
    /skein\.yaml: "model" must be a "provider:model" string/,
  );
  assert.throws(
    () => loadConfig(dir('mcpServers:\n  x: {}\n'), {}),
    /mcpServers\.x needs "command" \(stdio\) or "url"/,
  );
  assert.throws(() => loadConfig(dir('a: [\n'), {}), /skein\.yaml: /);
  assert.throws(
    () => loadConfig(dir(), { SKEIN_CONFIG: 'missing.yaml' }),
    /SKEIN_CONFIG names .*missing\.yaml, which does not exist/,
  );
});
