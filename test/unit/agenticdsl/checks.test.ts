import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileAgenticDsl } from '../../../src/dialects/agenticdsl/index.js';
import { block, diagnose, show } from '../../helpers/agenticdsl.js';

const START = block('/main/start', 'type: start\nnext: [end]');
const END = block('/main/end', 'type: end');

/** The one diagnostic a graph gets, with its full message. */
function only(text: string): string {
  const ds = compileAgenticDsl('graph.md', text).diagnostics;
  assert.equal(ds.length, 1, ds.map(show).join('\n'));
  return show(ds[0]);
}

test('a valid graph loads without diagnostics, with full paths as node ids', () => {
  const r = compileAgenticDsl('graph.md', START + END);
  assert.deepEqual(r.diagnostics, []);
  assert.deepEqual(r.skills[0].graph, {
    nodes: r.skills[0].graph!.nodes,
    edges: [{ from: '/main/start', to: '/main/end' }],
    entry: '/main/start',
  });
  assert.deepEqual(
    r.skills[0].graph!.nodes.map((n) => `${n.id} ${n.kind}`),
    ['/main/start assign', '/main/end end'],
  );
});

test('missing markers: one error when both are missing, one per missing marker otherwise', () => {
  const bare = '### AgenticDSL `/main/end`\n\n```yaml\ntype: end\n```\n';
  assert.equal(
    only(START + bare),
    '13:1 agenticdsl/missing-markers the block has no BEGIN/END markers; the block\'s first line is "# --- BEGIN AgenticDSL ---" and its last line "# --- END AgenticDSL ---"',
  );
  const noEnd = '### AgenticDSL `/main/end`\n\n```yaml\n# --- BEGIN AgenticDSL ---\ntype: end\n```\n';
  assert.deepEqual(diagnose(START + noEnd), ['14:10 error agenticdsl/missing-end-marker']);
});

// A fuzz finding: a marker line followed by 500,000 blanks and a letter took 39 s (the marker pattern's
// tail was quadratic in a run of blanks; test/fixtures/fuzz-repro keeps that file). The tail is now read
// in code; this checks it accepts and refuses what the pattern did.
test('marker lines with long runs of blanks are read in linear time: dashes and blanks after them only', () => {
  const blanks = ' \t'.repeat(50_000);
  const marked = (begin: string) =>
    `### AgenticDSL \`/main/end\`\n\n\`\`\`yaml\n${begin}\ntype: end\n# --- END AgenticDSL ---\n\`\`\`\n`;
  assert.deepEqual(diagnose(START + marked(`# --- BEGIN AgenticDSL ---${blanks}`)), []);
  assert.deepEqual(diagnose(START + marked(`# --- BEGIN AgenticDSL ${blanks}---${blanks}`)), []);
  assert.deepEqual(diagnose(START + marked(`# --- BEGIN AgenticDSL${blanks}x`)), [
    '13:1 error agenticdsl/missing-begin-marker',
  ]);
});

// Fuzz findings: the nesting pre-scan missed a flow collection after an anchor (`&a [[[…`) and a line of
// `- - - …` inside a flow collection left open; the parser then overflowed the stack (an internal error).
test('deep nesting after an anchor or tag, or in dashes inside an open flow collection, is refused at its place', () => {
  const deep = (yaml: string) => diagnose(block('/main/end', `type: end\n${yaml}`));
  const refused = (at: string) => [`${at} error agenticdsl/yaml`, '1:1 error agenticdsl/no-nodes'];
  assert.deepEqual(deep(`x: &a ${'['.repeat(150)}`), refused('6:106'));
  assert.deepEqual(deep(`x: !t ${'{'.repeat(150)}`), refused('6:106'));
  assert.deepEqual(deep(`x: [a\n${'- '.repeat(150)}`), refused('7:197'));
});

test('bad paths say which character is wrong and what a path looks like', () => {
  assert.equal(
    only(START + END + block('/main/bad name', 'type: end')),
    '18:17 agenticdsl/bad-path "/main/bad name" contains a space; path parts hold only letters, digits, _ and -, e.g. /main/ask_user',
  );
  assert.deepEqual(diagnose(START + END + block('main/x', 'type: end')), ['18:17 error agenticdsl/bad-path']);
  assert.deepEqual(diagnose(START.replace('next: [end]', 'next: [/lib/x@v1]') + END), [
    '6:8 error agenticdsl/unknown-target',
  ]);
  assert.deepEqual(
    diagnose(
      START +
        END +
        '### AgenticDSL /main/x\n\n```yaml\n# --- BEGIN AgenticDSL ---\ntype: end\n# --- END AgenticDSL ---\n```\n',
    ),
    ['18:16 error agenticdsl/heading-path'],
  );
});

test('a heading without a block and a block without a heading are both reported', () => {
  assert.deepEqual(diagnose(START + END + '### AgenticDSL `/main/x`\n\nno block here\n'), [
    '18:1 error agenticdsl/missing-block',
  ]);
  assert.deepEqual(
    diagnose(START + END + '```yaml\n# --- BEGIN AgenticDSL ---\ntype: end\n# --- END AgenticDSL ---\n```\n'),
    ['18:1 error agenticdsl/missing-heading'],
  );
});

test('duplicate ids point at the second declaration and name the first line', () => {
  assert.equal(
    only(
      block(
        '/main',
        'graph_type: subgraph\nentry: start\nnodes:\n  - {id: start, type: start, next: [end]}\n  - {id: end, type: end}\n  - {id: start, type: end}',
      ),
    ),
    '10:10 agenticdsl/duplicate-id `/main/start` is declared twice (first on line 8); give each node, subgraph and codelet its own path',
  );
  assert.deepEqual(diagnose(START + END + END), ['18:17 error agenticdsl/duplicate-id']);
});

test('unknown next and edge targets suggest the closest node and list the graph', () => {
  assert.equal(
    only(START.replace('next: [end]', 'next: [ends]') + END),
    '6:8 agenticdsl/unknown-target next `ends` (/main/ends) is not a node of this graph; did you mean "end"?; its nodes: /main/start, /main/end',
  );
  const edges = block(
    '/main',
    'graph_type: subgraph\nentry: start\nnodes:\n  - {id: start, type: start}\n  - {id: end, type: end}\nedges:\n  - {from: start, to: finish}',
  );
  assert.deepEqual(diagnose(edges), ['11:23 error agenticdsl/unknown-target']);
});

test('next may not point at a subgraph, a codelet or a node of another graph; the message says what to write', () => {
  const sub = block(
    '/auth',
    'graph_type: subgraph\nentry: s\nnodes:\n  - {id: s, type: start, next: [e]}\n  - {id: e, type: end}',
  );
  assert.match(
    only(START.replace('next: [end]', 'next: [end, /auth]') + END + sub),
    /next `\/auth` is a subgraph; to run it and continue afterwards, add a node \{type: codelet_call, codelet: \/auth, next: \[...\]\}/,
  );
  assert.match(
    only(START.replace('next: [end]', 'next: [end, /auth/e]') + END + sub),
    /next `\/auth\/e` is a node of subgraph \/auth, and a node can only lead to nodes of its own graph/,
  );
});

test('each node type reports its missing required field with a correct example', () => {
  const cases: [string, string][] = [
    [
      'type: assign\nnext: [end]',
      'assign node `/main/x` needs assign, e.g. {type: assign, assign: {user.name: "{{ name }}", greeting: "Hello {{ name }}"}, next: [reply]}',
    ],
    [
      'type: tool_call\narguments: {}\nnext: [end]',
      'tool_call node `/main/x` needs tool, e.g. {type: tool_call, tool: web_search, arguments: {query: "{{ topic }}"}, output_keys: [results], next: [summarize]}',
    ],
    [
      'type: llm_call\nnext: [end]',
      'llm_call node `/main/x` needs prompt_template, e.g. {type: llm_call, prompt_template: "Summarize: {{ text }}", output_keys: [summary], next: [end]}',
    ],
    [
      'type: codelet_call\nnext: [end]',
      'codelet_call node `/main/x` needs codelet, e.g. {type: codelet_call, codelet: /codelets/validate_email, next: [check]}',
    ],
    [
      'type: dynamic_next',
      'dynamic_next node `/main/x` needs resolver, e.g. {type: dynamic_next, resolver: /codelets/route_intent, fallback_next: [unknown_intent]}',
    ],
  ];
  for (const [yaml, message] of cases) {
    const ds = compileAgenticDsl(
      'graph.md',
      START.replace('next: [end]', 'next: [x]') + block('/main/x', yaml) + END,
    ).diagnostics;
    assert.ok(
      ds.some(
        (d) =>
          d.code === 'agenticdsl/missing-field' && d.line === 10 && d.column === 17 && d.message === message,
      ),
      `${yaml}\n${ds.map(show).join('\n')}`,
    );
  }
  assert.deepEqual(diagnose(block('/main/start', 'type: start') + END), [
    '1:17 error agenticdsl/missing-field',
    '9:17 warning agenticdsl/unreachable',
  ]);
});

test('an unknown type suggests the closest one; an unknown field is a warning naming the right one', () => {
  assert.match(
    only(START + END.replace('type: end', 'type: ned')),
    /^14:7 agenticdsl\/unknown-type unknown node type "ned"; did you mean "end"\?; node types: start, end, assign/,
  );
  assert.equal(
    only(
      START.replace('next: [end]', 'next: [ask]') +
        block('/main/ask', 'type: llm_call\nprompt: "hi"\nprompt_template: "hi"\nnext: [end]') +
        END,
    ),
    '15:1 agenticdsl/unknown-field llm_call nodes have no field "prompt"; it is ignored; did you mean "prompt_template"? (fields: prompt_template, model, output_keys, timeout_ms)',
  );
});

test('Inja mistakes are reported at their place in the file', () => {
  assert.equal(
    only(
      START.replace('next: [end]', 'next: [a]') +
        block('/main/a', 'type: assign\nassign:\n  x: "{{ name | }}"\nnext: [end]') +
        END,
    ),
    '16:17 agenticdsl/template Inja: expected a function name after |, e.g. {{ name | upper }}; found }}',
  );
  const prompt =
    START.replace('next: [end]', 'next: [a]') +
    block('/main/a', 'type: llm_call\nprompt_template: |\n  Hello\n    {% if x %}yes\nnext: [end]') +
    END;
  assert.deepEqual(diagnose(prompt), ['17:5 error agenticdsl/template']);
  assert.deepEqual(
    diagnose(
      START.replace('next: [end]', 'next: [a]') +
        block('/main/a', 'type: assign\nassign:\n  x: {{ name }}\nnext: [end]') +
        END,
    ),
    ['16:6 error agenticdsl/unquoted-template'],
  );
});

test('cycles are errors that list the loop', () => {
  const loop =
    START.replace('next: [end]', 'next: [a]') +
    block('/main/a', 'type: assign\nassign: {k: 1}\nnext: [b]') +
    block('/main/b', 'type: assign\nassign: {k: 2}\nnext: [a, end]') +
    END;
  assert.equal(
    only(loop),
    '20:17 agenticdsl/cycle these nodes form a cycle: /main/a → /main/b → /main/a; a graph runs each node at most once, so it must not loop back: point the last next at a node further on (or at an end node), and repeat work inside a codelet instead',
  );
});

test('unreachable nodes and dead ends are warnings; a graph without an end is an error', () => {
  const orphan = block('/main/orphan', 'type: assign\nassign: {a: 1}\nnext: [end]');
  assert.equal(
    only(START + END + orphan),
    '18:17 agenticdsl/unreachable `/main/orphan` is never reached from the entry `/main/start`; lead a next to it or remove it',
  );
  assert.deepEqual(
    diagnose(
      START.replace('next: [end]', 'next: [a, end]') + block('/main/a', 'type: assign\nassign: {a: 1}') + END,
    ),
    ['10:17 warning agenticdsl/dead-end'],
  );
  assert.deepEqual(
    diagnose(
      block('/main/start', 'type: start\nnext: [a]') + block('/main/a', 'type: assign\nassign: {a: 1}'),
    ),
    ['1:17 error agenticdsl/missing-end', '10:17 warning agenticdsl/dead-end'],
  );
});

test('codelets must define main(context) and run Python; references must name codelets', () => {
  const call =
    START.replace('next: [end]', 'next: [run]') +
    block('/main/run', 'type: codelet_call\ncodelet: /codelets/c\nnext: [end]') +
    END;
  const codelet = (code: string, runtime = 'python3.10') =>
    block('/codelets/c', `type: codelet\nruntime: ${runtime}\ncode: |\n  ${code}`);
  assert.match(
    only(call + codelet('def run(context): return {}')),
    /^34:7 agenticdsl\/codelet-missing-main codelet `\/codelets\/c` does not define main\(context\); its code must have a top-level "def main\(context\):"/,
  );
  assert.match(
    only(call + codelet('def main(a, b): return {}')),
    /codelet-missing-main main takes exactly one argument, the context/,
  );
  assert.match(
    only(call + codelet('def main(context): return {}', 'node18')),
    /^33:10 agenticdsl\/unsupported-runtime runtime "node18" is not supported; codelets run Python: runtime: python3.10$/,
  );
  assert.match(
    only(call),
    /^15:10 agenticdsl\/unknown-codelet codelet `\/codelets\/c` \(\/codelets\/c\) is not a codelet or a subgraph of this file; declare it: ### AgenticDSL `\/codelets\/c` with type: codelet/,
  );
});

test('dynamic_next: the nodes only it leads to are its targets, named by local id and full path', () => {
  const r = compileAgenticDsl(
    'graph.md',
    START.replace('next: [end]', 'next: [route]') +
      block('/main/route', 'type: dynamic_next\nresolver: /codelets/pick\nfallback_next: [b]') +
      block('/main/a', 'type: assign\nassign: {x: 1}\nnext: [end]') +
      block('/main/b', 'type: assign\nassign: {x: 2}\nnext: [end]') +
      END +
      block(
        '/codelets/pick',
        'type: codelet\nruntime: python3.10\ncode: |\n  def main(context):\n      return {"next": ["a"]}',
      ),
  );
  assert.deepEqual(r.diagnostics, []);
  const route = r.skills[0].graph!.nodes.find((n) => n.kind === 'route');
  assert.ok(route?.kind === 'route');
  assert.deepEqual(route.targets, { '/main/a': '/main/a', a: '/main/a', '/main/b': '/main/b', b: '/main/b' });
  assert.deepEqual(route.fallback, ['/main/b']);
  assert.deepEqual(route.resolver, {
    language: 'python',
    source: 'def main(context):\n    return {"next": ["a"]}\n',
    entry: 'main',
  });
});

test('edges win over next, with a warning when they disagree', () => {
  const text = block(
    '/main',
    'graph_type: subgraph\nentry: start\nnodes:\n  - {id: start, type: start, next: [other]}\n  - {id: end, type: end}\n  - {id: other, type: end}\nedges:\n  - {from: start, to: end}',
  );
  const r = compileAgenticDsl('graph.md', text);
  assert.deepEqual(r.diagnostics.map(show), [
    "8:37 agenticdsl/ignored-next next of `/main/start` is ignored: the subgraph's edges win and lead from it to /main/end; make them agree",
    '10:10 agenticdsl/unreachable `/main/other` is never reached from the entry `/main/start`; lead a next to it or remove it',
  ]);
  assert.deepEqual(r.skills[0].graph!.edges, [{ from: '/main/start', to: '/main/end' }]);
});

test('the meta block sets the budget; bad values are errors, unknown limits warnings', () => {
  const r = compileAgenticDsl(
    'graph.md',
    block(
      '/__meta__',
      'description: d\nexecution_budget:\n  max_nodes: 5\n  max_llm_calls: 2\n  max_duration_sec: 1.5',
    ) +
      START +
      END,
  );
  assert.deepEqual(r.skills[0].budget, { maxNodes: 5, maxLlmCalls: 2, maxDurationMs: 1500 });
  assert.equal(r.skills[0].description, 'd');
  assert.deepEqual(
    diagnose(block('/__meta__', 'execution_budget:\n  max_nodes: -1\n  max_subgraph_depth: 2') + START + END),
    ['6:14 error agenticdsl/budget', '7:3 warning agenticdsl/budget'],
  );
});

test("relative next resolves in the writer's namespace; an absolute path anywhere in the graph works", () => {
  const r = compileAgenticDsl(
    'graph.md',
    START.replace('next: [end]', 'next: [a]') +
      block('/main/a', 'type: assign\nassign: {x: 1}\nnext: /end') +
      block('/end', 'type: end'),
  );
  assert.deepEqual(r.diagnostics, []);
  assert.deepEqual(r.skills[0].graph!.edges, [
    { from: '/main/start', to: '/main/a' },
    { from: '/main/a', to: '/end' },
  ]);
});

test('the entry comes from /__meta__ entry_point, else the subgraph entry, else the start node', () => {
  const two =
    block('/main/first', 'type: assign\nassign: {x: 1}\nnext: [end]') +
    block('/main/second', 'type: start\nnext: [end]') +
    END;
  assert.equal(compileAgenticDsl('graph.md', two).skills[0].graph!.entry, '/main/second');
  const meta = block('/__meta__', 'entry_point: /main/first');
  assert.equal(compileAgenticDsl('graph.md', meta + two).skills[0].graph!.entry, '/main/first');
});

test("a subgraph's exit must name one of its nodes; unknown subgraph fields are warnings", () => {
  assert.deepEqual(
    diagnose(
      block(
        '/main',
        'graph_type: subgraph\nentry: start\nexit: finish\nwhatever: 1\nnodes:\n  - {id: start, type: start, next: [end]}\n  - {id: end, type: end}',
      ),
    ),
    ['8:1 warning agenticdsl/unknown-field', '7:7 error agenticdsl/unknown-target'],
  );
});

test('a YAML alias without its anchor is a YAML error, not a crash', () => {
  assert.match(
    only(START.replace('next: [end]', 'next: *nowhere') + END),
    /^6:7 agenticdsl\/yaml YAML: Unresolved alias .*; AgenticDSL blocks need no anchors \(&\) or aliases \(\*\): write the value out$/,
  );
});
