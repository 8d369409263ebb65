import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { openSkein } from '../../../src/host/index.js';
import type { Skill } from '../../../src/ir/skill.js';
import { formSchema } from '../../../src/mcp/elicit-schema.js';
import { skillView } from '../../../src/mcp/skill-view.js';
import { FUNCTION_NAME, MCP_NAME, toolName } from '../../../src/ir/skill-tool.js';
import { ROOT } from '../../helpers/paths.js';

// What the MCP server makes of skills, without a transport: names, hints, forms, resources.

async function fixtureSkills(paths: string[]): Promise<Skill[]> {
  const config = loadConfig(ROOT, {
    SKEIN_SKILLS: paths.map((p) => join(ROOT, p)).join(':'),
    SKEIN_HOME: '/nonexistent',
  });
  return openSkein({ config }).skills.list();
}

test('tool names keep [A-Za-z0-9_.-], make the rest _, and never collide (with Skein’s own either)', () => {
  const taken = new Set(['skein_resume']);
  const mcpToolName = (id: string, names: Set<string>) => toolName(id, MCP_NAME, names);
  assert.equal(mcpToolName('order/confirm v2', taken), 'order_confirm_v2');
  assert.equal(mcpToolName('order:confirm.v2', taken), 'order_confirm.v2');
  assert.equal(mcpToolName('order_confirm.v2', taken), 'order_confirm.v2_2');
  assert.equal(mcpToolName('skein resume', taken), 'skein_resume_2');
  assert.equal(mcpToolName('报表', taken), '__');
  assert.equal(mcpToolName('x'.repeat(200), taken).length, 128);
});

test('one sanitiser, two rules: chat function names drop the dot and stop at 64 characters', () => {
  const taken = new Set<string>();
  assert.equal(toolName('order:confirm.v2', FUNCTION_NAME, taken), 'order_confirm_v2');
  assert.equal(toolName('order confirm v2', FUNCTION_NAME, taken), 'order_confirm_v2_2');
  assert.equal(toolName('y'.repeat(100), FUNCTION_NAME, taken).length, 64);
  assert.equal(toolName('y'.repeat(100), FUNCTION_NAME, taken), `${'y'.repeat(62)}_2`);
  assert.equal(toolName('a b', MCP_NAME), 'a_b', 'without taken names it only sanitises');
});

test('an await schema becomes a form when its fields are flat; optional fields keep their one type', () => {
  assert.deepEqual(
    formSchema({
      type: 'object',
      properties: {
        ok: { type: 'boolean', description: 'confirm?' },
        note: { type: ['string', 'null'], maxLength: 80 },
        size: { type: 'string', enum: ['S', 'M'] },
        count: { type: 'integer', minimum: 1, 'x-ui': 'spinner' },
      },
      required: ['ok'],
    }),
    {
      type: 'object',
      properties: {
        ok: { type: 'boolean', description: 'confirm?' },
        note: { type: 'string', maxLength: 80 },
        size: { type: 'string', enum: ['S', 'M'] },
        count: { type: 'integer', minimum: 1 },
      },
      required: ['ok'],
    },
  );
  const nested = { type: 'object', properties: { address: { type: 'object' } } };
  assert.equal(formSchema(nested), undefined);
  assert.equal(formSchema({ type: 'object', properties: { tags: { type: 'array' } } }), undefined);
  assert.equal(
    formSchema({ type: 'object', properties: { at: { type: 'string', format: 'ipv4' } } }),
    undefined,
  );
  assert.equal(formSchema({ type: 'string' }), undefined);
});

test('hints: template and await chains are read-only and idempotent; tool, model and TS code steps are not; callers inherit', async () => {
  const view = skillView(await fixtureSkills(['test/fixtures/server/skills', 'test/fixtures/skilljson/run']));
  const hints = Object.fromEntries(
    view.tools.map((t) => [t.tool.name, t.tool.annotations?.readOnlyHint ?? false]),
  );
  assert.equal(hints.greet, true);
  assert.equal(hints.confirm, true);
  assert.equal(hints.gated, false); // a tool step
  assert.equal(hints.classify, false); // a model
  assert.equal(hints.echo, false); // TS code
  assert.equal(hints.chain, false); // calls skills that run code
  assert.ok(!view.tools.some((t) => t.tool.name === 'guide'), 'a document is no tool');
  assert.deepEqual(
    view.docs.map((d) => d.resource.uri),
    ['skill://guide/SKILL.md', 'skill://guide/setup', 'skill://guide/usage'],
  );
  assert.match(view.catalog, /## Documents\n\n- guide: /);
});
