import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EvaluationError, type SourceRef } from '../../../src/ir/expr.js';
import { compileInjaTemplate, compileInjaValue } from '../../../src/expr/index.js';

const locate = (offset: number): SourceRef => ({ file: 'graph.md', line: 7, column: 3 + offset });

function render(source: string, data: Record<string, unknown>): string {
  const compiled = compileInjaTemplate(source, locate);
  if (!compiled.ok) assert.fail(`${source}: ${compiled.message}`);
  return compiled.value.render(data);
}

function value(source: string, data: Record<string, unknown>): unknown {
  const compiled = compileInjaValue(source, locate);
  if (!compiled.ok) assert.fail(`${source}: ${compiled.message}`);
  return compiled.value.evaluate(data);
}

const GUESTS = { guests: ['Jeff', 'Tom', 'Patrick'], neighbour: 'Peter', time: { start: 16, end: 22 }, n: 7 };

// [what, template, data, expected]
const RENDERS: [string, string, Record<string, unknown>, string][] = [
  ['text', 'no tags at all', {}, 'no tags at all'],
  ['a variable', 'Hello {{ neighbour }}!', GUESTS, 'Hello Peter!'],
  [
    'a field and an index',
    '{{ time.start }}-{{ time.end }} {{ guests.1 }} {{ guests[2] }}',
    GUESTS,
    '16-22 Tom Patrick',
  ],
  ['a quoted key and a variable index', '{{ time["end"] }} {{ guests[i] }}', { ...GUESTS, i: 0 }, '22 Jeff'],
  ['$. is the context', '{{ $.neighbour }}', GUESTS, 'Peter'],
  ['null renders empty', '[{{ x }}]', { x: null }, '[]'],
  [
    'objects and lists render as JSON',
    '{{ time }} {{ guests }}',
    GUESTS,
    '{"start":16,"end":22} ["Jeff","Tom","Patrick"]',
  ],
  ['arithmetic and modulo', '{{ n * 2 + 1 }} {{ n % 3 }} {{ -n }} {{ n / 2 }}', GUESTS, '15 1 -7 3.5'],
  ['string concatenation', '{{ neighbour + "!" }}', GUESTS, 'Peter!'],
  [
    'functions',
    '{{ upper(neighbour) }} {{ lower("ABC") }} {{ length(guests) }} {{ first(guests) }} {{ last(guests) }}',
    GUESTS,
    'PETER abc 3 Jeff Patrick',
  ],
  [
    'filters',
    '{{ neighbour | upper }} {{ guests | join(", ") }} {{ guests | length }}',
    GUESTS,
    'PETER Jeff, Tom, Patrick 3',
  ],
  ['chained filters', '{{ guests | sort | first | lower }}', GUESTS, 'jeff'],
  [
    'at, round, range',
    '{{ at(guests, 1) }} {{ round(3.14159, 2) }} {{ round(2.5, 0) }} {{ range(3) }}',
    GUESTS,
    'Tom 3.14 3 [0,1,2]',
  ],
  [
    'at on an object by key, then fields and indexes of the result',
    '{{ at(time, "end") }} {{ at(res, "/resources/db").uri }} {{ at(res, "/resources/db").tags[1] }}',
    { ...GUESTS, res: { '/resources/db': { uri: 'pg://x', tags: ['a', 'b'] } } },
    '22 pg://x b',
  ],
  [
    'default for a missing variable',
    '{{ default(missing, "none") }} {{ nobody | default("x") }} {{ default(n, 0) }}',
    GUESTS,
    'none x 7',
  ],
  [
    'exists',
    '{{ exists("neighbour") }} {{ exists("time.start") }} {{ exists("nobody") }} {{ existsIn(time, "end") }}',
    GUESTS,
    'true true false true',
  ],
  [
    'comparisons and logic',
    '{{ n > 5 and n < 10 }} {{ not (n == 7) }} {{ n != 7 or true }} {{ "Tom" in guests }}',
    GUESTS,
    'true false true true',
  ],
  [
    'list and object literals',
    '{{ [1, n, "x"] }} {{ {"a": n, "b": [true, null]} }}',
    GUESTS,
    '[1,7,"x"] {"a":7,"b":[true,null]}',
  ],
  [
    'if / else if / else',
    '{% if n > 10 %}big{% else if n > 5 %}medium{% else %}small{% endif %}',
    GUESTS,
    'medium',
  ],
  ['elif', '{% if n > 10 %}big{% elif n > 1 %}some{% endif %}', GUESTS, 'some'],
  ['if without else, false', '[{% if n > 10 %}big{% endif %}]', GUESTS, '[]'],
  [
    'truthiness of empty and null',
    '{% if "" %}a{% endif %}{% if [] %}b{% endif %}{% if x %}c{% endif %}{% if 0 %}d{% endif %}{% if guests %}e{% endif %}',
    { ...GUESTS, x: null },
    'e',
  ],
  [
    'for with loop variables (0-based index)',
    '{% for g in guests %}{{ loop.index }}:{{ g }}{% if not loop.is_last %}, {% endif %}{% endfor %}',
    GUESTS,
    '0:Jeff, 1:Tom, 2:Patrick',
  ],
  [
    'index1, is_first',
    '{% for g in guests %}{% if loop.is_first %}[{% endif %}{{ loop.index1 }}{% endfor %}]',
    GUESTS,
    '[123]',
  ],
  ['for over an object', '{% for k, v in time %}{{ k }}={{ v }};{% endfor %}', GUESTS, 'start=16;end=22;'],
  ['for over range', '{% for i in range(3) %}{{ i * 10 }} {% endfor %}', {}, '0 10 20 '],
  [
    'nested loops and loop.parent',
    '{% for r in rows %}{% for c in r %}{{ loop.parent.index }}{{ loop.index }}{{ c }} {% endfor %}{% endfor %}',
    { rows: [['a', 'b'], ['c']] },
    '00a 01b 10c ',
  ],
  [
    'outer variables inside a loop',
    '{% for g in guests %}{{ neighbour }}{% endfor %}',
    { ...GUESTS, guests: [1, 2] },
    'PeterPeter',
  ],
  ['comments', 'a{# not shown #}b{#- trimmed -#}   c', {}, 'abc'],
  ['whitespace control', 'x  {%- if true -%}  y  {%- endif %}\n{{- n }}', GUESTS, 'xy7'],
  ['raw', '{% raw %}{{ not parsed }}{% endraw %}', {}, '{{ not parsed }}'],
  ['Markdown headings stay text', '## for this\n{{ n }}', GUESTS, '## for this\n7'],
  ['Unicode names and text', '你好，{{ 名字 }}！', { 名字: '小明' }, '你好，小明！'],
  ['replace and capitalize', '{{ replace("a-b-c", "-", "+") }} {{ capitalize("hELLO") }}', {}, 'a+b+c Hello'],
  [
    'is* tests',
    '{{ isString("a") }}{{ isNumber(1) }}{{ isInteger(1.5) }}{{ isArray([]) }}{{ isObject({}) }}',
    {},
    'truetruefalsetruetrue',
  ],
  [
    'min, max, odd, even, divisibleBy',
    '{{ max([3, 9, 1]) }}{{ min([3, 9, 1]) }}{{ odd(3) }}{{ even(3) }}{{ divisibleBy(9, 3) }}',
    {},
    '91truefalsetrue',
  ],
  ['int and float from text', '{{ int("42") + 1 }} {{ float("2.5") * 2 }}', {}, '43 5'],
  ['|| and && are accepted', '{{ n > 100 || n == 7 }} {{ true && false }}', GUESTS, 'true false'],
];

for (const [what, source, data, expected] of RENDERS) {
  test(`Inja renders ${what}`, () => assert.equal(render(source, data), expected));
}

test('a value that is exactly one {{ expression }} keeps its type', () => {
  assert.deepEqual(value('{{ guests }}', GUESTS), ['Jeff', 'Tom', 'Patrick']);
  assert.equal(value(' {{ n + 1 }} ', GUESTS), 8);
  assert.deepEqual(value('{{ time }}', GUESTS), { start: 16, end: 22 });
  assert.equal(value('{{ x }}', { x: null }), null);
  assert.equal(value('n = {{ n }}', GUESTS), 'n = 7');
  assert.equal(value('plain', {}), 'plain');
});

test('a missing variable fails the render, naming the variable and where it is', () => {
  const compiled = compileInjaTemplate('Hi {{ user.name }}', locate);
  assert.ok(compiled.ok);
  const e = (() => {
    try {
      compiled.value.render({ user: {} });
    } catch (err) {
      return err;
    }
  })();
  assert.ok(e instanceof EvaluationError);
  assert.equal(
    e.message,
    "variable 'user.name' is not in the context (no earlier node wrote it and the run's input has no such key) in {{ user.name }} (graph.md:7:6)",
  );
  assert.deepEqual(e.at, { file: 'graph.md', line: 7, column: 6 });
});

test('a missing variable fails inside a loop and inside an exactly-one-expression value', () => {
  assert.throws(
    () => render('{% for g in guests %}{{ nobody }}{% endfor %}', GUESTS),
    /variable 'nobody' is not in the context/,
  );
  assert.throws(
    () => value('{{ nobody }}', {}),
    /variable 'nobody' is not in the context .* in \{\{ nobody \}\}/,
  );
  assert.throws(() => render('{% if nobody %}x{% endif %}', {}), /variable 'nobody'/);
});

test('runtime errors of functions name the function and the value', () => {
  assert.throws(
    () => render('{{ upper(guests) }}', GUESTS),
    /upper expects text, got \["Jeff","Tom","Patrick"\] in \{\{ upper\(guests\) \}\}/,
  );
  assert.throws(() => render('{{ n / 0 }}', GUESTS), /division by zero/);
  assert.throws(() => render('{% for g in n %}{% endfor %}', GUESTS), /for g in … needs an array, got 7/);
  assert.throws(() => render('{{ at(guests, 5) }}', GUESTS), /at: there is no element 5/);
});

test('refs list the variables a template reads, not its loop variables', () => {
  const compiled = compileInjaTemplate(
    '{{ a }}{% for x in items %}{{ x }}{{ loop.index }}{{ b }}{% endfor %}{% if c %}{{ default(d, 1) }}{% endif %}',
    locate,
  );
  assert.ok(compiled.ok);
  assert.deepEqual([...compiled.value.refs].sort(), ['a', 'b', 'c', 'd', 'items']);
});
