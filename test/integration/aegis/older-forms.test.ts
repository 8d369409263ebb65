import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';
import { runSkillCases, type SkillWithCases } from '../../helpers/skill-cases.js';

// Forms the Aegis Java engine loads and runs that the spec's latest revision writes differently: each
// loads with a warning saying how to write it today, and runs as the engine runs it.

const fence = (lang: string, body: string) => `\`\`\`${lang}\n${body}\n\`\`\``;

/** Two guarded steps share a varName (alternative branches); a third step's varName is its own name. */
const BRANCHES = `# skill: branches

**version**: 1.0.0

## input_schema

${fence('yaml', 'ok: boolean')}

## output_schema

${fence('yaml', 'result: string\nsummary: string')}

## steps

### step: accepted

**type**: template
**varName**: result
**when**: ok == true

${fence('template', '已确认')}

### step: refused

**type**: template
**varName**: result
**when**: ok == false

${fence('template', '已取消')}

### step: summary

**type**: template
**varName**: summary

${fence('template', '结果：{{result}}')}
`;

/** The same without guards: two steps writing one varName unconditionally is still an error. */
const UNGUARDED = BRANCHES.replace('**when**: ok == true\n', '').replace(
  '# skill: branches',
  '# skill: unguarded',
);

/**
 * Older forms together: frontmatter id and a two-part version instead of the heading, steps without
 * **type**, a prompt without varName read as {{draft.output}}, a tool whose input: is one {{value}}, an
 * await step without varName read by its name, and a JMustache section.
 */
const OLDER = `---
id: older_forms
version: 1.0
---

## input_schema

${fence('yaml', 'topic: string\nparams:\n  type: object')}

## output_schema

${fence('yaml', 'final: string\nechoed:\n  type: object')}

## steps

### step: draft

${fence('prompt', '写一句关于 {{topic}} 的话')}

### step: call_tool

**tool**: echo

${fence('yaml', 'input: "{{params}}"\nlabel: "{{topic}}"\noutput_schema:\n  received:\n    type: object')}

### step: ask

${fence('yaml', 'message: "{{draft.output}}，可以吗？"\ninput_schema:\n  ok: boolean\n  notes:\n    type: string\n    required: false')}

### step: compose

**type**: template
**varName**: final

${fence('template', '{{draft.value}}|{{ask.ok}}|{{#notes}}备注：{{notes}}{{/notes}}{{^notes}}无备注{{/notes}}')}

### step: keep

**type**: template
**varName**: echoed

${fence('template', '{{received}}')}
`;

/** Tool input typing: one {{ }} with white space around it keeps its type; arithmetic gives a number. */
const TYPED = `# skill: typed_input

**version**: 1.0.0

## input_schema

${fence('yaml', 'n: number\nrows: array')}

## output_schema

${fence('yaml', 'types:\n  type: object\nreceived:\n  type: object')}

## steps

### step: send

**type**: tool
**tool**: echo

${fence('yaml', 'input:\n  plain: "{{n}}"\n  spaced: " {{n}} "\n  block: |\n    {{rows}}\n  product: "{{n * 2}}"\n  text: "n={{n}}"\noutput_schema:\n  types:\n    type: object\n  received:\n    type: object')}
`;

/** An await step with an older varName: the answer is stored under it too. */
const AWAIT_VARNAME = `# skill: await_varname

**version**: 1.0.0

## output_schema

${fence('yaml', 'line: string')}

## steps

### step: confirm_order

**type**: await
**varName**: confirmation

${fence('yaml', 'message: 确认吗？\ninput_schema:\n  confirm: boolean')}

### step: line

**type**: template
**varName**: line
**when**: "confirmation.confirm == true"

${fence('template', '确认={{confirmation.confirm}}，字段={{confirm}}')}
`;

/** No output_schema: the Java engine runs it, with an empty output. */
const NO_OUTPUT = `# skill: no_output

**version**: 1.0.0

## steps

### step: hello

**type**: template
**varName**: hello

${fence('template', 'hi')}
`;

const BAD_ID = NO_OUTPUT.replace('# skill: no_output', '# skill: No-Output');

async function validate(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'skein-older-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const r = await skein(['validate', '--json', ...Object.keys(files).map((f) => join(dir, f))]);
  const report = JSON.parse(r.stdout) as {
    files: {
      path: string;
      diagnostics: { severity: string; code: string; message: string; line: number }[];
    }[];
  };
  return Object.fromEntries(report.files.map((f) => [f.path.slice(dir.length + 1), f.diagnostics] as const));
}

const errors = (ds: { severity: string; code: string }[]) =>
  ds.filter((d) => d.severity === 'error').map((d) => d.code);
const warned = (ds: { severity: string; message: string }[], text: RegExp) =>
  ds.some((d) => d.severity === 'warning' && text.test(d.message));

test('older forms validate with warnings that say how to write them today; real mistakes stay errors', async () => {
  const d = await validate({
    'branches.md': BRANCHES,
    'unguarded.md': UNGUARDED,
    'older.md': OLDER,
    'typed.md': TYPED,
    'await.md': AWAIT_VARNAME,
    'no_output.md': NO_OUTPUT,
    'bad_id.md': BAD_ID,
  });
  assert.deepEqual(errors(d['branches.md']), []);
  assert.deepEqual(errors(d['unguarded.md']), ['aegis/varname-conflict']);
  assert.match(
    d['unguarded.md'].find((x) => x.code === 'aegis/varname-conflict')!.message,
    /unless every step writing it has a \*\*when\*\*/,
  );

  const older = d['older.md'];
  assert.deepEqual(errors(older), []);
  assert.ok(warned(older, /skill id "older_forms" comes from the frontmatter.*# skill: older_forms/));
  assert.ok(warned(older, /version "1\.0" has fewer than three parts; it is read as 1\.0\.0/));
  assert.ok(
    warned(older, /step "draft" has no \*\*type\*\*.*read as a prompt step.*write \*\*type\*\*: prompt/),
  );
  assert.ok(warned(older, /step "call_tool" has no \*\*type\*\*.*read as a tool step/));
  assert.ok(warned(older, /step "ask" has no \*\*type\*\*.*read as an await step/));
  assert.ok(
    warned(older, /prompt step "draft" has no \*\*varName\*\*.*stored under the step's name "draft"/),
  );
  assert.ok(warned(older, /\{\{draft\.value\}\} \/ \{\{draft\.output\}\} is an older form/));
  assert.ok(warned(older, /input: is one value.*every top-level key \(input, label\) is passed to the tool/));
  assert.ok(warned(older, /reads the answer of await step "ask" by the step's name/));
  assert.ok(warned(older, /\{\{#notes\}\} is a section of the older JMustache engine/));

  assert.deepEqual(errors(d['typed.md']), []);
  assert.deepEqual(errors(d['await.md']), []);
  assert.ok(warned(d['await.md'], /the answer is stored under "confirmation" as well/));
  assert.ok(warned(d['await.md'], /quotes around this when are not part of the condition/));
  assert.deepEqual(errors(d['no_output.md']), []);
  assert.ok(warned(d['no_output.md'], /no "## output_schema" section, so the skill's output is empty/));
  assert.deepEqual(errors(d['bad_id.md']), ['aegis/bad-id']);
  assert.match(
    d['bad_id.md'].find((x) => x.code === 'aegis/bad-id')!.message,
    /"No-Output" must match \^\[a-z\]\[a-z0-9_\]\*\$.*e\.g\. "no_output"/,
  );
});

test('older forms run as the Java engine runs them', async () => {
  const skills: SkillWithCases[] = [
    {
      name: 'branches.md',
      text: BRANCHES,
      cases: [
        {
          name: 'ok',
          input: { ok: true },
          expect: { output: { result: '已确认', summary: '结果：已确认' } },
        },
        {
          name: 'not ok',
          input: { ok: false },
          expect: { output: { result: '已取消', summary: '结果：已取消' } },
        },
      ],
    },
    {
      name: 'older.md',
      text: OLDER,
      cases: [
        {
          name: 'with notes',
          input: { topic: '春天', params: { a: 1 } },
          model: [{ text: '春天来了' }],
          answers: [{ ok: true, notes: '好' }],
          expect: {
            status: 'completed',
            output: {
              final: '春天来了|true|备注：好',
              echoed: { input: { a: 1 }, label: '春天' },
            },
          },
        },
        {
          name: 'without notes',
          input: { topic: '春天', params: { a: 1 } },
          model: [{ text: '春天来了' }],
          answers: [{ ok: false }],
          expect: { status: 'completed', output: { final: '春天来了|false|无备注' } },
        },
        {
          name: 'the await message reads the prompt result by the step name',
          input: { topic: '春天', params: {} },
          model: [{ text: '春天来了' }],
          expect: { status: 'awaiting', await: { message: '春天来了，可以吗？' } },
        },
      ],
    },
    {
      name: 'typed.md',
      text: TYPED,
      cases: [
        {
          name: 'one {{ }} keeps its type, arithmetic is a number, text renders',
          input: { n: 3, rows: [1, 2] },
          expect: {
            output: {
              types: { plain: 'number', spaced: 'number', block: 'array', product: 'number', text: 'string' },
              received: { plain: 3, spaced: 3, block: [1, 2], product: 6, text: 'n=3' },
            },
          },
        },
      ],
    },
    {
      name: 'await.md',
      text: AWAIT_VARNAME,
      cases: [
        {
          name: 'the answer is under the varName and field by field',
          input: {},
          answers: [{ confirm: true }],
          expect: { output: { line: '确认=true，字段=true' } },
        },
      ],
    },
    {
      name: 'no_output.md',
      text: NO_OUTPUT,
      cases: [{ name: 'empty output', input: {}, expect: { status: 'completed', output: {} } }],
    },
  ];
  const report = await runSkillCases(skills, {
    SKEIN_CONFIG: join(ROOT, 'test/fixtures/aegis-compat/skein.yaml'),
  });
  assert.deepEqual(report.diagnostics, []);
  assert.deepEqual(report.failures, []);
  assert.equal(report.passed, 8);
});
