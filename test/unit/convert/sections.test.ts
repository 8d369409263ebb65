import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aegisToInja, injaToAegis } from '../../../src/convert/templates.js';
import { compileAegisTemplate, compileInjaTemplate } from '../../../src/expr/index.js';

const AT = { file: 'skill.md', line: 1, column: 1 };
const LOCATE = () => AT;

function aegis(source: string) {
  const t = compileAegisTemplate(source, AT);
  if (!t.ok) assert.fail(`${JSON.stringify(source)}: ${t.message}`);
  return t.value;
}

function inja(source: string) {
  const t = compileInjaTemplate(source, LOCATE);
  if (!t.ok) assert.fail(`${JSON.stringify(source)}: ${t.message}`);
  return t.value;
}

const TEMPLATES = [
  '类型: {{kind}}\n\n{{#txt}}\n文本: {{txt}}\n{{/txt}}\n\n{{#xls}}\nExcel: {{xls}}\n{{/xls}}\n',
  'A\n  {{#x}}  \nB\n{{/x}}\nC',
  'A {{#x}}yes{{/x}}{{^x}}no{{/x}} B',
  '{{^x}}\n\nnothing\n{{/x}}',
  '{{#x}}\r\nwin\r\n{{/x}}\r\nend',
  '{{#a.b}}\n{{#x}}\n  both {{a.b}}\n{{/x}}\n{{/a.b}}',
  'head\n{{#x}}\n{{/x}}\ntail {{#x}}\n{{/x}}',
];

const VALUES: Record<string, unknown>[] = [
  {},
  { x: null, a: null },
  { x: false, a: { b: 0 } },
  { x: 0, a: { b: '' } },
  { x: '', a: { b: [] } },
  { x: 'set', a: { b: {} }, kind: 'sales' },
  { x: [], a: { b: 'v' }, txt: 'r.md' },
  { x: {}, a: 'text', txt: '', xls: 'r.xlsx' },
  { x: 1, a: { b: true } },
];

test('an Aegis section renders in Inja and back exactly as in Aegis, for every kind of value', () => {
  for (const source of TEMPLATES) {
    const there = aegisToInja(source);
    assert.ok(there.ok, `${JSON.stringify(source)}: ${!there.ok && there.why}`);
    assert.doesNotMatch(there.text, /\{\{[#^/]/);
    const back = injaToAegis(there.text);
    assert.ok(back.ok, `${JSON.stringify(there.text)}: ${!back.ok && back.why}`);
    const [a, i, b] = [aegis(source), inja(there.text), aegis(back.text)];
    for (const scope of VALUES) {
      const expected = a.render(scope);
      const what = `${JSON.stringify(source)} on ${JSON.stringify(scope)}`;
      assert.equal(i.render(scope), expected, `Inja: ${what}\n${there.text}`);
      assert.equal(b.render(scope), expected, `back: ${what}\n${back.text}`);
    }
  }
});

test('a section is written as an Inja if on Aegis truthiness, and read back as the section', () => {
  assert.deepEqual(aegisToInja('{{#notes}}\nNote: {{notes}}\n{{/notes}}\n'), {
    ok: true,
    text: '{% if not (default(notes, null) in [null, false, "", 0]) %}Note: {{ default(notes, "") }}\n{% endif %}',
  });
  assert.deepEqual(injaToAegis('{% if default(notes, null) in [null, false, "", 0] %}-{% endif %}'), {
    ok: true,
    text: '{{^notes}}-{{/notes}}',
  });
});

test('an Inja if alone on its line keeps the line in Aegis, which drops a tag line', () => {
  const test = 'default(x, null) in [null, false, "", 0]';
  for (const source of [
    `A\n  {% if not (${test}) %}\t\nB\n{% endif %}\nC`,
    `A\n{% if ${test} %}\n\nB\n  {% endif %}`,
    `{% if ${test} %}\n{% endif %}\n{% if not (${test}) %} \r\nB\r\n{% endif %}\r\n`,
  ]) {
    const back = injaToAegis(source);
    assert.ok(back.ok);
    for (const scope of VALUES)
      assert.equal(aegis(back.text).render(scope), inja(source).render(scope), `${JSON.stringify(source)}`);
  }
});

test('an older {{step.output}} reads the result stored under the step name', () => {
  assert.deepEqual(
    aegisToInja('{{check.output}} {{#check.value}}y{{/check.value}} {{other.output}}', new Set(['check'])),
    {
      ok: true,
      text: '{{ default(check, "") }} {% if not (default(check, null) in [null, false, "", 0]) %}y{% endif %} {{ default(other.output, "") }}',
    },
  );
});

test('loops, other sections and other Inja statements are refused, naming the construct', () => {
  assert.deepEqual(aegisToInja('{{#for items}}{{_}}{{/for}}'), {
    ok: false,
    why: 'the template loop {{#for items}}',
  });
  assert.deepEqual(aegisToInja('{{#items[0]}}x{{/items[0]}}'), {
    ok: false,
    why: 'the template section {{#items[0]}}',
  });
  assert.deepEqual(injaToAegis('{% if x %}y{% endif %}'), {
    ok: false,
    why: 'the Inja statement {% if x %}',
  });
  const trimmed = '{%- if not (default(x, null) in [null, false, "", 0]) %}y{% endif %}';
  assert.equal(injaToAegis(trimmed).ok, false);
  assert.equal(injaToAegis('{{- x }}').ok, false);
  assert.deepEqual(injaToAegis('{# note #}'), { ok: false, why: 'an Inja comment' });
});
