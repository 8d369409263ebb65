import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileAegis } from '../../../src/dialects/aegis/compile.js';

/** A correct skill; each case below breaks it in one way. */
const BASE = `# skill: order_note

**version**: 1.2.0

## description
Writes an order note.

## capabilityTags
- orders

## input_schema

\`\`\`yaml
order_id: string
quantity:
  type: number
  required: false
  default: 1
\`\`\`

## output_schema

\`\`\`yaml
note:
  type: string
  description: the note
\`\`\`

## steps

### step: lookup

**type**: tool
**tool**: search_api

\`\`\`yaml
input:
  q: "{{order_id}}"
output_schema:
  result:
    type: string
    description: found text
\`\`\`

### step: compose

**type**: template
**varName**: note

\`\`\`template
Order {{order_id}} x{{quantity}}: {{result}}
\`\`\`
`;

function diagnose(md: string) {
  return compileAegis('skill.md', md).diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}:${d.column}`);
}

function lineOf(md: string, needle: string): number {
  const i = md.indexOf(needle);
  assert.ok(i >= 0, `fixture lacks ${needle}`);
  return md.slice(0, i).split('\n').length;
}

test('the base skill is clean and compiles to a chain ending in the output', () => {
  const r = compileAegis('skill.md', BASE);
  assert.deepEqual(r.diagnostics, []);
  const [skill] = r.skills;
  assert.equal(skill.id, 'order_note');
  assert.equal(skill.version, '1.2.0');
  assert.deepEqual(skill.tags, ['orders']);
  assert.equal(skill.description, 'Writes an order note.');
  assert.deepEqual(
    skill.graph!.nodes.map((n) => `${n.kind}:${n.id}`),
    ['tool:lookup', 'template:compose', 'end:__output__'],
  );
  assert.deepEqual(skill.input.required, ['order_id']);
});

const cases: [string, (md: string) => string, string[]][] = [
  [
    'missing output_schema',
    (m) => m.replace(/## output_schema[\s\S]*?```\n\n/, ''),
    ['warning aegis/missing-output-schema 1:1'],
  ],
  [
    'missing steps',
    (m) => m.slice(0, m.indexOf('## steps')),
    ['error aegis/missing-steps 1:1', 'warning aegis/output-not-produced'],
  ],
  [
    'unknown step type',
    (m) => m.replace('**type**: template', '**type**: transform'),
    ['error aegis/unknown-step-type'],
  ],
  [
    'template without varName',
    (m) => m.replace('**varName**: note\n', ''),
    ['warning aegis/missing-varname', 'warning aegis/output-not-produced'],
  ],
  [
    'varName pattern',
    (m) => m.replace('**varName**: note', '**varName**: Note').replace('note:\n  type', 'Note:\n  type'),
    ['error aegis/bad-varname'],
  ],
  [
    'varName equals a step name',
    (m) => m.replace('**varName**: note', '**varName**: lookup').replace('note:\n  type', 'lookup:\n  type'),
    ['error aegis/varname-conflict'],
  ],
  [
    'varName equals an input field',
    (m) => m.replace('**varName**: note', '**varName**: order_id'),
    ['error aegis/varname-conflict', 'warning aegis/output-not-produced'],
  ],
  [
    'reserved word as input field',
    (m) => m.replace('order_id: string', 'order_id: string\nstep: string'),
    ['error aegis/reserved-word'],
  ],
  [
    'reserved word as varName',
    (m) => m.replace('**varName**: note', '**varName**: output'),
    ['error aegis/reserved-word', 'warning aegis/output-not-produced'],
  ],
  ['tool step without tool', (m) => m.replace('**tool**: search_api\n', ''), ['error aegis/missing-tool']],
  [
    'tool step without yaml',
    (m) => m.replace(/```yaml\ninput:[\s\S]*?```\n/, ''),
    ['error aegis/missing-input', 'warning aegis/undefined-variable'],
  ],
  [
    'duplicate step names',
    (m) => m.replace('### step: compose', '### step: lookup'),
    ['error aegis/duplicate-step'],
  ],
  [
    'unparsable when',
    (m) => m.replace('**varName**: note', '**varName**: note\n**when**: quantity = 2'),
    ['error aegis/bad-when'],
  ],
  [
    'unparsable template',
    (m) => m.replace('Order {{order_id}}', 'Order {{order_id'),
    ['error aegis/bad-template'],
  ],
  [
    'YAML error',
    (m) => m.replace('  q: "{{order_id}}"', '  q: "{{order_id}}\n   bad: [1'),
    ['error aegis/yaml'],
  ],
  [
    'unquoted {{var}} in YAML',
    (m) => m.replace('  q: "{{order_id}}"', '  q: {{order_id}}'),
    ['error aegis/unquoted-template'],
  ],
  ['undefined variable', (m) => m.replace('{{result}}', '{{resultt}}'), ['warning aegis/undefined-variable']],
  [
    'output nothing produces',
    (m) =>
      m.replace(
        'note:\n  type: string\n  description: the note',
        'note:\n  type: string\n  description: the note\nextra:\n  type: string\n  description: never written',
      ),
    ['warning aegis/output-not-produced'],
  ],
  ['no header', (m) => m.replace('# skill: order_note', '# Order note'), ['error aegis/bad-header 1:1']],
];

for (const [name, mutate, expected] of cases) {
  test(`check: ${name}`, () => {
    const got = diagnose(mutate(BASE));
    for (const e of expected)
      assert.ok(
        got.some((g) => g.startsWith(e)),
        `expected "${e}" in ${JSON.stringify(got)}`,
      );
    assert.equal(got.length, expected.length, `unexpected extra diagnostics: ${JSON.stringify(got)}`);
  });
}

test('positions point at the offending text', () => {
  const md = BASE.replace('**type**: template', '**type**: transform');
  const [d] = compileAegis('skill.md', md).diagnostics;
  assert.equal(d.line, lineOf(md, '**type**: transform'));
  assert.equal(d.column, '**type**: '.length + 1);
  assert.match(d.message, /unknown type "transform"; use tool, prompt, template or await/);

  const unquoted = BASE.replace('  q: "{{order_id}}"', '  q: {{order_id}}');
  const [u] = compileAegis('skill.md', unquoted).diagnostics;
  assert.equal(u.line, lineOf(unquoted, 'q: {{order_id}}'));
  assert.equal(u.column, 6);
  assert.match(u.message, /quote it: "\{\{order_id\}\}"/);

  const badWhen = BASE.replace('**varName**: note', '**varName**: note\n**when**: quantity = 2');
  const [w] = compileAegis('skill.md', badWhen).diagnostics;
  assert.equal(w.line, lineOf(badWhen, '**when**'));
  assert.ok(w.column > '**when**: '.length, `column ${w.column} should point inside the expression`);

  const badTemplate = BASE.replace('Order {{order_id}}', 'Order {{order_id');
  const [t] = compileAegis('skill.md', badTemplate).diagnostics;
  assert.equal(t.line, lineOf(badTemplate, 'Order {{order_id'));
  assert.equal(t.column, 'Order '.length + 1);
});

test('await without message or input_schema', () => {
  const md = BASE.replace(
    '### step: compose',
    '### step: ask\n\n**type**: await\n\n```yaml\nmessage: ""\n```\n\n### step: compose',
  );
  const got = diagnose(md);
  assert.ok(
    got.some((g) => g.startsWith('error aegis/missing-message')),
    JSON.stringify(got),
  );
  assert.ok(
    got.some((g) => g.startsWith('error aegis/missing-input-schema')),
    JSON.stringify(got),
  );
});

test('prompt without varName and await fields define variables', () => {
  const md = BASE.replace(
    '### step: compose',
    '### step: ask\n\n**type**: await\n\n```yaml\nmessage: |\n  Confirm {{order_id}}?\ninput_schema:\n  confirm: boolean\n```\n\n### step: think\n\n**type**: prompt\n\n```prompt\nsay {{confirm}}\n```\n\n### step: compose',
  );
  const got = diagnose(md);
  assert.deepEqual(
    got.map((g) => g.split(' ')[1]),
    ['aegis/missing-varname'],
  );
});

test('YAML when in the step block and the markdown form both guard the step', () => {
  const yamlWhen = compileAegis(
    's.md',
    BASE.replace('input:\n  q:', 'when:\n  expr: "{{quantity}} > 1"\ninput:\n  q:'),
  );
  assert.deepEqual(yamlWhen.diagnostics, []);
  const tool = yamlWhen.skills[0].graph!.nodes[0];
  assert.equal(tool.guard?.test({ quantity: 2 }), true);
  assert.equal(tool.guard?.test({ quantity: 1 }), false);
  const both = diagnose(
    BASE.replace('input:\n  q:', 'when:\n  expr: "{{quantity}} > 1"\ninput:\n  q:').replace(
      '**tool**: search_api',
      '**tool**: search_api\n**when**: quantity > 1',
    ),
  );
  assert.ok(
    both.some((g) => g.startsWith('error aegis/duplicate-when')),
    JSON.stringify(both),
  );
});

test('older real-world forms load with warnings', () => {
  const old = `# skill: old_style

## version

1.0.0

**description**: an older file

## intent

- legacy

## input_schema

\`\`\`yaml
query: string
\`\`\`

## output_schema

\`\`\`yaml
result:
  type: string
  description: r
\`\`\`

## steps

### step: search

**type**: tool
**tool**: search_api
**varName**: found

\`\`\`yaml
q: "{{query}}"
output_schema:
  result:
    type: string
\`\`\`
`;
  const r = compileAegis('old.md', old);
  assert.equal(r.skills.length, 1);
  assert.ok(r.diagnostics.every((d) => d.severity === 'warning'));
  assert.deepEqual([...new Set(r.diagnostics.map((d) => d.code))].sort(), ['aegis/older-form']);
  assert.equal(r.diagnostics.length, 5);
  assert.deepEqual(r.skills[0].tags, ['legacy']);
  const tool = r.skills[0].graph!.nodes[0];
  assert.equal(tool.kind, 'tool');
  if (tool.kind === 'tool') assert.deepEqual(tool.input.evaluate({ query: 'x' }), { q: 'x' });
});

test('tool input keeps types for a single {{path}} and renders other strings', () => {
  const md = BASE.replace(
    '  q: "{{order_id}}"',
    '  q: "{{order_id}}"\n  n: "{{quantity}}"\n  label: "n={{quantity}}"\n  fixed: 3\n  list:\n    - "{{quantity}}"\n    - tag',
  );
  const r = compileAegis('s.md', md);
  assert.deepEqual(r.diagnostics, []);
  const tool = r.skills[0].graph!.nodes[0];
  assert.ok(tool.kind === 'tool');
  assert.deepEqual(tool.input.evaluate({ order_id: 'A1', quantity: 2 }), {
    q: 'A1',
    n: 2,
    label: 'n=2',
    fixed: 3,
    list: [2, 'tag'],
  });
});

test('a prompt whose varName is an object output asks for JSON of that shape', () => {
  const md = BASE.replace(
    'note:\n  type: string\n  description: the note',
    'note:\n  type: object\n  description: the note\n  text:\n    type: string',
  ).replace(
    '**type**: template\n**varName**: note\n\n```template',
    '**type**: prompt\n**varName**: note\n\n```prompt',
  );
  const r = compileAegis('s.md', md);
  assert.deepEqual(r.diagnostics, []);
  const llm = r.skills[0].graph!.nodes[1];
  assert.ok(llm.kind === 'llm');
  assert.deepEqual(llm.json, {
    type: 'object',
    description: 'the note',
    properties: { text: { type: 'string' } },
    required: ['text'],
  });
});

test('CRLF files parse the same as LF files', () => {
  const r = compileAegis('crlf.md', BASE.replace(/\n/g, '\r\n'));
  assert.deepEqual(r.diagnostics, []);
  const compose = r.skills[0].graph!.nodes[1];
  assert.ok(compose.kind === 'template');
  assert.equal(compose.template.render({ order_id: 'A', quantity: 1, result: 'ok' }), 'Order A x1: ok');
});

test('text that interpolates values can be evaluated with strings and values apart, for binding', async () => {
  const { Interpolated } = await import('../../../src/ir/expr.js');
  const md = BASE.replace(
    '  q: "{{order_id}}"',
    `  q: "SELECT * FROM t WHERE id = '{{order_id}}' AND n > {{quantity}}"`,
  );
  const tool = compileAegis('s.md', md).skills[0].graph!.nodes[0];
  assert.ok(tool.kind === 'tool' && tool.input.evaluateInterpolated);
  const input = tool.input.evaluateInterpolated({ order_id: "x' OR 1=1 --", quantity: 2 }) as {
    q: InstanceType<typeof Interpolated>;
  };
  assert.ok(input.q instanceof Interpolated);
  assert.deepEqual(input.q.strings, ["SELECT * FROM t WHERE id = '", "' AND n > ", '']);
  assert.deepEqual(input.q.values, ["x' OR 1=1 --", 2]);
  assert.equal(input.q.text, "SELECT * FROM t WHERE id = 'x' OR 1=1 --' AND n > 2");
});

test('an undefined variable is reported at its {{, with the nearest defined name', () => {
  const md = BASE.replace('{{result}}', '{{ resultt }}');
  const [d] = compileAegis('skill.md', md).diagnostics;
  assert.equal(d.code, 'aegis/undefined-variable');
  assert.equal(d.line, lineOf(md, 'Order {{order_id}}'));
  assert.equal(d.column, 'Order {{order_id}} x{{quantity}}: '.length + 1);
  assert.match(d.message, /reads "resultt", .*; did you mean "result"\?$/);
});
