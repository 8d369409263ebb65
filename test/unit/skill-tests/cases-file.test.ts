import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCasesFile } from '../../../src/skill-tests/index.js';

test('cases have defaults: L2 for a script, L1 otherwise; json replies become their text', () => {
  const parsed = parseCasesFile(
    'cases.yaml',
    `skill: intake
cases:
  - name: prompt
    model:
      - json: { response: hi }
      - text: thinking
        tool_calls: [{ name: file__parse, arguments: { file_id: a } }]
  - name: script
    script: validate
    input: { output: {} }
    pass_rate: 0.5
`,
  );
  assert.deepEqual(parsed.diagnostics, []);
  assert.equal(parsed.skill, 'intake');
  assert.deepEqual(
    parsed.cases.map((c) => [c.name, c.level, c.line, c.passRate, c.timeoutMs]),
    [
      ['prompt', 'L1', 3, 1, 60000],
      ['script', 'L2', 8, 0.5, 60000],
    ],
  );
  assert.deepEqual(parsed.cases[0].model, [
    { text: '{"response":"hi"}' },
    { text: 'thinking', toolCalls: [{ name: 'file__parse', arguments: { file_id: 'a' } }] },
  ]);
});

test('mistakes in a cases file are diagnostics with positions; the bad case is left out', () => {
  const parsed = parseCasesFile(
    'c.yaml',
    `cases:
  - name: fine
  - name: fine
  - level: L9
    name: odd
    expect: { statuz: done }
  - name: graded
    level: L3
  - name: replies
    model: [{ tool_calls: [{ arguments: {} }] }]
`,
  );
  assert.deepEqual(
    parsed.cases.map((c) => c.name),
    ['fine'],
  );
  assert.deepEqual(
    parsed.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`),
    [
      '3:11 test/bad-case case 2: the name "fine" is used twice; give each case its own name',
      '4:12 test/bad-case case 3: level must be one of L1, L2, L3, integration',
      '6:13 test/bad-case case 3: expect has an unknown key "statuz"; known: status, output, await, error, value, prompt, tools_called, tools_refused, events',
      '7:5 test/bad-case case 4: an L3 case needs a "rubric": what a grader model checks the response against',
      '10:12 test/bad-case case 5: model reply 1: tool_calls is a list of {name, arguments}',
    ],
  );
  assert.deepEqual(
    parseCasesFile('x.yaml', 'cases: [\n').diagnostics.map((d) => d.code),
    ['test/yaml'],
  );
  assert.equal(
    parseCasesFile('x.yaml', 'name: x\n').diagnostics[0].message,
    'the file has no "cases:" list; add cases: followed by "- name: …" entries',
  );
});

test('route: cases read with their line; a file may hold only them; mistakes are named at their line', () => {
  const parsed = parseCasesFile(
    'cases.yaml',
    `route_targets: { top1: 0.9 }
route:
  - { request: 帮我出一份销售报表, expect: sales_report }
  - request: Play some music
    expect: none
    set: holdout
  - { request: "", expect: x }
  - { request: hi, expect: x, colour: red }
`,
  );
  assert.deepEqual(parsed.route?.targets, { top1: 0.9, none: 0.7 });
  assert.deepEqual(
    parsed.route?.cases.map(({ request, expect, set, line }) => ({ request, expect, set, line })),
    [
      { request: '帮我出一份销售报表', expect: 'sales_report', set: 'main', line: 3 },
      { request: 'Play some music', expect: null, set: 'holdout', line: 4 },
    ],
  );
  assert.deepEqual(
    parsed.diagnostics.map((d) => [d.line, d.code, d.message]),
    [
      [7, 'test/bad-route', 'route case 3: request must be the text of a request'],
      [8, 'test/bad-route', 'route case 4: unknown key "colour"; a route case has request, expect, set'],
    ],
  );
  assert.deepEqual(parsed.cases, []);
});
