import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileAegis } from '../src/dialects/aegis/compile.js';
import { Runtime, type RunStore } from '../src/runtime/index.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import { PostgresRunStore } from '../src/store/postgres/store.js';
import type { Skill } from '../src/ir/skill.js';

/**
 * One peer of the PostgreSQL chain benchmark, in a process of its own: `<peer> <url>` with peers
 * `skein-postgres`, `skein-sqlite` (100 tool steps, each one durable, as a worker runs them) and
 * `langgraph-postgres` (a StateGraph of the same chain with @langchain/langgraph-checkpoint-postgres,
 * one checkpoint per step). Prints `{"msPerStep", "cpuUsPerStep"}`: wall time and this process's CPU.
 */
const [peer, url] = process.argv.slice(2);
const STEPS = 100;
const RUNS = 6;
const dir = mkdtempSync(join(tmpdir(), 'skein-pgchain-'));

function aegisChain(n: number): string {
  const parts = [
    '# skill: chain\n\n**version**: 1.0.0\n\n## description\nA chain for the benchmark.\n',
    '## input_schema\n\n```yaml\nlabel: string\n```\n',
    `## output_schema\n\n\`\`\`yaml\ns${n - 1}: string\n\`\`\`\n`,
    '## steps\n',
  ];
  for (let i = 0; i < n; i++)
    parts.push(
      `### step: t${i}\n\n**type**: tool\n**tool**: echo\n\n\`\`\`yaml\ninput:\n  key: s${i}\n  text: "{{${i === 0 ? 'label' : `s${i - 1}`}}}"\noutput_schema:\n  s${i}:\n    type: string\n\`\`\`\n`,
    );
  return parts.join('\n');
}

async function skein(store: RunStore): Promise<() => Promise<unknown>> {
  const skill = compileAegis('chain.md', aegisChain(STEPS)).skills[0] as Skill;
  const echo = {
    name: 'echo',
    description: 'returns its text under the step name',
    execute: (input: Record<string, unknown>) => ({ [String(input.key)]: input.text }),
  };
  const runtime = new Runtime({
    store,
    tools: { require: () => echo, invoke: async (_tool, input) => echo.execute(input) },
  });
  return async () => {
    const r = await runtime.start(skill, { label: 'x' });
    if (r.status !== 'completed') throw new Error(`chain did not complete: ${JSON.stringify(r)}`);
  };
}

async function langgraph(): Promise<() => Promise<unknown>> {
  const { Annotation, END, START, StateGraph } = await import('@langchain/langgraph');
  const { PostgresSaver } = await import('@langchain/langgraph-checkpoint-postgres');
  const channels: Record<string, ReturnType<typeof Annotation<string>>> = { label: Annotation<string>() };
  for (let i = 0; i < STEPS; i++) channels[`s${i}`] = Annotation<string>();
  const builder = new StateGraph(Annotation.Root(channels)) as unknown as {
    addNode(name: string, f: (s: Record<string, string>) => Record<string, string>): void;
    addEdge(from: string, to: string): void;
    compile(options?: unknown): { invoke(input: unknown, config?: unknown): Promise<Record<string, string>> };
  };
  for (let i = 0; i < STEPS; i++) {
    const prev = i === 0 ? 'label' : `s${i - 1}`;
    builder.addNode(`n${i}`, (s) => ({ [`s${i}`]: s[prev] }));
  }
  builder.addEdge(START, 'n0');
  for (let i = 1; i < STEPS; i++) builder.addEdge(`n${i - 1}`, `n${i}`);
  builder.addEdge(`n${STEPS - 1}`, END);
  const checkpointer = PostgresSaver.fromConnString(url);
  await checkpointer.setup();
  const app = builder.compile({ checkpointer });
  let thread = 0;
  return async () => {
    const r = await app.invoke(
      { label: 'x' },
      { recursionLimit: STEPS + 10, configurable: { thread_id: `t${thread++}` } },
    );
    if (r[`s${STEPS - 1}`] !== 'x') throw new Error('langgraph chain did not complete');
  };
}

const store =
  peer === 'skein-postgres'
    ? await PostgresRunStore.open(url)
    : peer === 'skein-sqlite'
      ? new SqliteRunStore(join(dir, 'runs.db'))
      : undefined;
const once = store ? await skein(store) : await langgraph();
await once();
const t0 = performance.now();
const c0 = process.cpuUsage();
for (let i = 0; i < RUNS; i++) await once();
const cpu = process.cpuUsage(c0);
const steps = RUNS * STEPS;
process.stdout.write(
  JSON.stringify({
    msPerStep: (performance.now() - t0) / steps,
    cpuUsPerStep: (cpu.user + cpu.system) / steps,
  }),
);
await store?.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
