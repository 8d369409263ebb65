import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convertSkill } from '../../../src/convert/index.js';
import { loadText } from '../../../src/index.js';

const AEGIS = (declared: string) => `# skill: fetcher

**version**: 1.0.0

## description
Fetches.

## input_schema

\`\`\`yaml
id:
  type: string
  required: true
\`\`\`

## output_schema

\`\`\`yaml
price:
  type: number
  required: false
\`\`\`

## steps

### step: fetch

**type**: tool
**tool**: get_item

\`\`\`yaml
input:
  id: "{{id}}"${declared}
\`\`\`

### step: show

**type**: template
**varName**: shown

\`\`\`template
{{fetch.output}}
\`\`\`
`;

test('a tool result merged and stored under the step name: a tool_call and an assign of the fields read later', () => {
  const skill = loadText('/tmp/fetcher.md', AEGIS('')).skills[0];
  const there = convertSkill(skill, 'agenticdsl');
  assert.deepEqual(there.lost, []);
  assert.match(
    there.text,
    /output_keys:\n\s+- fetch\n\s+next:\n\s+- fetch_fields\n\s+- id: fetch_fields\n\s+type: assign\n\s+assign:\n\s+price: "\{\{ default\(fetch\.price, default\(price, null\)\) \}\}"\n/,
  );
  assert.match(there.text, /shown: '\{\{ default\(fetch, ""\) \}\}'/);
  const dsl = loadText('/tmp/fetcher.agent.md', there.text, { dialect: 'agenticdsl' }).skills[0];
  const back = convertSkill(dsl, 'aegis');
  assert.deepEqual(back.lost, []);
  assert.match(
    back.text,
    /### step: fetch\n\n\*\*type\*\*: tool\n\*\*tool\*\*: get_item\n\n```yaml\ninput:\n {2}id: "\{\{id\}\}"\noutput_schema:\n {2}price:\n/,
  );
  assert.doesNotMatch(back.text, /fetch_fields/);
});

test('declared outputs are the fields copied; a key that is not a plain name is named as lost', () => {
  const declared = convertSkill(
    loadText('/tmp/f.md', AEGIS('\noutput_schema:\n  cost:\n    type: number')).skills[0],
    'agenticdsl',
  );
  assert.match(
    declared.text,
    /assign:\n\s+cost: "\{\{ default\(fetch\.cost, default\(cost, null\)\) \}\}"\n/,
  );
  const odd = convertSkill(
    loadText('/tmp/f.md', AEGIS('\noutput_schema:\n  unit-cost:\n    type: number')).skills[0],
    'agenticdsl',
  );
  assert.deepEqual(odd.lost, [
    { step: 'fetch', construct: 'a tool result merged under a key that is not a plain name (unit-cost)' },
  ]);
});

test('an assign that is not exactly the copy of the fields stays a step of its own on the way back', () => {
  const skill = loadText('/tmp/fetcher.md', AEGIS('')).skills[0];
  const edited = convertSkill(skill, 'agenticdsl').text.replace('default(price, null)', 'default(price, 0)');
  const dsl = loadText('/tmp/fetcher.agent.md', edited, { dialect: 'agenticdsl' }).skills[0];
  assert.match(convertSkill(dsl, 'aegis').text, /### step: fetch_fields\n/);
});
