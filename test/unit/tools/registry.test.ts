import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Interpolated } from '../../../src/ir/expr.js';
import {
  defineTool,
  DuplicateToolError,
  invokeTool,
  ToolError,
  ToolInputError,
  ToolNotFoundError,
  ToolRegistry,
  type Tool,
} from '../../../src/tools/index.js';

const noop = (name: string, extra: Partial<Tool> = {}): Tool =>
  defineTool({ name, description: name, execute: () => ({}), ...extra });

test('registers, gets, requires and lists tools in order', () => {
  const registry = new ToolRegistry();
  const a = noop('json_select');
  const b = noop('database.query');
  registry.register(a);
  registry.register(b);
  assert.equal(registry.get('json_select'), a);
  assert.equal(registry.get('nope'), undefined);
  assert.equal(registry.require('database.query'), b);
  assert.deepEqual(
    registry.list().map((t) => t.name),
    ['json_select', 'database.query'],
  );
});

test('require names close tools when the name is wrong', () => {
  const registry = new ToolRegistry();
  for (const name of ['json_select', 'read_file', 'write_file', 'database.query'])
    registry.register(noop(name));
  assert.throws(
    () => registry.require('json_selct'),
    (e: unknown) => {
      assert.ok(e instanceof ToolNotFoundError);
      assert.deepEqual(e.suggestions, ['json_select']);
      assert.match(e.message, /no tool named "json_selct"; did you mean "json_select"\?/);
      return true;
    },
  );
  assert.throws(() => registry.require('query'), /did you mean "database.query"/);
  assert.throws(
    () => registry.require('zzz'),
    /registered tools: json_select, read_file, write_file, database.query/,
  );
});

test('a second tool with a taken name is an error naming both sources', () => {
  const registry = new ToolRegistry();
  registry.register(noop('search_api', { source: 'module /a/search.ts' }));
  assert.throws(
    () => registry.register(noop('search_api', { source: 'MCP server "web"' })),
    (e: unknown) =>
      e instanceof DuplicateToolError && /MCP server "web".*module \/a\/search\.ts/.test(e.message),
  );
});

test('invokeTool merges out.put values with the returned record; returned keys win', async () => {
  const tool = defineTool({
    name: 'both',
    description: '',
    execute(_input, ctx) {
      ctx.out.put('a', 1);
      ctx.out.put('b', 'put');
      return { b: 'returned', c: true };
    },
  });
  assert.deepEqual(await invokeTool(tool, {}, { workspace: '/tmp' }), { a: 1, b: 'returned', c: true });
  const onlyPut = defineTool({ name: 'put', description: '', execute: (_i, ctx) => ctx.out.put('x', [1]) });
  assert.deepEqual(await invokeTool(onlyPut, {}, { workspace: '/tmp' }), { x: [1] });
});

test('invokeTool passes the workspace, run id, signal and log', async () => {
  const lines: string[] = [];
  const signal = new AbortController().signal;
  const tool = defineTool({
    name: 'ctx',
    description: '',
    execute(_input, ctx) {
      ctx.log('hello');
      return { workspace: ctx.workspace, runId: ctx.runId, same: ctx.signal === signal };
    },
  });
  const out = await invokeTool(tool, {}, { workspace: '/w', runId: 'r1', signal, log: (l) => lines.push(l) });
  assert.deepEqual(out, { workspace: '/w', runId: 'r1', same: true });
  assert.deepEqual(lines, ['hello']);
});

test('invokeTool checks the input against inputSchema, naming each bad field, and applies defaults', async () => {
  let seen: Record<string, unknown> = {};
  const tool = defineTool({
    name: 'typed',
    description: '',
    inputSchema: {
      type: 'object',
      properties: {
        count: { type: 'integer' },
        name: { type: 'string' },
        mode: { type: 'string', default: 'fast' },
      },
      required: ['count', 'name'],
    },
    execute: (input) => void (seen = input),
  });
  await assert.rejects(invokeTool(tool, { count: 'many' }, { workspace: '/tmp' }), (e: unknown) => {
    assert.ok(e instanceof ToolInputError);
    assert.match(e.message, /^tool "typed": invalid input: /);
    assert.deepEqual(
      e.fields?.map((f) => f.field),
      ['name', 'count'],
    );
    return true;
  });
  await invokeTool(tool, { count: 2, name: 'x' }, { workspace: '/tmp' });
  assert.deepEqual(seen, { count: 2, name: 'x', mode: 'fast' });
});

test('invokeTool wraps errors in a ToolError naming the tool, keeping the cause', async () => {
  const boom = new RangeError('out of range');
  const tool = defineTool({
    name: 'boom',
    description: '',
    execute: () => {
      throw boom;
    },
  });
  await assert.rejects(invokeTool(tool, {}, { workspace: '/tmp' }), (e: unknown) => {
    assert.ok(e instanceof ToolError);
    assert.equal(e.message, 'tool "boom": out of range');
    assert.equal(e.tool, 'boom');
    assert.equal(e.cause, boom);
    return true;
  });
  const bad = defineTool({
    name: 'bad',
    description: '',
    execute: () => [1, 2] as unknown as Record<string, unknown>,
  });
  await assert.rejects(invokeTool(bad, {}, { workspace: '/tmp' }), /tool "bad": returned an array/);
});

test('tools that do not bind values get Interpolated text, deeply; binding tools get the Interpolated', async () => {
  const q = new Interpolated(['a = ', ''], [5], 'a = 5');
  let seen: Record<string, unknown> = {};
  const plain = defineTool({
    name: 'plain',
    description: '',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    execute: (input) => void (seen = input),
  });
  await invokeTool(plain, { q, list: [q, { inner: q }], n: 1 }, { workspace: '/tmp' });
  assert.deepEqual(seen, { q: 'a = 5', list: ['a = 5', { inner: 'a = 5' }], n: 1 });

  let bound: Record<string, unknown> = {};
  const binding = defineTool({
    name: 'binding',
    description: '',
    bindsValues: true,
    inputSchema: {
      type: 'object',
      properties: { q: { type: 'string' }, limit: { type: 'integer', default: 10 } },
    },
    execute: (input) => void (bound = input),
  });
  await invokeTool(binding, { q, nested: { q } }, { workspace: '/tmp' });
  assert.equal(bound.q, q);
  assert.equal((bound.nested as { q: unknown }).q, q);
  assert.equal(bound.limit, 10);
});

test('an input schema that cannot be compiled is a ToolError naming the tool', async () => {
  const tool = defineTool({
    name: 'odd_schema',
    description: '',
    inputSchema: { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } },
    execute: () => ({}),
  });
  await assert.rejects(
    invokeTool(tool, { a: 1 }, { workspace: '/tmp' }),
    (e: unknown) => e instanceof ToolError && /^tool "odd_schema": /.test(e.message),
  );
});
