import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  compilePipelineCondition,
  compilePipelineTemplate,
  compilePipelineValue,
} from '../../../src/expr/pipeline/index.js';
import { EvaluationError } from '../../../src/ir/expr.js';

const at = { file: 'skill.json', line: 3, column: 10 };
const scope = {
  input: { topic: 'AI', n: 3, tags: ['a', 'b', 'c'], empty: '' },
  steps: { search: { results: [{ snippet: 'one', meta: { page: 1 } }, { snippet: 'two' }], count: 2 } },
};

function value(source: string): unknown {
  const compiled = compilePipelineValue(source, at);
  assert.ok(compiled.ok, JSON.stringify(compiled));
  return compiled.value.evaluate(scope);
}

function error(source: string): { message: string; offset: number; length: number } {
  const compiled = compilePipelineValue(source, at);
  assert.ok(!compiled.ok, `${source} compiled`);
  return { message: compiled.message, offset: compiled.offset, length: compiled.length };
}

test("a string that is exactly one tag keeps the value's type; other text is interpolated", () => {
  assert.deepEqual(value('{{steps.search.results}}'), scope.steps.search.results);
  assert.equal(value('{{ input.n }}'), 3);
  assert.equal(value('{{input.tags[1]}}'), 'b');
  assert.equal(value('{{steps.search.results.0.meta.page}}'), 1);
  assert.equal(
    value('Topic {{input.topic}}: {{input.n}} items, {{input.tags}}'),
    'Topic AI: 3 items, ["a","b","c"]',
  );
  assert.equal(value('plain text, no tags'), 'plain text, no tags');
});

test('a missing value is undefined as a whole value and "" inside text', () => {
  assert.equal(value('{{steps.nothing.here}}'), undefined);
  assert.equal(value('[{{steps.nothing}}]'), '[]');
});

test('pipes: map (pluck), join with quotes stripped and \\n unescaped, slice, default, json', () => {
  assert.deepEqual(value('{{steps.search.results | map: snippet}}'), ['one', 'two']);
  assert.deepEqual(value('{{steps.search.results | pluck: meta.page}}'), [1, undefined]);
  assert.equal(value("{{steps.search.results | map: snippet | join: '\\n\\n'}}"), 'one\n\ntwo');
  assert.equal(value('{{input.tags | join}}'), 'a,b,c');
  assert.equal(value('{{input.tags | join: " | "}}'), 'a | b | c');
  assert.deepEqual(value('{{input.tags | slice: 1}}'), ['b', 'c']);
  assert.deepEqual(value('{{input.tags | slice: 0: -1}}'), ['a', 'b']);
  assert.equal(value('{{input.empty | default: N/A}}'), 'N/A');
  assert.equal(value('{{input.missing | default: 0}}'), 0);
  assert.equal(value('{{input.tags | json}}'), '["a","b","c"]');
  assert.equal(
    value('{{steps.nothing | map: x | join: ","}}'),
    undefined,
    'missing passes through the pipes',
  );
});

test('fallbacks: a || b || \'literal\' gives the first that is not missing, null or ""', () => {
  assert.equal(value("{{steps.nothing.x}} || {{input.empty}} || {{input.topic}} || 'none'"), 'AI');
  assert.equal(value("{{steps.nothing.x}} || 'none'"), 'none');
  assert.equal(value('{{steps.nothing.x || input.n}}'), 3);
  assert.equal(value('{{input.n}} || 7'), 3);
});

test('conditions: a tag, or a bare expression; comparisons, !, && and truthiness', () => {
  const test = (source: string) => {
    const c = compilePipelineCondition(source, at);
    assert.ok(c.ok, JSON.stringify(c));
    return c.value.test(scope);
  };
  assert.equal(test('{{steps.search.count > 0}}'), true);
  assert.equal(test('steps.search.count >= 3'), false);
  assert.equal(test('{{input.topic == "AI" && !input.empty}}'), true);
  assert.equal(test('{{steps.skipped}}'), false);
  assert.equal(test('input.n != 3'), false);
});

test('prompt templates: {{#if}} … {{else}} … {{/if}}', () => {
  const t = compilePipelineTemplate(
    'Topic: {{input.topic}}\n{{#if input.empty}}E{{else}}{{#if input.n}}N={{input.n}}{{/if}}{{/if}}',
    at,
  );
  assert.ok(t.ok);
  assert.equal(t.value.render(scope), 'Topic: AI\nN=3');
  assert.deepEqual(t.value.refs, ['input']);
});

test('mistakes are compile errors with the offset and length of what is wrong', () => {
  assert.deepEqual(error('{{input.x | mapp: y}}'), {
    message: 'unknown pipe "mapp"; the pipes are map, pluck, join, slice, default, json, or, format_skills',
    offset: 12,
    length: 4,
  });
  assert.deepEqual(error('a {{input.x'), {
    message: '{{ is not closed: add }} after the value',
    offset: 2,
    length: 2,
  });
  assert.equal(error('{{ }}').message, 'empty {{ }}: write a value such as {{input.topic}}');
  assert.equal(
    error('{{input.x | join: }}').message,
    'an argument of join is empty; write a value after ":", e.g. join: ", "',
  );
  assert.equal(error('{{#if x}}y{{/if}}').offset, 0);
  assert.equal(
    error('{{input.x y}}').message,
    'unexpected "y" after the value; pipes are written "value | name: argument"',
  );
});

test('a pipe given the wrong kind of value fails at run time, naming the tag and its position', () => {
  const compiled = compilePipelineValue('x {{input.topic | map: a}}', at);
  assert.ok(compiled.ok);
  assert.throws(
    () => compiled.value.evaluate(scope),
    (e: unknown) =>
      e instanceof EvaluationError &&
      e.message === 'map needs an array, got a string in {{input.topic | map: a}} (skill.json:3:12)',
  );
});
