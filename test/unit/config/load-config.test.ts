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
    web: { url: 'http://127.0.0.1:9/mcp' },
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
  assert.throws(() => loadConfig(dir('model: [1]\n'), {}), /skein\.yaml:1:8: "model" must be a string/);
  assert.throws(
    () => loadConfig(dir('mcpServers:\n  x: {}\n'), {}),
    /skein\.yaml:2:6: "mcpServers\.x" needs "command" \(stdio\) or "url"/,
  );
  assert.throws(() => loadConfig(dir('a: [\n'), {}), /skein\.yaml:2:1: Flow sequence/);
  assert.throws(
    () => loadConfig(dir(), { SKEIN_CONFIG: 'missing.yaml' }),
    /SKEIN_CONFIG names .*missing\.yaml, which does not exist/,
  );
});

test('an unknown key is an error at its line and column, with the nearest known key', () => {
  const d = dir('skills: ./skills\nmodle: openai:gpt-4o-mini\n');
  assert.throws(() => loadConfig(d, {}), {
    name: 'ConfigError',
    message: `${join(d, 'skein.yaml')}:2:1: unknown key "modle"; did you mean "model"?`,
  });
  assert.throws(
    () => loadConfig(dir('tools:\n  databse:\n    url: sqlite:x.db\n'), {}),
    /skein\.yaml:2:3: unknown key "databse" in tools; did you mean "database"\?/,
  );
  assert.throws(
    () => loadConfig(dir('server:\n  tokns: [a]\n'), {}),
    /skein\.yaml:2:3: unknown key "tokns" in server; did you mean "tokens"\?/,
  );
  assert.throws(
    () => loadConfig(dir('mcpServers:\n  fs:\n    comand: npx\n'), {}),
    /skein\.yaml:3:5: "mcpServers\.fs" needs "command" \(stdio\) or "url" \(streamable HTTP\); unknown key "comand", did you mean "command"\?/,
  );
});

test('a wrong shape names the key; every mistake is listed', () => {
  assert.throws(
    () => loadConfig(dir('store: postgres\nserver:\n  bodyLimit: lots\nskills: {a: 1}\n'), {}),
    (e: Error) =>
      /skein\.yaml:1:8: "store" must be one of: sqlite, memory/.test(e.message) &&
      /skein\.yaml:3:14: "server\.bodyLimit" must be a whole number/.test(e.message) &&
      /skein\.yaml:4:9: "skills" must be a path or a list of paths/.test(e.message),
  );
});

test('the example configurations match the schema', () => {
  const root = join(import.meta.dirname, '../../../examples');
  for (const file of ['skein.yaml', 'engine/skein.yaml', 'graphs/skein.yaml'])
    assert.doesNotThrow(() => loadConfig(root, { SKEIN_CONFIG: file }), file);
});

test('trace.flushTimeoutMs bounds trace exports (default 1000); the environment wins; a bad value is named', () => {
  assert.equal(loadConfig(dir(), {}).trace.flushTimeoutMs, 1000);
  const d = dir('trace:\n  flushTimeoutMs: 250\n');
  assert.equal(loadConfig(d, {}).trace.flushTimeoutMs, 250);
  assert.equal(loadConfig(d, { SKEIN_TRACE_FLUSH_TIMEOUT_MS: '40' }).trace.flushTimeoutMs, 40);
  assert.throws(
    () => loadConfig(d, { SKEIN_TRACE_FLUSH_TIMEOUT_MS: 'soon' }),
    /SKEIN_TRACE_FLUSH_TIMEOUT_MS is "soon": it must be a whole number of milliseconds/,
  );
  assert.throws(() => loadConfig(dir('trace:\n  flushTimeoutMs: -1\n'), {}), /flushTimeoutMs/);
});
