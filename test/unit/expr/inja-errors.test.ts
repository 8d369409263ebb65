import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileInjaTemplate } from '../../../src/expr/index.js';

const locate = () => ({ file: 'graph.md', line: 1, column: 1 });

// [template, message, offset, length]: each compile error says what is wrong and how to write it.
const ERRORS: [string, string, number, number][] = [
  ['Hi {{ name', 'unclosed {{: add }} after the expression, e.g. {{ name }}', 3, 2],
  ['{{ }}', 'empty {{ }}: put a variable or an expression inside, e.g. {{ name }}', 0, 5],
  [
    '{{ a b }}',
    'expected an operator or }} here, found "b"; to join text write e.g. {{ first + " " + last }}',
    5,
    1,
  ],
  ['{% if x %}y', 'unclosed {% if x %}: add {% endif %} where the condition ends', 0, 10],
  ['{% endif %}', '{% endif %} has no {% if %} before it', 0, 11],
  [
    '{% for x %}{% endfor %}',
    '{% for x %} needs "in" and what to loop over, e.g. {% for item in items %}…{% endfor %}',
    0,
    11,
  ],
  [
    '{% for x of items %}{% endfor %}',
    'expected "in" after the loop variable, e.g. {% for item in items %}…{% endfor %}; found "of"',
    9,
    2,
  ],
  [
    '{{#for items}}x{{/for}}',
    '{{#for items}} is not Inja: blocks are written {% for item in items %}…{% endfor %} and {% if cond %}…{% endif %}',
    0,
    14,
  ],
  [
    '{{ input.split()[0] }}',
    'input.split(…) is a method call, which Inja does not have; call a function instead, e.g. upper(name), length(items), first(items), join(items, ", "), or split text in a codelet',
    3,
    12,
  ],
  ['{{ upper(1, 2) }}', 'upper takes 1 argument, got 2', 3, 11],
  [
    '{% set x = 1 %}',
    '{% set %} is not supported in AgenticDSL templates: compute the value in an assign node before this one',
    3,
    3,
  ],
  [
    '{% wat %}',
    'unknown statement "wat": {% %} holds if, else if, else, endif, for, endfor, raw or endraw; a value goes in {{ }}',
    3,
    3,
  ],
  ['{# open', 'unclosed comment {#: add #} where the comment ends', 0, 2],
  [
    '{{ a = 1 }}',
    'use == to compare; a single = is not an operator (to store a value, use an assign node)',
    5,
    1,
  ],
  [
    '{{ x ? 1 : 2 }}',
    'there is no ?: operator; use {% if cond %}a{% else %}b{% endif %} or default(value, fallback)',
    5,
    1,
  ],
  ['{{ "abc }}', 'unterminated string: add the closing "', 3, 1],
  [
    '{% for x in items %}{% endif %}',
    '{% endif %} closes a {% for %}: close the loop first with {% endfor %}',
    20,
    11,
  ],
  [
    '{% if a %}{% else %}{% else %}{% endif %}',
    '{% else %} after {% else %}: the {% else %} branch must come last',
    20,
    7,
  ],
  ['{{ x | }}', 'expected a function name after |, e.g. {{ name | upper }}; found }}', 7, 1],
  ['{{ a ** 2 }}', '** is not an Inja operator; use * / or % (or compute it in a codelet)', 5, 2],
];

for (const [source, message, offset, length] of ERRORS) {
  test(`Inja compile error: ${source}`, () => {
    const r = compileInjaTemplate(source, locate);
    assert.deepEqual(r, { ok: false, message, offset, length });
  });
}

test('an unknown function lists the known ones', () => {
  const r = compileInjaTemplate('{{ foo(1) }}', locate);
  assert.equal(r.ok, false);
  assert.match(!r.ok ? r.message : '', /^unknown function "foo"; known: at, capitalize, default, .*upper$/);
});
