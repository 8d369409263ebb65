import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const SCRIPT = join(import.meta.dirname, 'trace/chain-run.ts');
const MODES = ['off', 'noop-api', 'sdk'] as const;
const SIZES: [steps: number, runs: number][] = [
  [10, 4000],
  [100, 600],
  [1000, 40],
];

/** CPU µs per run of one configuration, measured in a process of its own. */
function measureOnce(mode: string, steps: number, runs: number): number {
  const out = execFileSync(process.execPath, ['--import', 'tsx', SCRIPT, mode, String(steps), String(runs)], {
    encoding: 'utf8',
  });
  return (JSON.parse(out) as { cpuUs: number }).cpuUs;
}

/** The median of three processes per configuration, taken in turns so that a busy moment hits all alike. */
function measureAll(steps: number, runs: number): number[] {
  const samples: number[][] = MODES.map(() => []);
  for (let round = 0; round < 3; round++)
    MODES.forEach((mode, i) => samples[i].push(measureOnce(mode, steps, runs)));
  return samples.map((s) => s.sort((a, b) => a - b)[1]);
}

/**
 * What tracing costs a run: a chain of 10 / 100 / 1,000 assign steps with no tracer (the default when
 * no OTLP endpoint is set), with the tracer over OpenTelemetry's API and no SDK registered (spans that
 * record nothing), and with the SDK's batch processor (every span made and handed to an exporter).
 */
export function benchTraceOverhead(): void {
  console.log(
    '\n[trace overhead] CPU µs per run of an N-step chain, each configuration in its own process (median of 3)',
  );
  for (const [steps, runs] of SIZES) {
    const [off, noop, sdk] = measureAll(steps, runs);
    console.log(
      `  ${String(steps).padStart(5)} steps: off ${off.toFixed(0)} µs (${(off / steps).toFixed(2)} µs/step); ` +
        `api without sdk ${noop.toFixed(0)} µs (${(noop / off).toFixed(2)}x); ` +
        `sdk recording ${sdk.toFixed(0)} µs (${(sdk / off).toFixed(2)}x, ${((sdk - off) / steps).toFixed(2)} µs per step's span)`,
    );
  }
}
