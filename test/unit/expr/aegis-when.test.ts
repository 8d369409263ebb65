import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EvaluationError, type SourceRef } from '../../../src/ir/expr.js';
import { compileAegisWhen } from '../../../src/expr/index.js';

const AT: SourceRef = { file: 'skill.md', line: 3, column: 9 };

function when(source: string, data: Record<string, unknown>): boolean {
  const compiled = compileAegisWhen(source, AT);
  if (!compiled.ok) assert.fail(`${source}: ${compiled.message}`);
  return compiled.value.test(data);
}

// [what, guard, data, expected]
const CASES: [string, string, Record<string, unknown>, boolean][] = [
  ['== true on a boolean', 'confirm == true', { confirm: true }, true],
  ['== true on false', 'confirm == true', { confirm: false }, false],
  ['== true on the string "true"', 'confirm == true', { confirm: 'true' }, false],
  ['"true" != true', '{{s}} != true', { s: 'true' }, true],
  ['"1" != 1', '{{s}} != 1', { s: '1' }, true],
  ['"1" == "1"', '{{s}} == "1"', { s: '1' }, true],
  ['1 == 1.0', '{{n}} == 1.0', { n: 1 }, true],
  ['literal 1 == 1.0', '1 == 1.0', {}, true],
  ['null == null', 'null == null', {}, true],
  ['missing == null', '{{region}} == null', {}, true],
  ['null value == null', '{{region}} == null', { region: null }, true],
  ['a value != null', '{{region}} == null', { region: '华东' }, false],
  ['missing != null is false', 'region != null', {}, false],
  ['"" is not null', '{{region}} == null', { region: '' }, false],
  ['0 is not false', 'n == false', { n: 0 }, false],
  ['arrays compare by content', '{{a}} == {{b}}', { a: [1, { x: [2] }], b: [1, { x: [2] }] }, true],
  ['objects ignore key order', '{{a}} == {{b}}', { a: { x: 1, y: 2 }, b: { y: 2, x: 1 } }, true],
  ['different arrays', '{{a}} != {{b}}', { a: [1, 2], b: [2, 1] }, true],
  ['an array is not an object', '{{a}} == {{b}}', { a: [1], b: { 0: 1 } }, false],
  ['an object with an extra key', '{{a}} == {{b}}', { a: { x: 1 }, b: { x: 1, y: null } }, false],
  ['> with numbers', '{{count}} > 10', { count: 11 }, true],
  ['> at the boundary', '{{count}} > 10', { count: 10 }, false],
  ['>= at the boundary', '{{count}} >= 10', { count: 10 }, true],
  ['<= with decimals', 'price <= 2.5', { price: 2.5 }, true],
  ['< with a negative literal', 't < -5', { t: -7 }, true],
  ['> with a negative literal', 't > -5', { t: -7 }, false],
  ['a numeric string against a number', '{{count}} > 10', { count: '11' }, true],
  ['numeric strings compare as numbers', '{{a}} < {{b}}', { a: '9', b: '10' }, true],
  ['numeric strings with spaces', '{{a}} >= 2', { a: ' 2.0 ' }, true],
  ['strings compare by code unit', '{{a}} < {{b}}', { a: 'apple', b: 'banana' }, true],
  ['uppercase sorts before lowercase', '"Z" < "a"', {}, true],
  ['CJK strings compare by code unit', '{{a}} > {{b}}', { a: '华', b: '东' }, true],
  ['a numeric and a plain string do not compare', '{{a}} < {{b}}', { a: '10', b: 'abc' }, false],
  ['... nor the other way round', '{{a}} >= {{b}}', { a: '10', b: 'abc' }, false],
  ['null < 1 is false', '{{missing}} < 1', {}, false],
  ['null >= 1 is false', '{{missing}} >= 1', {}, false],
  ['booleans do not compare', 'true > false', {}, false],
  ['a string does not compare with a number', '{{s}} > 1', { s: 'abc' }, false],
  ['truthy: true', 'confirm', { confirm: true }, true],
  ['truthy: missing', 'confirm', {}, false],
  ['truthy: null', 'confirm', { confirm: null }, false],
  ['truthy: ""', 'notes', { notes: '' }, false],
  ['truthy: "false" is a non-empty string', 'notes', { notes: 'false' }, true],
  ['truthy: 0', '{{n}}', { n: 0 }, false],
  ['truthy: -1', 'n', { n: -1 }, true],
  ['truthy: empty array', 'items', { items: [] }, true],
  ['truthy: empty object', 'items', { items: {} }, true],
  ['truthy: literals', 'true && 1 && "x"', {}, true],
  ['&& binds tighter than || (1)', 'a || b && c', { a: true, b: false, c: false }, true],
  ['&& binds tighter than || (2)', 'a && b || c', { a: false, b: true, c: true }, true],
  ['&& binds tighter than || (3)', 'a && b || c', { a: false, b: true, c: false }, false],
  ['parentheses change grouping', 'a && (b || c)', { a: false, b: true, c: true }, false],
  ['! of a missing value', '!confirm', {}, true],
  ['! of a comparison', '!(count > 10)', { count: 5 }, true],
  ['!! as truthiness', '!!name', { name: 'x' }, true],
  ['! binds tighter than ==', '!a == true', { a: 'x' }, false],
  ['nested parentheses', '((a == 1) || (b == 2)) && !(c)', { a: 2, b: 2, c: '' }, true],
  ['bare field path', 'user.age >= 18', { user: { age: 20 } }, true],
  ['bare path with an index', 'items[0].ok == true', { items: [{ ok: true }] }, true],
  ['bare path with a variable index', 'items[#i].ok', { items: [{ ok: false }, { ok: true }], i: 1 }, true],
  ['a missing nested field is null', 'user.address.city == null', { user: {} }, true],
  ['single-quoted strings', "name == 'Ada'", { name: 'Ada' }, true],
  ['escaped quotes', 'name == "say \\"hi\\""', { name: 'say "hi"' }, true],
  ['arithmetic inside {{ }}', '{{a + b}} == 3', { a: 1, b: 2 }, true],
  [
    'concatenation inside {{ }}',
    '{{first + " " + last}} == "Ada Lovelace"',
    { first: 'Ada', last: 'Lovelace' },
    true,
  ],
  ['two {{ }} operands', '{{a}} == {{b}}', { a: 'x', b: 'x' }, true],
  ['Chinese names in both forms', '{{地区}} == "华东" && 销售额 > 100', { 地区: '华东', 销售额: 150 }, true],
  ['emoji strings', 'mood == "🙂"', { mood: '🙂' }, true],
  ['the spec example', '{{region}} == null || {{count}} > 10', { region: 'x', count: 11 }, true],
  ['spaces and line breaks', '  a  ==  1\n  && b ', { a: 1, b: true }, true],
  ['&& stops at the first false', 'false && {{x / y}} > 1', { x: 1, y: 0 }, false],
  ['|| stops at the first true', 'ok || {{x / y}} > 1', { ok: true, x: 1, y: 0 }, true],
  ['data is never parsed', 'v == "{{x}}"', { v: '{{x}}', x: 'other' }, true],
];

for (const [what, source, data, expected] of CASES) {
  test(`when: ${what}`, () => assert.equal(when(source, data), expected));
}

// [guard, message, offset, length]
const ERRORS: [string, string, number, number][] = [
  ['confirm = true', 'use == to compare (a single = is not an operator), e.g. confirm == true', 8, 1],
  [
    'a &&',
    'expected an operand after && (a variable, {{expression}}, number, quoted string, true, false or null); found the end',
    4,
    0,
  ],
  [
    'a == ',
    'expected an operand after == (a variable, {{expression}}, number, quoted string, true, false or null); found the end',
    5,
    0,
  ],
  [
    '|| a',
    'expected an operand (a variable, {{expression}}, number, quoted string, true, false or null); found "|"',
    0,
    1,
  ],
  ['(a == 1', '( is not closed: add )', 0, 1],
  ['(a == 1 b', 'expected an operator (== != < > <= >= && ||) or ) here; found "b"', 8, 1],
  ['a == 1)', 'this ) has no ( before it: remove it or add the (', 6, 1],
  ['a and b', 'use && instead of and', 2, 3],
  ['(a or b)', 'use || instead of or', 3, 2],
  ['not a', 'use ! instead of not', 0, 3],
  ['a & b', 'use && (a single & is not an operator)', 2, 1],
  ['a | b', 'use || (a single | is not an operator)', 2, 1],
  ['a === b', 'use == (there is no ===; == never converts types)', 2, 3],
  ['a !== b', 'use != (there is no !==; == never converts types)', 2, 3],
  ['a < b < c', 'comparisons cannot be chained: write a < b && b < c', 6, 1],
  ['a b', 'expected an operator (== != < > <= >= && ||) or the end here; found "b"', 2, 1],
  ['', 'empty condition: write one such as confirm == true or {{count}} > 10', 0, 0],
  ['   ', 'empty condition: write one such as confirm == true or {{count}} > 10', 0, 3],
  ['{{region == null', 'unclosed {{: add }} after the expression', 0, 2],
  ['{{a > 1 || {{b}} > 2', 'unclosed {{: add }} after the expression', 0, 2],
  ['x == 1 || {{}}', 'empty {{}}: put a variable or an expression inside, e.g. {{count}}', 10, 4],
  [
    '{{a == b}}',
    "== is not allowed inside {{ }}, which supports + - * / only; comparisons and && || belong in a step's when",
    4,
    2,
  ],
  ['-x > 1', 'a minus sign here must start a number, e.g. -5; for arithmetic write {{a - b}}', 0, 1],
  ['name == "Ada', 'unterminated string: add the closing "', 8, 1],
  ['_ == 1', '_ is the current element of a loop and is only defined inside {{#for array}}…{{/for}}', 0, 1],
  ['{{1 / 0}} > 1', 'division by zero in 1 / 0', 2, 5],
  ['items[0', '[ is not closed: add ] after the index (found the end)', 5, 1],
];

for (const [source, message, offset, length] of ERRORS) {
  test(`when error: ${JSON.stringify(source)}`, () => {
    assert.deepEqual(compileAegisWhen(source, AT), { ok: false, message, offset, length });
  });
}

// [guard, data, message, line, column] with the guard starting at skill.md:3:9
const EVAL_ERRORS: [string, Record<string, unknown>, string, number, number][] = [
  ['a == 1 || {{x / y}} > 1', { a: 2, x: 1, y: 0 }, 'division by zero in {{x / y}}', 3, 19],
  [
    'a == 1 ||\n  {{ x * y }} > 1',
    { a: 2, x: 'abc', y: 2 },
    'cannot multiply "abc" by 2 in {{ x * y }}',
    4,
    3,
  ],
];

for (const [source, data, message, line, column] of EVAL_ERRORS) {
  test(`when eval error: ${JSON.stringify(source)}`, () => {
    let error: unknown;
    try {
      when(source, data);
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof EvaluationError);
    assert.equal(error.message, `${message} (skill.md:${line}:${column})`);
    assert.deepEqual(error.at, { file: 'skill.md', line, column });
  });
}

// [guard, refs]
const REFS: [string, string[]][] = [
  ['{{region}} == null || count > 10 && items[#i].ok', ['region', 'count', 'items', 'i']],
  ['{{a + b * a}} > 1', ['a', 'b']],
  ['true', []],
  ['"x" == \'y\'', []],
];

for (const [source, refs] of REFS) {
  test(`when refs: ${JSON.stringify(source)}`, () => {
    const compiled = compileAegisWhen(source, AT);
    assert.ok(compiled.ok);
    assert.deepEqual([compiled.value.refs, compiled.value.source], [refs, source]);
  });
}
