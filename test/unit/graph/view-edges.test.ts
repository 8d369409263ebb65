import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { graphView, toMermaid } from '../../../src/graph/index.js';
import { needsModel } from '../../../src/ir/needs-model.js';
import type { Skill } from '../../../src/ir/skill.js';
import { loadText } from '../../../src/skills/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A skill written in a test, loaded as a file of that name would be. */
function skill(path: string, text: string): Skill {
  const unit = loadText(path, text);
  assert.deepEqual(
    unit.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
    [],
  );
  return unit.skills[0];
}

const example = (path: string) => skill(path, readFileSync(join(ROOT, 'examples', path), 'utf8'));
const drawn = (s: Skill) =>
  graphView(s)!.edges.map((e) => `${e.from}→${e.to}${e.label ? ` [${e.label}]` : ''}`);

/** An Aegis skill whose steps are template steps named and guarded as given (`when` absent: none). */
function aegis(steps: [name: string, when?: string][]): Skill {
  const body = steps
    .map(
      ([name, when]) =>
        `### step: ${name}\n\n**type**: template\n**varName**: ${name}_text\n${when ? `**when**: ${when}\n` : ''}\n\`\`\`template\n${name}\n\`\`\`\n`,
    )
    .join('\n');
  return skill(
    'pick.md',
    `# skill: pick\n\n**version**: 1.0.0\n\n## description\nPicks.\n\n## input_schema\n\n\`\`\`yaml\nkind:\n  type: string\nconfirm:\n  type: boolean\n\`\`\`\n\n## steps\n\n${body}`,
  );
}

test('steps guarded by one value each of the same path are drawn as branches, each edge labelled with its condition', () => {
  // order_confirmation: process_order when confirm == true, cancel_order when confirm == false.
  const edges = drawn(example('skills/order_confirmation.md'));
  assert.ok(edges.includes('prepare_summary→user_confirmation'), edges.join('\n'));
  assert.ok(edges.includes('user_confirmation→process_order [when confirm == true]'), edges.join('\n'));
  assert.ok(edges.includes('user_confirmation→cancel_order [when confirm == false]'), edges.join('\n'));
  assert.ok(edges.includes('process_order→compose_title'), edges.join('\n'));
  assert.ok(edges.includes('cancel_order→compose_title'), edges.join('\n'));
  // true and false cover a boolean: no way past both.
  assert.ok(!edges.some((e) => e.includes('otherwise')), edges.join('\n'));
  assert.ok(!edges.includes('process_order→cancel_order'), edges.join('\n'));
});

test('values that do not cover every case leave an "otherwise" edge; a step that may run with another stays in sequence', () => {
  const s = aegis([
    ['start'],
    ['a', "kind == 'a'"],
    ['b', "kind == 'b' || kind == 'c'"],
    ['also', "kind == 'a'"],
    ['last'],
  ]);
  // `also` tests a value that `a` took: both may run, so `also` follows the branches as a step of its own.
  assert.deepEqual(
    drawn(s).sort(),
    [
      "a→also [when kind == 'a']",
      'also→last',
      "b→also [when kind == 'a']",
      'last→__output__',
      "start→a [when kind == 'a']",
      'start→also [otherwise]',
      "start→b [when kind == 'b' || kind == 'c']",
    ].sort(),
  );
});

test('a lone guarded step keeps its place in the sequence, its incoming edge labelled', () => {
  const edges = drawn(aegis([['start'], ['maybe', 'confirm == true'], ['last']]));
  assert.deepEqual(edges, ['start→maybe [when confirm == true]', 'maybe→last', 'last→__output__']);
});

test('a route’s edges carry the test of its Python resolver that leads to each target', () => {
  const s = example('graphs/route_purpose.md');
  const edges = drawn(s);
  for (const e of [
    '/main/dispatch→/main/summarize_doc ["summarize" in purpose]',
    '/main/dispatch→/main/translate_text ["translate" in purpose]',
    '/main/dispatch→/main/unknown_intent [otherwise]',
  ])
    assert.ok(edges.includes(e), `${e} in\n${edges.join('\n')}`);
  const mermaid = toMermaid(s);
  assert.match(mermaid, /-\.->\|"#quot;summarize#quot; in purpose"\|/);
});

test('a skill needs a model when a step of it, or of a skill it calls, asks one', () => {
  const chat = example('skills/chat.md');
  const report = example('skills/sales_report.md');
  assert.equal(needsModel(chat), true);
  assert.equal(needsModel(report), false);
  assert.equal(needsModel(example('graphs/route_purpose.md')), true);
  assert.equal(needsModel(example('graphs/fan_out.md')), false);
  const caller = {
    ...report,
    id: 'caller',
    graph: {
      entry: 'c',
      edges: [],
      nodes: [
        {
          id: 'c',
          kind: 'call',
          target: { skill: 'chat@1.0.0' },
          input: { refs: [], evaluate: () => ({}) },
          output: { set: ['x'] },
        },
      ],
    },
  } satisfies Skill;
  assert.equal(needsModel(caller), false, 'the called skill is not known');
  assert.equal(needsModel(caller, [report, chat]), true);
  assert.equal(needsModel(caller, [report, { ...chat, version: '2.0.0' }]), false, 'another version');
});
