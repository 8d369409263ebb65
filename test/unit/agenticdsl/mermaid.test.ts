import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toMermaid } from '../../../src/graph/index.js';
import { block, fakeCodelet, load } from '../../helpers/agenticdsl.js';

test('Mermaid output draws subgraphs in their own box, route choices dashed, the fallback labelled, calls as "runs"', () => {
  const skill = load(
    block(
      '/main',
      `
graph_type: subgraph
entry: start
nodes:
  - {id: start, type: start, next: [check]}
  - {id: check, type: codelet_call, codelet: /auth, next: [route]}
  - {id: route, type: dynamic_next, resolver: /codelets/pick, fallback_next: [other]}
  - {id: chosen, type: tool_call, tool: "web_search", arguments: {q: "{{ q }}"}, next: [end]}
  - {id: other, type: llm_call, model: "openai:gpt-4o-mini", prompt_template: "say \\"hi\\" <b>", next: [end]}
  - {id: end, type: end}
`,
    ) +
      block(
        '/auth',
        'graph_type: subgraph\nentry: s\nnodes:\n  - {id: s, type: start, next: [e]}\n  - {id: e, type: end}',
      ) +
      fakeCodelet('/codelets/pick', 'pick'),
  );
  assert.equal(
    toMermaid(skill),
    [
      'flowchart TD',
      '  g0n0["▶ /main/start<br/>pass"]',
      '  g0n1[["/main/check<br/>run /auth"]]',
      '  g0n2{"/main/route<br/>route by python main()"}',
      '  g0n3[["/main/chosen<br/>tool web_search"]]',
      '  g0n4("/main/other<br/>llm openai:gpt-4o-mini")',
      '  g0n5(["/main/end<br/>end"])',
      '  g0n0 --> g0n1',
      '  g0n1 --> g0n2',
      '  g0n2 -.-> g0n3',
      '  g0n2 -.->|"fallback"| g0n4',
      '  g0n3 --> g0n5',
      '  g0n4 --> g0n5',
      '  subgraph g1["/auth"]',
      '    g1n0["▶ /auth/s<br/>pass"]',
      '    g1n1(["/auth/e<br/>end"])',
      '    g1n0 --> g1n1',
      '  end',
      '  g0n1 -. runs .-> g1',
      '',
    ].join('\n'),
  );
});
