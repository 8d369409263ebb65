// One configuration of the trace benchmark, in a process of its own: runs a chain of N assign steps
// again and again and prints the CPU microseconds per run as JSON.
// Usage: tsx bench/trace/chain-run.ts <off|noop-api|sdk> <steps> <runs>
import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { compileAgenticDsl } from '../../src/dialects/agenticdsl/index.js';
import { Runtime } from '../../src/runtime/index.js';
import { MemoryRunStore } from '../../src/store/in-memory.js';
import { createOtelRunTracer } from '../../src/trace/otel-run-tracer.js';

const [mode, stepsArg, runsArg] = process.argv.slice(2);
const steps = Number(stepsArg);
const runs = Number(runsArg);

/** A chain of `n` assign nodes, each adding one to the last. */
function chain(n: number): string {
  const nodes = Array.from(
    { length: n },
    (_, i) =>
      `  - {id: s${i}, type: assign, assign: {v${i}: "{{ ${i === 0 ? 'x' : `v${i - 1}`} + 1 }}"}, next: [${i === n - 1 ? 'end' : `s${i + 1}`}]}`,
  );
  return `### AgenticDSL \`/main\`

\`\`\`yaml
# --- BEGIN AgenticDSL ---
graph_type: subgraph
entry: s0
nodes:
${nodes.join('\n')}
  - {id: end, type: end, output_keys: [v${n - 1}]}
# --- END AgenticDSL ---
\`\`\`
`;
}

/** An exporter that drops what it is given: the cost measured is Skein's and the SDK's, not a network's. */
class DroppingExporter implements SpanExporter {
  spans = 0;
  export(spans: ReadableSpan[], done: (result: { code: 0 }) => void): void {
    this.spans += spans.length;
    done({ code: 0 });
  }
  async shutdown(): Promise<void> {}
}

const loaded = compileAgenticDsl('chain.md', chain(steps));
const skill = loaded.skills[0];
if (!skill) throw new Error(loaded.diagnostics.map((d) => d.message).join('; '));
const exporter = new DroppingExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter)] });
const tracer =
  mode === 'off'
    ? undefined
    : createOtelRunTracer(mode === 'sdk' ? provider.getTracer('bench') : trace.getTracer('bench'), {
        content: false,
        redact: [],
      });
let runtime = new Runtime({ store: new MemoryRunStore(), tracer });
const once = async (i: number) => {
  if (i % 200 === 0) runtime = new Runtime({ store: new MemoryRunStore(), tracer });
  const result = await runtime.start(skill, { x: 0 });
  if (result.status !== 'completed') throw new Error(JSON.stringify(result));
};
for (let i = 0; i < Math.max(20, runs / 5); i++) await once(i);
const start = process.cpuUsage();
for (let i = 0; i < runs; i++) await once(i);
const used = process.cpuUsage(start);
await provider.forceFlush();
process.stdout.write(
  JSON.stringify({ cpuUs: (used.user + used.system) / runs, spans: exporter.spans }) + '\n',
);
