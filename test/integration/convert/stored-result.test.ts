import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertSkill } from '../../../src/convert/index.js';
import { loadConfig, loadText, openSkein } from '../../../src/index.js';
import { ROOT } from '../../helpers/cli.js';

// An older Aegis tool step without varName that later steps read by its name both merges its result
// and stores it under the step's name. In AgenticDSL that is a tool_call storing it under the name and
// an assign node copying out the fields read later (docs/distribution.md, "Convert"); the way back
// folds the two into the one Aegis step again.

const SKILL = `# skill: lookup

**version**: 1.0.0

## description
Looks something up and counts.

## input_schema

\`\`\`yaml
q:
  type: string
  required: true
n:
  type: number
  required: true
skip:
  type: boolean
\`\`\`

## output_schema

\`\`\`yaml
result:
  type: string
  required: false
summary:
  type: string
  required: false
total:
  type: number
  required: false
\`\`\`

## steps

### step: search

**type**: tool
**tool**: search_api

\`\`\`yaml
input:
  q: "{{q}}"
\`\`\`

### step: calc

**type**: tool
**tool**: calculator
**when**: skip != true

\`\`\`yaml
input:
  a: "{{n}}"
  b: 2
\`\`\`

### step: summarize

**type**: template
**varName**: summary

\`\`\`template
{{search.output.result}} / {{calc.total}}
\`\`\`
`;

test('a tool result merged and stored under the step name goes to AgenticDSL and back with the same outputs', async () => {
  const home = mkdtempSync(join(tmpdir(), 'skein-stored-'));
  const env = { SKEIN_CONFIG: join(ROOT, 'test/fixtures/aegis-compat/skein.yaml'), SKEIN_HOME: home };
  const lib = openSkein({ config: loadConfig(ROOT, env), store: 'memory' });
  try {
    const original = loadText(join(home, 'lookup.md'), SKILL).skills[0];
    const there = convertSkill(original, 'agenticdsl');
    assert.deepEqual(there.lost, []);
    assert.match(there.text, /- id: search\n\s+type: tool_call\n[\s\S]*?output_keys:\n\s+- search\n/);
    assert.match(
      there.text,
      /- id: calc_fields\n\s+type: assign\n\s+assign:\n\s+result: "\{\{ default\(calc\.result, default\(result, null\)\) \}\}"\n\s+total: "\{\{ default\(calc\.total, default\(total, null\)\) \}\}"\n/,
    );
    assert.match(
      there.text,
      /- id: calc_when\n\s+type: dynamic_next\n\s+resolver: \/codelets\/calc_when\n\s+next:\n\s+- calc\n\s+- summarize\n/,
    );
    const dsl = loadText(join(home, 'lookup.agent.md'), there.text, { dialect: 'agenticdsl' }).skills[0];
    assert.ok(dsl, there.text);
    const back = convertSkill(dsl, 'aegis');
    assert.deepEqual(back.lost, []);
    assert.match(
      back.text,
      /### step: calc\n\n\*\*type\*\*: tool\n\*\*tool\*\*: calculator\n\*\*when\*\*: skip != true\n/,
    );
    assert.doesNotMatch(back.text, /_fields|varName\*\*: (search|calc)/);
    const again = loadText(join(home, 'lookup2.md'), back.text, { dialect: 'aegis' }).skills[0];
    const ids = (s: typeof original) => s.graph!.nodes.map((n) => `${n.id.split('/').at(-1)}:${n.kind}`);
    assert.deepEqual(ids(again), ids(original));
    for (const skip of [false, true]) {
      const outputs = [];
      for (const s of [original, dsl, again]) {
        const r = await lib.run(s, { q: 'mcp', n: 3, skip });
        assert.equal(r.status, 'completed', JSON.stringify(r.error));
        // AgenticDSL's end gives a key nothing wrote as null; Aegis leaves it out.
        const output = Object.entries(r.output as object).filter(([, v]) => s !== dsl || v !== null);
        outputs.push(Object.fromEntries(output));
      }
      const expected = skip
        ? { result: 'mcp 的第一条结果', summary: 'mcp 的第一条结果 / ' }
        : { result: 'mcp 的第一条结果', summary: 'mcp 的第一条结果 / 6', total: 6 };
      assert.deepEqual(outputs, [expected, expected, expected], `skip: ${skip}`);
    }
  } finally {
    await lib.close();
  }
});
