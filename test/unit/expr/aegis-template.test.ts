import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EvaluationError, type SourceRef } from '../../../src/ir/expr.js';
import { compileAegisTemplate, compileAegisValue, formatValue } from '../../../src/expr/index.js';

const AT: SourceRef = { file: 'skill.md', line: 10, column: 5 };

function render(source: string, data: Record<string, unknown>): string {
  const compiled = compileAegisTemplate(source, AT);
  if (!compiled.ok) assert.fail(`${source}: ${compiled.message}`);
  return compiled.value.render(data);
}

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return assert.fail('expected an error');
}

const ORDER = [
  { region: '华东', product: '产品A', amount: 150 },
  { region: '华北', product: '产品B', amount: 200 },
  { region: '华南', product: '产品C', amount: 180 },
];

// [what, template, data, expected text]
const RENDERS: [string, string, Record<string, unknown>, string][] = [
  ['text without tags', 'plain text, no tags', {}, 'plain text, no tags'],
  ['a variable', 'Hello, {{name}}!', { name: 'Ada' }, 'Hello, Ada!'],
  ['spaces inside the braces', 'Hello, {{   name   }}!', { name: 'Ada' }, 'Hello, Ada!'],
  ['a missing variable', 'Hello, {{missing}}!', {}, 'Hello, !'],
  ['a null variable', '[{{x}}]', { x: null }, '[]'],
  ['a field', '{{user.name}}', { user: { name: 'Ada' } }, 'Ada'],
  ['a deep field', '{{a.b.c}}', { a: { b: { c: 'deep' } } }, 'deep'],
  ['a missing nested field', '[{{user.address.city}}]', { user: {} }, '[]'],
  ['a field of null', '[{{user.name}}]', { user: null }, '[]'],
  ['a field of a missing variable', '[{{nobody.name}}]', {}, '[]'],
  ['a field of a string', '[{{name.length}}]', { name: 'abc' }, '[]'],
  ['a named field of an array', '[{{items.length}}]', { items: [1, 2] }, '[]'],
  ['a literal index', '{{items[0]}}', { items: ['a', 'b'] }, 'a'],
  ['a literal index and field', '{{result[2].product}}', { result: ORDER }, '产品C'],
  ['an out-of-range index', '[{{items[5]}}]', { items: ['a'] }, '[]'],
  ['an index into a missing array', '[{{items[0].x}}]', {}, '[]'],
  ['a numeric segment after a dot', '{{items.1}}', { items: ['a', 'b'] }, 'b'],
  ['a numeric segment then a field', '{{result.0.region}}', { result: ORDER }, '华东'],
  ['a numeric key of an object', '{{obj[0]}}/{{obj.1}}', { obj: { '0': 'zero', '1': 'one' } }, 'zero/one'],
  ['a variable index', '{{items[#i]}}', { items: ['a', 'b', 'c'], i: 2 }, 'c'],
  ['a variable index and field', '{{result[#index].amount}}', { result: ORDER, index: 1 }, '200'],
  ['a variable index that is missing', '[{{items[#i]}}]', { items: ['a'] }, '[]'],
  ['a variable index that is a numeric string', '{{items[#i]}}', { items: ['a', 'b'], i: '1' }, 'b'],
  ['a variable index that is not an integer', '[{{items[#i]}}]', { items: ['a', 'b'], i: 1.5 }, '[]'],
  ['a negative variable index', '[{{items[#i]}}]', { items: ['a', 'b'], i: -1 }, '[]'],
  ['a boolean variable index', '[{{items[#i]}}]', { items: ['a', 'b'], i: true }, '[]'],
  [
    'a variable index from a dotted path',
    '{{items[#page.index]}}',
    { items: ['a', 'b', 'c'], page: { index: 2 } },
    'c',
  ],
  ['a Chinese variable name', '销售额：{{销售额}}', { 销售额: 1200 }, '销售额：1200'],
  ['a Chinese field path', '{{数据.地区}}', { 数据: { 地区: '华东' } }, '华东'],
  ['a name that starts with digits', '{{2024年销售额}}', { '2024年销售额': 5 }, '5'],
  ['underscores and digits in names', '{{total_2024}}|{{_private}}', { total_2024: 1, _private: 2 }, '1|2'],
  [
    'emoji and CJK values',
    '{{greeting}} {{name}}',
    { greeting: '你好 👋', name: '🚀 火箭' },
    '你好 👋 🚀 火箭',
  ],
  ['an integral double', '{{x}}', { x: 300.0 }, '300'],
  ['negative zero', '{{x}}', { x: -0 }, '0'],
  ['a decimal', '{{x}}', { x: 3.14 }, '3.14'],
  ['a float sum', '{{a + b}}', { a: 0.1, b: 0.2 }, '0.30000000000000004'],
  ['a big integer', '{{x}}', { x: 123456789012345 }, '123456789012345'],
  ['a number past 1e21', '{{x}}', { x: 1e21 }, '1e+21'],
  ['a big literal', '{{12345678901234567890}}', {}, '12345678901234567000'],
  ['booleans', '{{yes}}/{{no}}', { yes: true, no: false }, 'true/false'],
  ['an array as JSON', '{{xs}}', { xs: [1, 'a', null, { b: 2 }] }, '[1,"a",null,{"b":2}]'],
  ['an object as JSON', '{{o}}', { o: { a: 1, b: [2, 3], c: '中' } }, '{"a":1,"b":[2,3],"c":"中"}'],
  ['multiplication', '总金额：{{quantity * unit_price}}', { quantity: 3, unit_price: 25.5 }, '总金额：76.5'],
  ['numeric strings in arithmetic', '{{a * b}}', { a: '3', b: ' 2.5 ' }, '7.5'],
  ['a numeric string minus a number', '{{a - 1}}', { a: '10' }, '9'],
  ['string + number concatenates', '{{name + 1}}', { name: 'a' }, 'a1'],
  ['numeric string + number concatenates', '{{a + 1}}', { a: '3' }, '31'],
  ['number + number adds', '{{a + b}}', { a: 3, b: 1 }, '4'],
  [
    'concatenating with literals',
    '{{first + " " + last}}',
    { first: 'Ada', last: 'Lovelace' },
    'Ada Lovelace',
  ],
  ['concatenating an array', '{{"xs=" + xs}}', { xs: [1, 2] }, 'xs=[1,2]'],
  ['concatenating null', '{{missing + "x"}}', {}, 'x'],
  ['* binds tighter than +', '{{1 + 2 * 3}}', {}, '7'],
  ['parentheses', '{{(1 + 2) * 3}}', {}, '9'],
  ['left to right', '{{a - b - c}}|{{a / b / c}}', { a: 16, b: 4, c: 2 }, '10|2'],
  ['unary minus', '{{-x}}|{{-(a - b)}}|{{2 * -x}}', { x: 5, a: 1, b: 3 }, '-5|2|-10'],
  ['unary minus of a numeric string', '{{-x}}', { x: '4' }, '-4'],
  ['division', '{{a / b}}', { a: 7, b: 2 }, '3.5'],
  ['a missing operand gives ""', '[{{missing * 2}}]', {}, '[]'],
  ['a null operand gives ""', '[{{x / 0}}]', { x: null }, '[]'],
  ['a constant expression', '{{2 * 3 + 1}}', {}, '7'],
  ['literals', '{{true}}|{{false}}|[{{null}}]|{{"s"}}|{{\'t\'}}', {}, 'true|false|[]|s|t'],
  ['string escapes', '{{"a\\"b\\n" + \'it\\\'s\' + "\\u4e2d"}}', {}, 'a"b\nit\'s中'],
  ['a string literal holding }}', '{{ "}}" }}', {}, '}}'],
  ['an expression over several lines', '{{ a\n  + b }}', { a: 1, b: 2 }, '3'],
  ['a lone }} is text', 'a }} b', {}, 'a }} b'],
  [
    'inherited names are not read',
    '[{{constructor}}|{{toString}}|{{o.constructor}}|{{__proto__}}]',
    { o: {} },
    '[|||]',
  ],
  ['own fields named like built-ins are read', '{{o.toString}}', { o: { toString: 'mine' } }, 'mine'],
  ['data is never parsed as a template', '{{x}}', { x: '{{secret}}' }, '{{secret}}'],
  [
    'a loop over objects, standalone lines',
    '{{#for result}}\n区域：{{region}}，商品：{{product}}，销售量：{{amount}}\n{{/for}}',
    { result: ORDER },
    '区域：华东，商品：产品A，销售量：150\n区域：华北，商品：产品B，销售量：200\n区域：华南，商品：产品C，销售量：180\n',
  ],
  [
    'a loop over strings with {{_}}',
    '{{#for tags}}\n- {{_}}\n{{/for}}',
    { tags: ['重要', '紧急', '待审核'] },
    '- 重要\n- 紧急\n- 待审核\n',
  ],
  [
    '{{_}} of an object is JSON',
    '{{#for xs}}{{_}};{{/for}}',
    { xs: [{ a: 1 }, [2], null, 3] },
    '{"a":1};[2];;3;',
  ],
  ['{{_.field}}', '{{#for xs}}{{_.name}},{{/for}}', { xs: [{ name: 'a' }, { name: 'b' }] }, 'a,b,'],
  ['a loop over a missing value', 'a{{#for xs}}x{{/for}}b', {}, 'ab'],
  ['a loop over a string', 'a{{#for xs}}x{{/for}}b', { xs: 'abc' }, 'ab'],
  ['a loop over an object', 'a{{#for xs}}x{{/for}}b', { xs: { 0: 'a' } }, 'ab'],
  ['a loop over an empty array', 'a\n{{#for xs}}\nx\n{{/for}}\nb', { xs: [] }, 'a\nb'],
  ['an inline loop keeps the text', 'a{{#for xs}}{{_}},{{/for}}b', { xs: [1, 2] }, 'a1,2,b'],
  [
    'a loop over a dotted path',
    '{{#for data.rows}}{{n}}{{/for}}',
    { data: { rows: [{ n: 1 }, { n: 2 }] } },
    '12',
  ],
  ['a loop over an indexed path', '{{#for xs[1]}}{{_}}{{/for}}', { xs: [[0], [1, 2]] }, '12'],
  [
    'outer variables stay visible',
    '{{#for xs}}{{prefix}}{{_}} {{/for}}',
    { xs: [1, 2], prefix: '#' },
    '#1 #2 ',
  ],
  [
    'element fields shadow outer variables',
    '{{#for xs}}{{name}},{{/for}}{{name}}',
    { xs: [{ name: 'in' }], name: 'out' },
    'in,out',
  ],
  [
    'a field missing from an element falls back outward',
    '{{#for xs}}{{name}},{{/for}}',
    { xs: [{ name: 'a' }, {}], name: 'outer' },
    'a,outer,',
  ],
  [
    'a null field still shadows',
    '{{#for xs}}[{{name}}]{{/for}}',
    { xs: [{ name: null }], name: 'outer' },
    '[]',
  ],
  ['primitive elements have no fields', '{{#for xs}}{{name}}{{/for}}', { xs: [1, 2], name: 'n' }, 'nn'],
  [
    'arithmetic with element fields',
    '{{#for xs}}{{price * qty}} {{/for}}',
    {
      xs: [
        { price: 2, qty: 3 },
        { price: '1.5', qty: 2 },
      ],
    },
    '6 3 ',
  ],
  [
    'nested loops',
    '{{#for groups}}\n{{name}}:\n{{#for items}}\n  - {{_}} ({{name}})\n{{/for}}\n{{/for}}',
    {
      groups: [
        { name: 'A', items: [1, 2] },
        { name: 'B', items: [3] },
      ],
    },
    'A:\n  - 1 (A)\n  - 2 (A)\nB:\n  - 3 (B)\n',
  ],
  [
    'nested loops over {{_}} fields',
    '{{#for rows}}{{#for _.cells}}{{_}}{{/for}};{{/for}}',
    { rows: [{ cells: ['a', 'b'] }, { cells: [] }, { cells: ['c'] }] },
    'ab;;c;',
  ],
  [
    'an inner element field shadows an outer one',
    '{{#for a}}{{#for b}}{{v}}{{/for}}{{v}}|{{/for}}',
    { a: [{ v: 'outer', b: [{ v: 'inner' }, {}] }] },
    'innerouterouter|',
  ],
  [
    'standalone tags with indentation',
    'x\n  {{#for xs}}  \n\t{{_}}\n\t{{/for}}\t\ny',
    { xs: [1, 2] },
    'x\n\t1\n\t2\ny',
  ],
  [
    'standalone tags with CRLF',
    'x\r\n{{#for xs}}\r\n- {{_}}\r\n{{/for}}\r\ny',
    { xs: [1, 2] },
    'x\r\n- 1\r\n- 2\r\ny',
  ],
  ['a closing tag at the very end', 'x\n{{#for xs}}\n{{_}}\n{{/for}}', { xs: ['a'] }, 'x\na\n'],
  [
    'text before a tag keeps its line',
    'list: {{#for xs}}\n{{_}}\n{{/for}}\nend',
    { xs: [1] },
    'list: \n1\nend',
  ],
  ['text after a tag keeps its line', '{{#for xs}} items\n{{_}}{{/for}}', { xs: [1] }, ' items\n1'],
  ['spaces inside block tags', '{{ #for  xs }}{{_}}{{ /for }}', { xs: [1, 2] }, '12'],
];

for (const [what, source, data, expected] of RENDERS) {
  test(`render: ${what}`, () => assert.equal(render(source, data), expected));
}

// [template, message, offset, length]
const COMPILE_ERRORS: [string, string, number, number][] = [
  [
    '{{#user.notes}}x{{/user.name}}',
    '{{/user.name}} does not close {{#user.notes}}; close it with {{/user.notes}} first',
    16,
    14,
  ],
  ['ab {{/user.notes}}', '{{/user.notes}} has no {{#user.notes}} before it: remove it', 3, 15],
  ['{{#user.notes}}x', 'unclosed {{#user.notes}}: add {{/user.notes}} where the section ends', 0, 15],
  [
    '{{#if x}}y{{/if}}',
    "unknown block {{#if x}}: write {{#for array}}…{{/for}} to loop, or put conditions in the step's when",
    0,
    9,
  ],
  ['a\n{{#for result}}\nx', 'unclosed {{#for result}}: add {{/for}} where the loop body ends', 2, 15],
  ['{{#for a}}{{#for b}}{{/for}}', 'unclosed {{#for a}}: add {{/for}} where the loop body ends', 0, 10],
  ['x{{/for}}', '{{/for}} has no {{#for array}} before it: remove it or add the {{#for}}', 1, 8],
  ['Hello {{name', 'unclosed {{: add }} after the expression', 6, 2],
  ['Order {{order_id x{{quantity}}', 'unclosed {{: add }} after the expression', 6, 2],
  ['{{a} and {{b}}', 'unclosed {{: add }} after the expression', 0, 2],
  ['a {{}} b', 'empty {{}}: put a variable or an expression inside, e.g. {{name}}', 2, 4],
  ['{{   }}', 'empty {{}}: put a variable or an expression inside, e.g. {{name}}', 0, 7],
  [
    '{{ a == b }}',
    "== is not allowed inside {{ }}, which supports + - * / only; comparisons and && || belong in a step's when",
    5,
    2,
  ],
  [
    '{{ a b }}',
    'expected + - * / or }} here, found "b"; to join values write e.g. {{first + " " + last}}',
    5,
    1,
  ],
  [
    '{{ a + }}',
    'expected a value after + (a variable, number, quoted string, true, false or null); found }}',
    7,
    2,
  ],
  ['{{ (a + b }}', '( is not closed: add ) after the expression (found }})', 3, 1],
  [
    '{{ items[ }}',
    'an index is a whole number or #variable, e.g. items[0] or items[#index]; found }}',
    10,
    2,
  ],
  [
    '{{ items[-1] }}',
    'an index is a whole number or #variable, e.g. items[0] or items[#index]; found "-"',
    9,
    1,
  ],
  ['{{ items[#] }}', 'expected a variable name after [#, e.g. items[#index]; found "]"', 10, 1],
  ['{{ items[0 }}', '[ is not closed: add ] after the index (found }})', 8, 1],
  ['{{ a. }}', 'expected a field name after "a."; found " "', 5, 1],
  ['{{ "abc }}', 'unterminated string: add the closing "', 3, 1],
  ['{{#for}}{{/for}}', '{{#for}} needs the array to loop over, e.g. {{#for items}}', 0, 8],
  [
    '{{#for x in xs}}{{/for}}',
    '{{#for}} names only the array, e.g. {{#for items}}; inside, use {{_}} for the element or its fields by name',
    9,
    2,
  ],
  ['{{#for a + b}}{{/for}}', '{{#for}} takes one array path, e.g. {{#for data.rows}}; found "+"', 9, 1],
  ['{{#for "xs"}}{{/for}}', `{{#for}} takes an array path such as items or data.rows; found '"'`, 7, 1],
  ['{{#for xs}}{{/for x}}', '{{/for}} takes nothing after "for"; found "x"', 18, 1],
  ['total: {{1 / 0}}', 'division by zero in 1 / 0', 9, 5],
  ['{{"a" * 2}}', 'cannot multiply "a" by 2 in "a" * 2', 2, 7],
  ['x {{_}}', '_ is the current element of a loop and is only defined inside {{#for array}}…{{/for}}', 4, 1],
  ['{{ a % 2 }}', '% is not supported; {{ }} supports + - * / only', 5, 1],
  [
    '{{ a | upper }}',
    'filters with | are not supported in Aegis templates; {{ }} supports + - * / only',
    5,
    1,
  ],
  [
    '{{{name}}}',
    'expected a value (a variable, number, quoted string, true, false or null); found "{"',
    2,
    1,
  ],
];

for (const [source, message, offset, length] of COMPILE_ERRORS) {
  test(`compile error: ${JSON.stringify(source)}`, () => {
    assert.deepEqual(compileAegisTemplate(source, AT), { ok: false, message, offset, length });
  });
}

// [template, data, message, line, column] with the template starting at skill.md:10:5
const EVAL_ERRORS: [string, Record<string, unknown>, string, number, number][] = [
  ['ab{{x / y}}', { x: 1, y: 0 }, 'division by zero in {{x / y}}', 10, 7],
  ['a\nbc {{ x / y }}', { x: 1, y: '0' }, 'division by zero in {{ x / y }}', 11, 4],
  ['a\r\n{{x/y}}', { x: 1, y: 0 }, 'division by zero in {{x/y}}', 11, 1],
  ['\n\n  {{a * b}}', { a: 'abc', b: 3 }, 'cannot multiply "abc" by 3 in {{a * b}}', 12, 3],
  ['{{a + 1}}', { a: true }, 'cannot add true and 1 in {{a + 1}}', 10, 5],
  ['{{o - 1}}', { o: { a: 1 } }, 'cannot subtract 1 from {"a":1} in {{o - 1}}', 10, 5],
  ['{{-xs}}', { xs: [1, 2] }, 'cannot negate [1,2] in {{-xs}}', 10, 5],
  ['{{x / s}}', { x: 1, s: 'lots' }, 'cannot divide 1 by "lots" in {{x / s}}', 10, 5],
  [
    '{{s * 2}}',
    { s: 'a very long string that goes on and on and on' },
    'cannot multiply "a very long string that goes on and on… by 2 in {{s * 2}}',
    10,
    5,
  ],
  ['{{#for xs}}\n  {{_ / d}}\n{{/for}}', { xs: [1], d: 0 }, 'division by zero in {{_ / d}}', 11, 3],
];

for (const [source, data, message, line, column] of EVAL_ERRORS) {
  test(`eval error: ${JSON.stringify(source)}`, () => {
    const error = thrown(() => render(source, data));
    assert.ok(error instanceof EvaluationError);
    assert.equal(error.message, `${message} (skill.md:${line}:${column})`);
    assert.deepEqual(error.at, { file: 'skill.md', line, column });
  });
}

// [template, refs, loops]
const READS: [string, string[], { over: string[]; names: string[] }[]][] = [
  ['Hello {{name}}, {{name}} and {{user.age}}', ['name', 'user'], []],
  ['{{a * (b + c[#i])}}', ['a', 'b', 'c', 'i'], []],
  ['{{1 + 2}} text only', [], []],
  [
    '{{#for data.rows}}{{region}} {{_}} {{_.x}} {{title}}{{/for}}{{after}}',
    ['data', 'after'],
    [{ over: ['data', 'rows'], names: ['region', 'title'] }],
  ],
  [
    '{{#for groups}}{{name}}{{#for items}}{{label}}{{/for}}{{/for}}',
    ['groups'],
    [
      { over: ['groups'], names: ['name', 'items'] },
      { over: ['items'], names: ['label'] },
    ],
  ],
  [
    '{{#for xs[0]}}{{/for}}{{#for ys[#k].zs}}{{/for}}',
    ['xs', 'ys', 'k'],
    [
      { over: ['xs', '0'], names: [] },
      { over: ['ys', '#k', 'zs'], names: [] },
    ],
  ],
  [
    '{{#for rows}}{{#for _.cells}}{{v}}{{/for}}{{/for}}',
    ['rows'],
    [
      { over: ['rows'], names: [] },
      { over: ['_', 'cells'], names: ['v'] },
    ],
  ],
];

for (const [source, refs, loops] of READS) {
  test(`refs and loops: ${JSON.stringify(source)}`, () => {
    const compiled = compileAegisTemplate(source, AT);
    assert.ok(compiled.ok);
    assert.deepEqual({ refs: compiled.value.refs, loops: compiled.value.loops }, { refs, loops });
    assert.equal(compiled.value.source, source);
  });
}

const ROWS = [{ a: 1 }, { a: 2 }];

// [value source, data, expected value]
const VALUES: [string, Record<string, unknown>, unknown][] = [
  ['{{rows}}', { rows: ROWS }, ROWS],
  ['{{ rows }}', { rows: ROWS }, ROWS],
  ['{{obj}}', { obj: { k: [1] } }, { k: [1] }],
  ['{{n}}', { n: 3 }, 3],
  ['{{flag}}', { flag: false }, false],
  ['{{missing}}', {}, null],
  ['{{a.b}}', { a: 'text' }, null],
  ['{{rows[1]}}', { rows: ROWS }, { a: 2 }],
  ['{{n * 2}}', { n: '3' }, 6],
  ['{{name + "!"}}', { name: 'hi' }, 'hi!'],
  ['x {{n}}', { n: 3 }, 'x 3'],
  // White space around one {{ }} (a YAML block scalar's line break) keeps the value's type.
  [' {{n}}', { n: 3 }, 3],
  ['{{n}}{{n}}', { n: 3 }, '33'],
  ['{{rows}} ', { rows: [1] }, [1]],
  ['{{rows}}\n', { rows: [1] }, [1]],
  ['{{quantity * unit_price}}\n', { quantity: 2, unit_price: 99.5 }, 199],
  ['plain text', {}, 'plain text'],
  ['a }} b', {}, 'a }} b'],
  ['{{#for rows}}{{a}}{{/for}}', { rows: ROWS }, '12'],
];

for (const [source, data, expected] of VALUES) {
  test(`value: ${JSON.stringify(source)}`, () => {
    const compiled = compileAegisValue(source, AT);
    assert.ok(compiled.ok);
    assert.deepEqual(compiled.value.evaluate(data), expected);
  });
}

test('value: an array passes through as the same array', () => {
  const compiled = compileAegisValue('{{rows}}', AT);
  assert.ok(compiled.ok);
  assert.equal(compiled.value.evaluate({ rows: ROWS }), ROWS);
});

test('value: refs', () => {
  const single = compileAegisValue('{{ a.b + c[#i] }}', AT);
  const text = compileAegisValue('x {{a}} {{#for rows}}{{f}}{{/for}}', AT);
  const plain = compileAegisValue('no braces', AT);
  assert.ok(single.ok && text.ok && plain.ok);
  assert.deepEqual(
    [single.value.refs, text.value.refs, plain.value.refs],
    [['a', 'c', 'i'], ['a', 'rows'], []],
  );
});

test('value: a compile error', () => {
  assert.deepEqual(compileAegisValue('id-{{ a b }}', AT), {
    ok: false,
    message: 'expected + - * / or }} here, found "b"; to join values write e.g. {{first + " " + last}}',
    offset: 8,
    length: 1,
  });
});

test('value: an eval error carries the position of its {{', () => {
  const compiled = compileAegisValue('{{ total / count }}', { file: 'tool.md', line: 4, column: 12 });
  assert.ok(compiled.ok);
  assert.throws(() => compiled.value.evaluate({ total: 5, count: 0 }), {
    name: 'EvaluationError',
    message: 'division by zero in {{ total / count }} (tool.md:4:12)',
  });
});

test('a compiled template renders many scopes', () => {
  const compiled = compileAegisTemplate('{{#for xs}}{{_}}{{/for}}:{{n}}', AT);
  assert.ok(compiled.ok);
  const outputs = [1, 2, 3].map((n) =>
    compiled.value.render({ xs: Array.from({ length: n }, (_, i) => i), n }),
  );
  assert.deepEqual(outputs, ['0:1', '01:2', '012:3']);
});

// [value, display]
const DISPLAY: [unknown, string][] = [
  [null, ''],
  [undefined, ''],
  ['s', 's'],
  [300, '300'],
  [-0, '0'],
  [2.5, '2.5'],
  [NaN, 'NaN'],
  [-Infinity, '-Infinity'],
  [true, 'true'],
  [[1, [2]], '[1,[2]]'],
  [{ a: null }, '{"a":null}'],
];

for (const [value, display] of DISPLAY) {
  const shown = Object.is(value, -0)
    ? '-0'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  test(`formatValue(${shown})`, () => assert.equal(formatValue(value), display));
}
