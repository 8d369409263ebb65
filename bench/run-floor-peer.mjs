// One peer of the run-floor benchmark (bench/run-floor.ts), in a process of its own, over the built
// package (`dist/`): `node bench/run-floor-peer.mjs <runtime|floor> <runs>`. Runs the server
// benchmark's skill (`greet`: one template step) `runs` times, 32 at once, on the in-memory store, and
// prints the CPU µs per run. `runtime` is `Runtime.start`; `floor` does by hand only what any stored run
// must: check the input (limits and schema), make the run's record, its five events, the step's record
// and output check, and the store's three writes (create, the step, the end), with no loop, scheduler,
// budget or listener: the least a run that can be read back and followed costs here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [mode, runsArg] = process.argv.slice(2);
const runs = Number(runsArg);
const DIST = join(import.meta.dirname, '../dist');
const FIXTURE = join(import.meta.dirname, '../test/fixtures/server/skills/greet.md');
const { compileAegis } = await import(join(DIST, 'dialects/aegis/compile.js'));
const { Runtime } = await import(join(DIST, 'runtime/index.js'));
const { EventSink } = await import(join(DIST, 'runtime/event-sink.js'));
const { checkInput } = await import(join(DIST, 'runtime/run-input.js'));
const { newRun } = await import(join(DIST, 'runtime/new-run.js'));
const { validateValue } = await import(join(DIST, 'schema/validate.js'));
const { MemoryRunStore } = await import(join(DIST, 'store/in-memory.js'));

const skill = compileAegis(FIXTURE, readFileSync(FIXTURE, 'utf8')).skills[0];
const node = skill.graph.nodes.find((n) => n.kind === 'template');
const store = new MemoryRunStore();
const runtime = new Runtime({ store, skills: { find: async () => skill, load: async () => skill } });

async function floor(input) {
  const run = newRun(skill, checkInput(skill, input), {}, 'floor');
  const sink = new EventSink(run.id, 0, () => {});
  sink.emit({ type: 'run_started', skill: skill.id, version: skill.version, input: run.input });
  await store.createRun(run, sink.take());
  sink.nodeStarted(node.id, node.kind, 1);
  const greeting = node.template.render(run.input);
  sink.nodeFinished(node.id, node.kind, greeting, 0);
  const record = { node: node.id, status: 'done', writes: [{ path: ['greeting'], value: greeting }] };
  store.saveNodes(run.id, [record], sink.take());
  const output = validateValue(skill.output, { greeting }).value;
  sink.emit({ type: 'completed', output });
  const fields = { output, owner: undefined, awaiting: undefined };
  await store.transition(run.id, ['running'], 'completed', fields, 'floor', sink.take());
  return { runId: run.id, status: 'completed', output };
}

const start = mode === 'floor' ? floor : (input) => runtime.start(skill, input);
async function batch(n) {
  let i = 0;
  const lane = async () => {
    while (i++ < n) {
      const r = await start({ name: 'Ann' });
      if (r.output?.greeting !== 'Hello, Ann!') throw new Error(JSON.stringify(r));
    }
  };
  await Promise.all(Array.from({ length: 32 }, lane));
}
await batch(5000); // warm-up
const cpu = process.cpuUsage();
await batch(runs);
const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({ usPerRun: (used.user + used.system) / runs }));
