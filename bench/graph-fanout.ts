import { Annotation, END, START, StateGraph } from '@langchain/langgraph';
import { bench, group, run } from 'mitata';
import { compileAgenticDsl } from '../src/dialects/agenticdsl/index.js';
import { Runtime } from '../src/runtime/index.js';
import { MemoryRunStore } from '../src/store/in-memory.js';

const BRANCHES = 5;

/** Fan-out of five branches and a join, as an AgenticDSL file: each branch writes one key, the join reads them all. */
const GRAPH = `### AgenticDSL \`/main\`

\`\`\`yaml
# --- BEGIN AgenticDSL ---
graph_type: subgraph
entry: start
nodes:
  - {id: start, type: start, next: [b1, b2, b3, b4, b5]}
${Array.from({ length: BRANCHES }, (_, i) => `  - {id: b${i + 1}, type: assign, assign: {b${i + 1}: "{{ x * ${i + 1} }}"}, next: [join]}`).join('\n')}
  - {id: join, type: assign, assign: {total: "{{ b1 + b2 + b3 + b4 + b5 }}"}, next: [end]}
  - {id: end, type: end, output_keys: [total]}
# --- END AgenticDSL ---
\`\`\`
`;

/** The same graph in LangGraph.js: a StateGraph whose join node waits for the five branches. */
function langGraph() {
  const channels = { x: Annotation<number>(), total: Annotation<number>() } as Record<
    string,
    ReturnType<typeof Annotation<number>>
  >;
  for (let i = 1; i <= BRANCHES; i++) channels[`b${i}`] = Annotation<number>();
  const State = Annotation.Root(channels);
  type S = typeof State.State;
  const builder = new StateGraph(State).addNode('start', () => ({}));
  const names: string[] = [];
  for (let i = 1; i <= BRANCHES; i++) {
    const name = `branch${i}`;
    names.push(name);
    builder.addNode(name, (s: S) => ({ [`b${i}`]: (s.x as number) * i }));
  }
  builder.addNode('join', (s: S) => ({
    total: [1, 2, 3, 4, 5].reduce((sum, i) => sum + (s[`b${i}`] as number), 0),
  }));
  const g = builder as unknown as {
    addEdge(from: string | string[], to: string): void;
    compile(): { invoke(input: unknown): Promise<Record<string, unknown>> };
  };
  g.addEdge(START, 'start');
  for (const name of names) g.addEdge('start', name);
  g.addEdge(names, 'join');
  g.addEdge('join', END);
  return g.compile();
}

/** Per-run overhead of a fan-out of 5 plus a join: Skein's runtime (in-memory store) beside LangGraph.js, same graph, same answer. */
export async function benchGraphFanout(): Promise<void> {
  const loaded = compileAgenticDsl('fanout.md', GRAPH);
  const skill = loaded.skills[0];
  if (!skill)
    throw new Error(`bench graph does not compile: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
  // The in-memory store keeps every run and event; a new one every 1000 runs keeps the heap (and GC) the
  // size of a store that evicts old runs. LangGraph, without a checkpointer, keeps nothing.
  let runtime = new Runtime({ store: new MemoryRunStore() });
  let runs = 0;
  const skein = async () => {
    if (++runs % 1000 === 0) runtime = new Runtime({ store: new MemoryRunStore() });
    return (await runtime.start(skill, { x: 2 })).output as { total: number };
  };
  const a = await skein();
  // Skein is measured before LangGraph runs at all: LangChain turns on AsyncLocalStorage, which from then
  // on makes every promise in the process slower (Skein's run measured ~60% slower after one LangGraph run).
  group('graph: fan-out of 5 + join, one run in memory (skein)', () => void bench('skein', skein));
  const first = await run();
  const cpuSkein = await cpuPerRun(skein, 5000);
  const app = langGraph();
  const lang = async () => (await app.invoke({ x: 2 })) as { total: number };
  const b = await lang();
  if (a.total !== 30 || b.total !== 30)
    throw new Error(`the graphs disagree: skein ${JSON.stringify(a)}, langgraph ${JSON.stringify(b)}`);
  group(
    'graph: fan-out of 5 + join, one run in memory (langgraph.js)',
    () => void bench('langgraph.js', lang),
  );
  const second = await run();
  const cpu = { skein: cpuSkein, langgraph: await cpuPerRun(lang, 300) };
  const benchmarks = [...first.benchmarks, ...second.benchmarks];
  const stats = Object.fromEntries(benchmarks.map((x) => [x.alias, x.runs[0]?.stats]));
  const us = (name: string, key: 'avg' | 'p50') => (stats[name]?.[key] ?? NaN) / 1000;
  const [skeinAvg, langAvg, skeinMedian, langMedian] = [
    us('skein', 'avg'),
    us('langgraph.js', 'avg'),
    us('skein', 'p50'),
    us('langgraph.js', 'p50'),
  ];
  console.log(
    `\n[graph fan-out 5 + join] skein ${skeinAvg.toFixed(1)} µs per run, median ${skeinMedian.toFixed(1)} µs (target <= 30); ` +
      `langgraph.js ${langAvg.toFixed(1)} µs, median ${langMedian.toFixed(1)} µs; ` +
      `langgraph.js / skein = ${(langAvg / skeinAvg).toFixed(1)}x, medians ${(langMedian / skeinMedian).toFixed(1)}x (target >= 20)`,
  );
  console.log(
    `  CPU time per run (process.cpuUsage, steadier than wall time on a busy machine): skein ${cpu.skein.toFixed(1)} µs, ` +
      `langgraph.js ${cpu.langgraph.toFixed(1)} µs; ratio ${(cpu.langgraph / cpu.skein).toFixed(1)}x`,
  );
}

/** Average CPU microseconds (user + system) of `n` sequential runs. */
async function cpuPerRun(once: () => Promise<unknown>, n: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await once();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}
