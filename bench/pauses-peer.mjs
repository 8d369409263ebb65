// One peer of the pause benchmark (bench/pauses.ts), in a process of its own, over the built package
// (`dist/`, as users run it; plain JavaScript, so no TypeScript loader's memory is counted):
// `node bench/pauses-peer.mjs <skein|langgraph> <memory|sqlite> <runs>`.
// Starts `runs` runs at once that each pause for a person, then answers them all at once. Prints the
// wall and CPU milliseconds of each phase and the peak RSS: skein runs the `confirm` skill of the
// server fixtures (a template, an await, a template); langgraph.js a StateGraph of the same three nodes
// whose middle one calls interrupt(), with MemorySaver or @langchain/langgraph-checkpoint-sqlite.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const [peer, store, runsArg] = process.argv.slice(2);
const runs = Number(runsArg);
const dir = mkdtempSync(join(tmpdir(), 'skein-pauses-'));
const DIST = join(import.meta.dirname, '../dist');
const FIXTURE = join(import.meta.dirname, '../test/fixtures/server/skills/confirm.md');

async function skein() {
  const { compileAegis } = await import(join(DIST, 'dialects/aegis/compile.js'));
  const { Runtime } = await import(join(DIST, 'runtime/index.js'));
  const { MemoryRunStore } = await import(join(DIST, 'store/in-memory.js'));
  const { SqliteRunStore } = await import(join(DIST, 'store/sqlite.js'));
  const loaded = compileAegis(FIXTURE, readFileSync(FIXTURE, 'utf8'));
  const skill = loaded.skills[0];
  if (!skill) throw new Error(loaded.diagnostics.map((d) => d.message).join('; '));
  const runStore = store === 'memory' ? new MemoryRunStore() : new SqliteRunStore(join(dir, 'runs.db'));
  const runtime = new Runtime({
    store: runStore,
    skills: { find: async () => skill, load: async () => skill },
  });
  return {
    async start(i) {
      const r = await runtime.start(skill, { item: `lamp ${i}` });
      if (r.status !== 'awaiting') throw new Error(`run did not pause: ${JSON.stringify(r)}`);
      return r.runId;
    },
    async resume(id) {
      const r = await runtime.resume(id, { ok: true });
      if (r.status !== 'completed') throw new Error(`run did not complete: ${JSON.stringify(r)}`);
      return r;
    },
  };
}

async function langgraph() {
  const { Annotation, Command, END, MemorySaver, START, StateGraph, interrupt } =
    await import('@langchain/langgraph');
  const State = Annotation.Root({
    item: Annotation(),
    summary: Annotation(),
    ok: Annotation(),
    answer: Annotation(),
  });
  let checkpointer = new MemorySaver();
  if (store === 'sqlite') {
    const { SqliteSaver } = await import('@langchain/langgraph-checkpoint-sqlite');
    checkpointer = SqliteSaver.fromConnString(join(dir, 'lg.db'));
  }
  const app = new StateGraph(State)
    .addNode('compose', (s) => ({ summary: `Order: ${s.item}` }))
    .addNode('ask', (s) => ({ ok: interrupt({ message: `${s.summary}. Confirm?` }).ok }))
    .addNode('reply', (s) => ({ answer: s.ok ? `confirmed ${s.item}` : 'cancelled' }))
    .addEdge(START, 'compose')
    .addEdge('compose', 'ask')
    .addEdge('ask', 'reply')
    .addEdge('reply', END)
    .compile({ checkpointer });
  return {
    async start(i) {
      const id = `t${i}`;
      await app.invoke({ item: `lamp ${i}` }, { configurable: { thread_id: id } });
      return id;
    },
    async resume(id) {
      const r = await app.invoke(new Command({ resume: { ok: true } }), { configurable: { thread_id: id } });
      if (!String(r.answer).startsWith('confirmed')) throw new Error('langgraph run did not complete');
      return r;
    },
  };
}

const p = peer === 'skein' ? await skein() : await langgraph();
// Warm-up on runs of their own, so that the phases measure steady work.
for (let i = 0; i < 50; i++) await p.resume(await p.start(-1 - i));
const phase = async (work) => {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { value, wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
};
const started = await phase(() => Promise.all(Array.from({ length: runs }, (_, i) => p.start(i))));
const resumed = await phase(() => Promise.all(started.value.map((id) => p.resume(id))));
process.stdout.write(
  JSON.stringify({
    pause: { wallMs: started.wallMs, cpuMs: started.cpuMs },
    resume: { wallMs: resumed.wallMs, cpuMs: resumed.cpuMs },
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
rmSync(dir, { recursive: true, force: true });
