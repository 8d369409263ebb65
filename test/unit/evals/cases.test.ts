import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEvalCases } from '../../../src/evals/eval-cases-file.js';
import { parseEvalsJson } from '../../../src/evals/evals-json.js';
import { parseCasesFile } from '../../../src/skill-tests/index.js';

test('evals: reads both assertion forms and their options; a cases file with only evals is no problem for skein test', () => {
  const text = `skill: greet
evals:
  - name: greets
    input: { name: Ana }
    pass_rate: 0.5
    assert:
      - contains: Hello
        ignore_case: true
      - type: regex
        value: '^H'
        flags: i
        path: greeting
      - llm-rubric: polite
        threshold: 0.8
      - type: tool-calls
        value: [search, fetch]
        order: any-order
      - cost: 0.01
`;
  const parsed = parseEvalCases('/x/cases.yaml', text);
  assert.deepEqual(parsed.diagnostics, []);
  assert.equal(parsed.skill, 'greet');
  assert.deepEqual(parsed.cases[0].assert, [
    { type: 'contains', value: 'Hello', ignoreCase: true },
    { type: 'regex', value: '^H', flags: 'i', path: 'greeting' },
    { type: 'llm-rubric', value: 'polite', threshold: 0.8 },
    { type: 'tool-calls', value: ['search', 'fetch'], order: 'any-order' },
    { type: 'cost', threshold: 0.01 },
  ]);
  assert.equal(parsed.cases[0].passRate, 0.5);
  assert.deepEqual(parseCasesFile('/x/cases.yaml', text).diagnostics, []);
});

test('a wrong eval case is a diagnostic at its line, naming what is wrong', () => {
  const parsed = parseEvalCases(
    '/x/cases.yaml',
    `evals:
  - name: one
    input: {}
    assert:
      - type: contians
        value: x
  - name: two
    prompt: hi
    input: {}
    assert:
      - contains: fine
      - regex: '('
`,
  );
  assert.deepEqual(parsed.cases, []);
  assert.deepEqual(
    parsed.diagnostics.map((d) => [d.line, d.message]),
    [
      [
        5,
        'eval 1: assert 1: unknown assertion type "contians"; known: equals, contains, not-contains, regex, json-schema, status, llm-rubric, javascript, tool-calls, loaded, cost, latency, tokens',
      ],
      [8, 'eval 2: a case has an input (executable skills) or a prompt (document skills), not both'],
      [12, 'eval 2: assert 2: regex: Invalid regular expression: /(/: Unterminated group'],
    ],
  );
});

test('evals.json is read as it is: expectations become llm-rubric checks, files resolve against the skill', () => {
  const parsed = parseEvalsJson(
    '/s/pdf/evals/evals.json',
    JSON.stringify(
      {
        skill_name: 'pdf',
        evals: [
          {
            id: 1,
            prompt: 'Fill the form',
            expected_output: 'A filled form',
            files: ['evals/files/f.pdf'],
            expectations: ['All fields are filled'],
          },
          { id: 1, prompt: 'again' },
        ],
      },
      null,
      2,
    ),
    '/s/pdf',
  );
  assert.equal(parsed.skill, 'pdf');
  assert.deepEqual(
    parsed.cases.map((c) => [c.name, c.line, c.prompt, c.files, c.expectedOutput, c.assert]),
    [
      [
        'eval 1',
        4,
        'Fill the form',
        ['/s/pdf/evals/files/f.pdf'],
        'A filled form',
        [{ type: 'llm-rubric', value: 'All fields are filled', threshold: 0.5 }],
      ],
    ],
  );
  assert.deepEqual(
    parsed.diagnostics.map((d) => [d.line, d.message]),
    [[15, 'eval 2: the id 1 is used twice']],
  );
  assert.match(parseEvalsJson('/e.json', '{"evals": [', '/').diagnostics[0].message, /^JSON: /);
});

test('trigger cases: should_trigger with a prompt (or evals.json query); without a prompt, with an input or a non-boolean, a diagnostic', () => {
  const parsed = parseEvalCases(
    '/x/cases.yaml',
    `evals:
  - name: routes here
    prompt: greet Ann
    should_trigger: true
  - name: no prompt
    should_trigger: false
  - name: not a boolean
    prompt: hi
    should_trigger: yes please
  - name: runs too
    prompt: hi
    should_trigger: true
    assert:
      - contains: hi
`,
  );
  assert.deepEqual(
    parsed.cases.map((c) => [c.name, c.prompt, c.shouldTrigger]),
    [['routes here', 'greet Ann', true]],
  );
  assert.deepEqual(
    parsed.diagnostics.map((d) => [d.line, d.message]),
    [
      [6, 'eval 2: a trigger case needs a "prompt": the request that is routed'],
      [9, 'eval 3: should_trigger is true (the prompt should route to the skill) or false'],
      [12, 'eval 4: a trigger case is only routed, not run: it takes no input and no assert'],
    ],
  );
  const json = parseEvalsJson(
    '/s/evals/evals.json',
    '{"evals": [{"id": 1, "query": "return my order", "should_trigger": true}, {"id": 2, "query": "x", "should_trigger": 1}]}',
    '/s',
  );
  assert.deepEqual(
    json.cases.map((c) => [c.name, c.prompt, c.shouldTrigger]),
    [['eval 1', 'return my order', true]],
  );
  assert.match(json.diagnostics[0].message, /should_trigger is true .* or false/);
});
