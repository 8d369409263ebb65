import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../helpers/cli.js';
import { CORPUS } from '../../helpers/corpus.js';
import { runSkillCases, type SkillWithCases } from '../../helpers/skill-cases.js';

// What the AgenticDSL engine's own tests load and run: its built-in targets, soft ends, wait_for joins,
// at() on objects, fork/join. Each graph below is written for this test in the engine tests' forms.

const block = (path: string, yaml: string) =>
  `### AgenticDSL \`${path}\`\n\`\`\`yaml\n# --- BEGIN AgenticDSL ---\n${yaml.trim()}\n# --- END AgenticDSL ---\n\`\`\`\n`;

/** `/__system__/noop` is a soft end that a later node can wait for; the hard end finishes the run. */
const NOOP = block(
  '/main',
  `
graph_type: subgraph
entry: first
nodes:
  - id: first
    type: assign
    assign: { before: "yes" }
    next: "/__system__/noop"
  - id: second
    type: assign
    assign: { after: "ran" }
    wait_for: ["/__system__/noop"]
    next: /main/end
  - id: end
    type: end
    termination_mode: hard
`,
);

/** `/__system__/budget_exceeded` ends the run at once, with the context as its output. */
const BUDGET = block(
  '/main',
  `
graph_type: subgraph
entry: start
nodes:
  - id: start
    type: assign
    assign: { kept: "value" }
    next: "/__system__/budget_exceeded"
`,
);

/** Branches in blocks of their own, joined by wait_for.all_of. */
const ALL_OF =
  block(
    '/main',
    `
graph_type: subgraph
entry: start
nodes:
  - id: start
    type: assign
    assign: { go: "x" }
    next: ["/branch/left", "/branch/right"]
  - id: join
    type: assign
    assign: { both: "{{ left }}+{{ right }}" }
    wait_for:
      all_of: ["/branch/left", "/branch/right"]
    next: /main/end
  - id: end
    type: end
`,
  ) +
  block('/branch/left', 'type: assign\nassign: { left: "L" }\nnext: "/main/join"') +
  block('/branch/right', 'type: assign\nassign: { right: "R" }\nnext: "/main/join"');

/** A resource reached with at() by its path (as the engine keys resources), and waited for. */
const RESOURCE =
  block(
    '/resources/settings',
    'type: resource\nresource_type: file\nuri: "/srv/settings.json"\nscope: global',
  ) +
  block(
    '/main',
    `
graph_type: subgraph
nodes:
  - id: start
    type: start
    next: ["/main/read"]
  - id: read
    type: assign
    assign:
      by_path: '{{ at(resources, "/resources/settings").uri }}'
      by_name: "{{ resources.settings.uri }}"
      count: "{{ length(items) }}"
    wait_for: ["/resources/settings"]
    next: ["/main/end"]
  - id: end
    type: end
    output_keys: [by_path, by_name, count]
`,
  );

/** fork (branches) and join (wait_for), the engine's newer node types. */
const FORK_JOIN = block(
  '/main',
  `
graph_type: subgraph
nodes:
  - id: start
    type: start
    next: [/main/fork]
  - id: fork
    type: fork
    branches:
      - path: /main/a
      - path: /main/b
    next: [/main/join]
  - id: a
    type: tool_call
    tool: calculate
    arguments: { a: "1", b: "2", op: "+" }
    output_keys: [sum_a]
    next: [/main/end]
  - id: b
    type: tool_call
    tool: calculate
    arguments: { a: "10", b: "4", op: "-" }
    output_keys: [diff_b]
    next: [/main/end]
  - id: join
    type: join
    wait_for: [/main/a, /main/b]
    next: [/main/total]
  - id: total
    type: assign
    assign: { total: "{{ sum_a.result + diff_b.result }}" }
    next: [/main/end]
  - id: end
    type: end
    output_keys: [total]
`,
);

test("the AgenticDSL engine's built-in targets, soft ends, wait_for, at() and fork/join run", async () => {
  const skills: SkillWithCases[] = [
    {
      name: 'noop.md',
      text: NOOP,
      cases: [
        { name: 'noop', input: {}, expect: { status: 'completed', output: { before: 'yes', after: 'ran' } } },
      ],
    },
    {
      name: 'budget.md',
      text: BUDGET,
      cases: [
        { name: 'budget_exceeded', input: {}, expect: { status: 'completed', output: { kept: 'value' } } },
      ],
    },
    {
      name: 'all_of.md',
      text: ALL_OF,
      cases: [{ name: 'all_of', input: {}, expect: { output: { both: 'L+R' } } }],
    },
    {
      name: 'resource.md',
      text: RESOURCE,
      cases: [
        {
          name: 'resource by path',
          input: { items: [1, 2] },
          expect: { output: { by_path: '/srv/settings.json', by_name: '/srv/settings.json', count: 2 } },
        },
      ],
    },
    {
      name: 'fork_join.md',
      text: FORK_JOIN,
      cases: [{ name: 'fork/join', input: {}, expect: { output: { total: 9 } } }],
    },
  ];
  // The engine's standard library subgraph that ends at /end_soft: run on its own, it returns its context.
  const add = join(CORPUS, 'agenticdsl/lib_math_add.md');
  if (existsSync(add))
    skills.push({
      name: 'lib_math_add.md',
      text: readFileSync(add, 'utf8'),
      cases: [{ name: '/end_soft', input: { inputs: { a: 2, b: 3 } }, expect: { output: { sum: 5 } } }],
    });
  const report = await runSkillCases(skills, {
    SKEIN_CONFIG: join(ROOT, 'test/fixtures/agenticdsl-compat/skein.yaml'),
  });
  assert.deepEqual(report.diagnostics, []);
  assert.deepEqual(report.failures, []);
  assert.equal(report.passed, skills.length);
});
