import { test } from 'node:test';
import assert from 'node:assert/strict';
import { whenToPython } from '../../../src/convert/when-python.js';
import { convertSkill } from '../../../src/convert/index.js';
import { loadText } from '../../../src/index.js';

const NONE = new Set<string>();

test('an Aegis when becomes a Python test with the helpers it calls, and nothing else', () => {
  const t = whenToPython("{{target_achieved}} != true && (region == 'east' || !notes)", NONE);
  assert.ok(t.ok);
  assert.equal(
    t.code,
    '((not _same(_at(context, ["target_achieved"]), True)) and ' +
      '(_same(_at(context, ["region"]), "east") or (not _truthy(_at(context, ["notes"])))))',
  );
  assert.deepEqual(
    [...t.helpers.matchAll(/^def (\w+)/gm)].map((m) => m[1]),
    ['_at', '_truthy', '_same'],
  );
  const order = whenToPython('items[0].count >= {{limit}}', NONE);
  assert.ok(order.ok);
  assert.equal(order.code, '_cmp(_at(context, ["items", 0, "count"]), ">=", _at(context, ["limit"]))');
  assert.match(order.helpers, /^import re\n/);
  const bare = whenToPython('items[#i]', NONE);
  assert.ok(bare.ok);
  assert.equal(bare.code, '_truthy(_at(context, ["items", _index(_at(context, ["i"]))]))');
});

test('an older {{step.output}} in a when reads the result stored under the step name', () => {
  const t = whenToPython('{{check.output}} == "ok" && other.output == 1', new Set(['check']));
  assert.ok(t.ok);
  assert.equal(
    t.code,
    '(_same(_at(context, ["check"]), "ok") and _same(_at(context, ["other", "output"]), 1))',
  );
});

test('what Python is not given is refused, naming the construct', () => {
  assert.deepEqual(whenToPython('{{a + b}} == 3', NONE), {
    ok: false,
    why: 'a guard (when) with arithmetic (+)',
  });
  assert.deepEqual(whenToPython('{{ -a }} < 0', NONE), {
    ok: false,
    why: 'a guard (when) with arithmetic (-)',
  });
});

const SKILL = (when: string) => `# skill: pick

**version**: 1.0.0

## description
Picks.

## input_schema

\`\`\`yaml
kind:
  type: string
  required: true
\`\`\`

## steps

### step: special

**type**: template
**varName**: answer
**when**: ${when}

\`\`\`template
special {{kind}}
\`\`\`
`;

test('a guard goes to AgenticDSL as a route with its resolver and comes back as the same when', () => {
  for (const when of ["kind == 'a'", "kind != 'a' && ({{kind}} > 'b' || !kind)"]) {
    const original = loadText('/tmp/pick.md', SKILL(when)).skills[0];
    const there = convertSkill(original, 'agenticdsl');
    assert.deepEqual(there.lost, [], when);
    assert.match(there.text, /type: dynamic_next\n\s+resolver: \/codelets\/special_when/);
    assert.ok(there.text.includes(`# skein-when: ${when}\n`), there.text);
    const dsl = loadText('/tmp/pick.agent.md', there.text, { dialect: 'agenticdsl' }).skills[0];
    assert.ok(dsl, there.text);
    const back = convertSkill(dsl, 'aegis');
    assert.deepEqual(back.lost, [], when);
    assert.ok(back.text.includes(`**when**: ${when}\n`), back.text);
  }
  const lossy = loadText('/tmp/pick.md', SKILL('{{count * 2}} > 3')).skills[0];
  assert.deepEqual(convertSkill(lossy, 'agenticdsl').lost, [
    { step: 'special', construct: 'a guard (when) with arithmetic (*)' },
  ]);
});
