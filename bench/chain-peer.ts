import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { compileAegis } from '../src/dialects/aegis/compile.js';
import { Runtime, type RuntimeServices } from '../src/runtime/index.js';
import { MemoryRunStore } from '../src/store/in-memory.js';
import { SqliteRunStore } from '../src/store/sqlite.js';
import type { Skill } from '../src/ir/skill.js';

/**
 * One peer of the chain benchmarks, in a process of its own: `<peer> <store> <steps> [template|tool]`.
 * Prints `{"usPerStep": <CPU µs per step>, "wallUsPerStep": <wall µs per step>}` (process.cpuUsage and
 * performance.now over whole runs, after warm-up).
 * Peers: `skein` (an Aegis skill of template or tool steps), `langgraph` (a StateGraph of the same
 * chain, with `@langchain/langgraph-checkpoint-sqlite` when durable) and `floor` (a plain loop doing
 * each step's own work: see `floor`).
 */
const [peer, store, stepsArg, kind = 'template'] = process.argv.slice(2);
const steps = Number(stepsArg);
const dir = mkdtempSync(join(tmpdir(), 'skein-chain-'));
/** Runs are measured until about two seconds of CPU time have passed (at least three runs). */
const CPU_US = 2_000_000;

/** The chain as an Aegis skill: step i renders step i-1's text (or calls a tool with it). */
function aegisChain(n: number, stepKind: string): string {
  const parts = [
    '# skill: chain\n\n**version**: 1.0.0\n\n## description\nA chain for the benchmark.\n',
    '## input_schema\n\n```yaml\nlabel: string\n```\n',
    `## output_schema\n\n\`\`\`yaml\ns${n - 1}: string\n\`\`\`\n`,
    '## steps\n',
  ];
  for (let i = 0; i < n; i++) {
    const prev = i === 0 ? 'label' : `s${i - 1}`;
    if (stepKind === 'tool')
      parts.push(
        `### step: t${i}\n\n**type**: tool\n**tool**: echo\n\n\`\`\`yaml\ninput:\n  key: s${i}\n  text: "{{${prev}}}"\noutput_schema:\n  s${i}:\n    type: string\n\`\`\`\n`,
      );
    else
      parts.push(
        `### step: s${i}\n\n**type**: template\n**varName**: s${i}\n\n\`\`\`template\n{{${prev}}}\n\`\`\`\n`,
      );
  }
  return parts.join('\n');
}

async function skein(): Promise<() => Promise<unknown>> {
  const loaded = compileAegis('chain.md', aegisChain(steps, kind));
  const skill = loaded.skills[0] as Skill | undefined;
  if (!skill) throw new Error(loaded.diagnostics.map((d) => d.message).join('; '));
  const runStore = store === 'memory' ? new MemoryRunStore() : new SqliteRunStore(join(dir, 'runs.db'));
  const echo = {
    name: 'echo',
    description: 'returns its text under the step name',
    execute: (input: Record<string, unknown>) => ({ [String(input.key)]: input.text }),
  };
  const services: RuntimeServices = {
    store: runStore,
    tools: { require: () => echo, invoke: async (tool, input) => echo.execute(input) },
  };
  let runtime = new Runtime(services);
  let count = 0;
  return async () => {
    // A fresh in-memory store now and then keeps the heap the size of a store that evicts old runs.
    if (store === 'memory' && ++count % Math.max(1, Math.ceil(20_000 / steps)) === 0)
      runtime = new Runtime({ ...services, store: new MemoryRunStore() });
    const r = await runtime.start(skill, { label: 'x' });
    if (r.status !== 'completed' || (r.output as Record<string, unknown>)[`s${steps - 1}`] !== 'x')
      throw new Error(`chain did not complete: ${JSON.stringify(r).slice(0, 300)}`);
    return r;
  };
}

async function langgraph(): Promise<() => Promise<unknown>> {
  const { Annotation, END, START, StateGraph } = await import('@langchain/langgraph');
  const channels: Record<string, ReturnType<typeof Annotation<string>>> = { label: Annotation<string>() };
  for (let i = 0; i < steps; i++) channels[`s${i}`] = Annotation<string>();
  const State = Annotation.Root(channels);
  const builder = new StateGraph(State) as unknown as {
    addNode(name: string, f: (s: Record<string, string>) => Record<string, string>): void;
    addEdge(from: string, to: string): void;
    compile(options?: unknown): {
      invoke(input: unknown, config?: unknown): Promise<Record<string, string>>;
    };
  };
  for (let i = 0; i < steps; i++) {
    const prev = i === 0 ? 'label' : `s${i - 1}`;
    builder.addNode(`n${i}`, (s) => ({ [`s${i}`]: s[prev] }));
  }
  builder.addEdge(START, 'n0');
  for (let i = 1; i < steps; i++) builder.addEdge(`n${i - 1}`, `n${i}`);
  builder.addEdge(`n${steps - 1}`, END);
  let checkpointer: unknown;
  if (store === 'sqlite') {
    const { SqliteSaver } = await import('@langchain/langgraph-checkpoint-sqlite');
    checkpointer = SqliteSaver.fromConnString(join(dir, 'lg.db'));
  }
  const app = builder.compile(checkpointer ? { checkpointer } : undefined);
  let thread = 0;
  return async () => {
    const r = await app.invoke(
      { label: 'x' },
      { recursionLimit: steps + 10, configurable: { thread_id: `t${thread++}` } },
    );
    if (r[`s${steps - 1}`] !== 'x') throw new Error('langgraph chain did not complete');
    return r;
  };
}

/**
 * The floor: a plain loop doing each step's own work. Template steps: one committed row per step, in
 * SQLite's WAL mode as Skein opens it. Tool steps: an awaited call of the same echo tool per step,
 * and on SQLite one committed row after each.
 */
async function floor(): Promise<() => Promise<unknown>> {
  const echo = async (key: string, text: unknown) => ({ [key]: text });
  let insert: ((run: number, step: number, value: string) => unknown) | undefined;
  if (store === 'sqlite') {
    const db = new Database(join(dir, 'floor.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('CREATE TABLE steps (run INTEGER, step INTEGER, value TEXT, PRIMARY KEY (run, step))');
    const statement = db.prepare('INSERT INTO steps VALUES (?, ?, ?)');
    insert = (run, step, value) => statement.run(run, step, value);
  }
  let run = 0;
  return async () => {
    run++;
    let text: unknown = 'x';
    for (let i = 0; i < steps; i++) {
      const out = kind === 'tool' ? await echo(`s${i}`, text) : { [`s${i}`]: text };
      text = out[`s${i}`];
      insert?.(run, i, JSON.stringify(out));
    }
    if (text !== 'x') throw new Error('floor chain did not carry its value');
  };
}

const once = await (peer === 'skein' ? skein() : peer === 'langgraph' ? langgraph() : floor());
const cpu = (since?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};
const warm = cpu();
while (cpu() - warm < CPU_US / 4) await once();
const t0 = process.cpuUsage();
const wall0 = performance.now();
let runs = 0;
for (; runs < 3 || cpu(t0) < CPU_US; runs++) await once();
const wallUs = (performance.now() - wall0) * 1000;
process.stdout.write(
  JSON.stringify({ usPerStep: cpu(t0) / (runs * steps), wallUsPerStep: wallUs / (runs * steps) }),
);
rmSync(dir, { recursive: true, force: true });
