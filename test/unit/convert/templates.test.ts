import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { aegisToInja, injaToAegis, translateWritten } from '../../../src/convert/templates.js';
import { convertSkill } from '../../../src/convert/index.js';
import { agentSkillName } from '../../../src/convert/index.js';
import { indexName } from '../../../src/distribution/index.js';
import { loadText } from '../../../src/index.js';

const ROOT = join(import.meta.dirname, '../../..');

test('Aegis templates become Inja with missing paths rendered as "", and come back the same', () => {
  const source = 'Total: {{quantity * unit_price}} for {{order.id}}!';
  const inja = aegisToInja(source);
  assert.deepEqual(inja, {
    ok: true,
    text: 'Total: {{ quantity * unit_price }} for {{ default(order.id, "") }}!',
  });
  assert.deepEqual(injaToAegis(inja.ok ? inja.text : ''), {
    ok: true,
    text: 'Total: {{quantity * unit_price}} for {{order.id}}!',
  });
});

test('what a template syntax has and the other lacks is refused with the construct named', () => {
  assert.deepEqual(aegisToInja('{% if x %}y{% endif %}'), {
    ok: false,
    why: 'an Aegis template tag or comment',
  });
  assert.equal(aegisToInja('{{name | upper}}').ok, false);
  assert.equal(injaToAegis('{{ upper(name) }}').ok, false);
  assert.equal(injaToAegis('{% for x in xs %}{{ x }}{% endfor %}').ok, false);
  const args = translateWritten({ q: '{{query}}', n: 3, list: ['{{a}}'] }, aegisToInja);
  assert.deepEqual(args.value, { q: '{{ default(query, "") }}', n: 3, list: ['{{ default(a, "") }}'] });
});

test('an Aegis step that pauses goes to AgenticDSL as a call of skein_await and comes back as await', () => {
  const path = join(ROOT, 'test/fixtures/server/skills/confirm.md');
  const skill = loadText(path, readFileSync(path, 'utf8')).skills[0];
  const there = convertSkill(skill, 'agenticdsl');
  assert.deepEqual(there.lost, []);
  assert.match(there.text, /type: tool_call\n\s+tool: skein_await\n/);
  const dsl = loadText('/tmp/confirm.agent.md', there.text, { dialect: 'agenticdsl' }).skills[0];
  const pause = dsl.graph!.nodes.find((n) => n.kind === 'await');
  assert.ok(pause && pause.kind === 'await', 'the AgenticDSL file reads as an await step');
  assert.deepEqual(
    pause.inputSchema,
    (skill.graph!.nodes.find((n) => n.kind === 'await') as typeof pause).inputSchema,
  );
  const back = convertSkill(dsl, 'aegis');
  assert.deepEqual(back.lost, []);
  assert.match(back.text, /### step: ask\n\n\*\*type\*\*: await\n/);
  assert.match(back.text, /message: "\{\{summary\}\}\. Confirm\?"/);
  // A skill.json pipeline step only calls a skill: every other step is named as lost.
  assert.deepEqual(
    convertSkill(skill, 'skilljson').lost.map((l) => l.step),
    ['compose_summary', 'ask', 'reply', skill.id],
  );
});

test('names for Agent Skills: lowercase letters, digits and single hyphens', () => {
  assert.equal(indexName('Web_Search'), 'web-search');
  assert.equal(agentSkillName('order_confirmation'), 'order-confirmation');
  assert.equal(indexName('--'), 'skill');
  assert.equal(indexName('a'.repeat(80)).length, 64);
});
