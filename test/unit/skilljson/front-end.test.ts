import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skilljson } from '../../../src/dialects/skilljson/index.js';
import type { CallNode } from '../../../src/ir/nodes.js';
import { diskFiles } from '../../../src/ir/disk-files.js';

const FILE = '/virtual/t.skill.json';

/** Loads skill.json text as a single-file skill. */
function load(json: unknown, file = FILE) {
  return skilljson.loadFile(file, typeof json === 'string' ? json : JSON.stringify(json, null, 2), diskFiles);
}

/** `line:column severity code` of each diagnostic. */
function found(json: unknown, file = FILE): string[] {
  return load(json, file).diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`);
}

function message(json: unknown, code: string): string {
  const d = load(json).diagnostics.find((x) => x.code === code);
  assert.ok(d, `no ${code} in ${JSON.stringify(load(json).diagnostics)}`);
  return d.message;
}

const base = {
  name: 'research',
  description: 'Searches and summarises',
  category: '工作流',
  input: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
  output: { type: 'object' },
  mode: 'composite',
  calls: ['memory_search', 'summarize'],
  pipeline: [
    { step: 'search', skill: 'memory_search', input: { query: '{{input.topic}}', limit: 10 } },
    {
      step: 'sum',
      skill: 'summarize',
      input: { text: "{{steps.search.results | map: snippet | join: '\\n'}}" },
    },
  ],
};

test('a composite compiles to a chain of call nodes with typed inputs, then an end node; spec §4 defaults apply', () => {
  const { skills, diagnostics } = load(base);
  assert.deepEqual(diagnostics, []);
  const [skill] = skills;
  assert.deepEqual(
    {
      id: skill.id,
      version: skill.version,
      dialect: skill.dialect,
      inputAt: skill.inputAt,
      calls: skill.calls,
      source: skill.source,
    },
    {
      id: 'research',
      version: '1.0.0',
      dialect: 'skilljson',
      inputAt: ['input'],
      calls: ['memory_search', 'summarize'],
      source: FILE,
    },
  );
  assert.deepEqual(
    skill.callSites?.map((s) => `${s.line}:${s.column}`),
    ['21:5', '22:5'],
  );
  const graph = skill.graph!;
  assert.deepEqual(
    graph.nodes.map((n) => `${n.kind} ${n.id}`),
    ['call search', 'call sum', 'end __output__'],
  );
  assert.deepEqual(graph.edges, [
    { from: 'search', to: 'sum' },
    { from: 'sum', to: '__output__' },
  ]);
  const search = graph.nodes[0] as CallNode;
  assert.deepEqual(search.target, { skill: 'memory_search' });
  assert.equal(search.timeoutMs, 30000);
  assert.equal(search.retry, undefined);
  assert.deepEqual(search.input.evaluate({ input: { topic: 'AI' } }), { query: 'AI', limit: 10 });
  const sum = graph.nodes[1] as CallNode;
  assert.deepEqual(
    sum.input.evaluate({ steps: { search: { results: [{ snippet: 'a' }, { snippet: 'b' }] } } }),
    { text: 'a\nb' },
  );
  assert.deepEqual(sum.input.evaluate({ steps: {} }), {}, 'a missing value leaves the field out');
  assert.deepEqual(
    graph.nodes[2].kind === 'end' &&
      graph.nodes[2].output.evaluate({ steps: { search: 1, sum: { summary: 's' } } }),
    { summary: 's' },
  );
});

test('with depends the pipeline is a DAG from a start node; steps without depends start at once', () => {
  const { skills } = load({
    ...base,
    pipeline: [
      { step: 'a', skill: 'memory_search', input: {} },
      { step: 'b', skill: 'memory_search', input: {}, depends: [] },
      { step: 'c', skill: 'summarize', input: { x: '{{steps.a}}{{steps.b}}' }, depends: ['a', 'b'] },
    ],
  });
  const graph = skills[0].graph!;
  assert.equal(graph.entry, '__start__');
  assert.deepEqual(graph.edges, [
    { from: '__start__', to: 'a' },
    { from: '__start__', to: 'b' },
    { from: 'a', to: 'c' },
    { from: 'b', to: 'c' },
    { from: 'c', to: '__output__' },
  ]);
});

test('JSON syntax errors are placed where they are and say what JSON wants', () => {
  assert.deepEqual(found('{\n  "name": "x",\n}'), ['2:14 error skilljson/bad-json']);
  assert.match(message('{\n  "name": "x",\n}', 'skilljson/bad-json'), /trailing comma/);
  assert.match(message('{\n  // a comment\n  "name": "x"\n}', 'skilljson/bad-json'), /JSON has no comments/);
  assert.deepEqual(found("{'name': 1}"), ['1:2 error skilljson/bad-json']);
  assert.deepEqual(found('{"name": "x" "mode": "llm"}'), ['1:14 error skilljson/bad-json']);
  assert.match(
    message('{"name": "x" "mode": "llm"}', 'skilljson/bad-json'),
    /expected "," or "}" after a property value; found "\\"" \(is a comma missing\?\)/,
  );
  assert.deepEqual(found('{"a": [1, 2'), ['1:7 error skilljson/bad-json']);
});

test('the meta-schema of spec §8: each error at the field it is about, with a correct form', () => {
  const { mode: _mode, ...noMode } = base;
  assert.deepEqual(found(noMode), ['1:1 error skilljson/missing-field']);
  assert.match(
    message(noMode, 'skilljson/missing-field'),
    /skill\.json needs "mode": "code" \(execute\(\) in index\.ts\), "llm"/,
  );
  const wrong = { ...base, name: 'Code-Review', timeout: '30s', output_schema: {}, mode: 'agent' };
  assert.deepEqual(found(wrong), [
    '42:3 error skilljson/unknown-field',
    '2:11 error skilljson/bad-field',
    '19:11 error skilljson/bad-field',
    '41:14 error skilljson/bad-field',
  ]);
  assert.match(
    message(wrong, 'skilljson/unknown-field'),
    /"output_schema" is not a skill\.json field .* \(did you mean "output"\?\)/,
  );
  assert.match(
    message({ ...base, name: 'Code-Review' }, 'skilljson/bad-field'),
    /"name" must be snake_case: .* e\.g\. "code_review"/,
  );
  assert.match(
    message({ ...base, mode: 'agent' }, 'skilljson/bad-field'),
    /"mode" must be "code", "llm" or "composite"/,
  );
  assert.match(
    message({ ...base, input: { type: 'text' } }, 'skilljson/bad-schema'),
    /"input\.type" must be a JSON Schema type/,
  );
  assert.deepEqual(found({ ...base, pipeline: [{ step: 's', skill: 'memory_search' }] }), [
    '25:5 error skilljson/missing-field',
  ]);
  assert.equal(found('{"name": "a", "name": "b"}')[0], '1:15 error skilljson/duplicate-key');
  assert.deepEqual(
    found({ name: 'half_written', description: 'x' }),
    Array(4).fill('1:1 error skilljson/missing-field'),
  );
});

test('calls must match the pipeline; references must name steps that have finished', () => {
  const undeclared = { ...base, calls: ['memory_search'] };
  assert.deepEqual(found(undeclared), ['34:16 error skilljson/undeclared-call']);
  assert.match(
    message(undeclared, 'skilljson/undeclared-call'),
    /step "sum" calls "summarize", which "calls" does not list; add it: "calls": \["memory_search", "summarize"\]/,
  );
  assert.deepEqual(found({ ...base, calls: [...base.calls, 'translate'] }), [
    '23:5 error skilljson/unused-call',
  ]);
  const early = {
    ...base,
    pipeline: [
      { step: 'sum', skill: 'summarize', input: { text: '{{steps.search.results}}' } },
      { step: 'search', skill: 'memory_search', input: { query: '{{input.topc}}', n: '{{step.x}}' } },
    ],
  };
  assert.deepEqual(found(early), [
    '29:20 error skilljson/step-not-finished',
    '36:21 warning skilljson/unknown-input-field',
    '37:17 error skilljson/unknown-variable',
  ]);
  assert.match(
    message(early, 'skilljson/step-not-finished'),
    /step "sum" reads steps\.search, but "search" has not finished when "sum" runs; move step "search" before step "sum"/,
  );
  const dag = {
    ...base,
    pipeline: [
      { ...base.pipeline[0], depends: [] },
      { ...base.pipeline[1], depends: ['nope'] },
    ],
  };
  assert.deepEqual(found(dag), [
    '41:9 error skilljson/bad-depends',
    '38:20 error skilljson/step-not-finished',
  ]);
  assert.match(message(dag, 'skilljson/step-not-finished'), /add "search" to the "depends" of step "sum"/);
  const cycle = {
    ...base,
    pipeline: [
      { ...base.pipeline[0], depends: ['sum'] },
      { ...base.pipeline[1], depends: ['search'] },
    ],
  };
  assert.match(message(cycle, 'skilljson/depends-cycle'), /\(search → sum → search\)/);
  assert.deepEqual(found({ ...base, pipeline: [] }), ['24:15 error skilljson/empty-pipeline']);
});

test('expression errors point at their column, escapes in the JSON string included', () => {
  const text = JSON.stringify({
    ...base,
    pipeline: [
      base.pipeline[0],
      { step: 'sum', skill: 'summarize', input: { text: 'a\\n{{steps.search.results | mapp: x}}' } },
    ],
  });
  const [d] = load(text).diagnostics;
  const column = text.indexOf('mapp') + 1;
  assert.deepEqual(
    [d.code, d.line, d.column, d.end?.column],
    ['skilljson/bad-expression', 1, column, column + 4],
  );
  assert.match(
    d.message,
    /unknown pipe "mapp"; the pipes are map, pluck, join, slice, default, json, or, format_skills/,
  );
  assert.match(
    message(
      { ...base, pipeline: [{ ...base.pipeline[0], input: { q: '{{input.topic' } }, base.pipeline[1]] },
      'skilljson/bad-expression',
    ),
    /\{\{ is not closed/,
  );
});

test('llm mode: prompt.md is compiled, and its problems are placed in prompt.md', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-sj-fe-'));
  const json = { ...base, mode: 'llm', calls: [], pipeline: undefined };
  writeFileSync(join(dir, 'skill.json'), JSON.stringify(json, null, 2));
  writeFileSync(join(dir, 'prompt.md'), 'Topic: {{input.topic}}\n{{#if input.topic}}\nyes {{steps.x}}\n');
  const diagnostics = skilljson.loadFile(
    join(dir, 'skill.json'),
    JSON.stringify(json, null, 2),
    diskFiles,
  ).diagnostics;
  assert.deepEqual(
    diagnostics.map((d) => `${d.file.slice(dir.length + 1)}:${d.line}:${d.column} ${d.code}`),
    ['prompt.md:2:1 skilljson/bad-expression'],
  );
  assert.match(diagnostics[0].message, /\{\{#if\}\} is not closed: add \{\{\/if\}\}/);
  writeFileSync(join(dir, 'prompt.md'), 'Topic: {{input.topic}} {{steps.x}}\n');
  const again = skilljson.loadFile(
    join(dir, 'skill.json'),
    JSON.stringify(json, null, 2),
    diskFiles,
  ).diagnostics;
  assert.deepEqual(
    again.map((d) => `${d.line}:${d.column} ${d.code}`),
    ['1:26 skilljson/unknown-variable'],
  );
});

test('fields that mean nothing in a mode are warnings; a missing prompt or implementation too', () => {
  assert.deepEqual(found({ ...base, mode: 'code', calls: [] }), [
    '21:3 warning skilljson/pipeline-ignored',
    '19:11 warning skilljson/missing-implementation',
  ]);
  assert.deepEqual(found({ ...base, mode: 'llm', calls: [], pipeline: undefined, outputMapping: {} }), [
    '21:3 warning skilljson/output-mapping-ignored',
    '19:11 warning skilljson/missing-prompt',
  ]);
  assert.deepEqual(
    found({ ...base, pipeline: [{ ...base.pipeline[0], parallel: true }, base.pipeline[1]] }),
    ['32:7 warning skilljson/unknown-step-field'],
  );
});
