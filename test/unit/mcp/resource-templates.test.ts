import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Skill } from '../../../src/ir/skill.js';
import { completeDocArgument, PART_TEMPLATE, SUMMARY_TEMPLATE } from '../../../src/mcp/resource-templates.js';

// Completion of the document templates' arguments (the MCP SDK client drives it in test/integration/mcp).

/** A document skill with these part ids (only what completion reads). */
const doc = (id: string, parts: string[]) =>
  ({ id, doc: { summary: '', parts: parts.map((p) => ({ id: p })) } }) as unknown as Skill;
const tool = { id: 'greet' } as unknown as Skill;

test('ids complete from document skills only, by prefix, sorted; at most 100 with hasMore and total', () => {
  const many = Array.from({ length: 150 }, (_, i) => doc(`d${String(i).padStart(3, '0')}`, []));
  const latest = [doc('zeta', []), tool, doc('alpha', []), ...many];
  assert.deepEqual(completeDocArgument(latest, SUMMARY_TEMPLATE, { name: 'id', value: 'a' }).values, [
    'alpha',
  ]);
  const all = completeDocArgument(latest, PART_TEMPLATE, { name: 'id', value: 'd' });
  assert.equal(all.values.length, 100);
  assert.equal(all.total, 150);
  assert.equal(all.hasMore, true);
  assert.equal(all.values[0], 'd000');
});

test('parts complete from the skill named in the context; nothing for an unknown skill or template', () => {
  const latest = [doc('pdf', ['usage', 'references/forms.md', 'references/api.md'])];
  const part = (value: string, context?: Record<string, string>) =>
    completeDocArgument(latest, PART_TEMPLATE, { name: 'part', value }, context).values;
  assert.deepEqual(part('ref', { id: 'pdf' }), ['references/api.md', 'references/forms.md']);
  assert.deepEqual(part('', { id: 'nope' }), []);
  assert.deepEqual(part(''), []);
  assert.deepEqual(completeDocArgument(latest, SUMMARY_TEMPLATE, { name: 'part', value: '' }).values, []);
  assert.deepEqual(completeDocArgument(latest, 'other://{id}', { name: 'id', value: '' }).values, []);
});
