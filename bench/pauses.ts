import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

interface PauseFigures {
  pause: { wallMs: number; cpuMs: number };
  resume: { wallMs: number; cpuMs: number };
  peakRssMb: number;
}

const RUNS = 10_000;
/** LangGraph.js takes over ten minutes for 10,000 here: it runs 1,000, and ratios are per run. */
const PEER_RUNS = 1_000;

/** Each peer runs over the built package as plain JavaScript: users run `dist/`, and tsx's own memory is not Skein's. */
function peer(name: string, store: string, runs: number): PauseFigures {
  const r = spawnSync(
    process.execPath,
    [join(import.meta.dirname, 'pauses-peer.mjs'), name, store, String(runs)],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`pauses bench (${name} ${store}): ${r.stderr}`);
  return JSON.parse(r.stdout) as PauseFigures;
}

const line = (f: PauseFigures) =>
  `paused in ${(f.pause.cpuMs / 1000).toFixed(2)} s CPU (${(f.pause.wallMs / 1000).toFixed(2)} s wall), ` +
  `resumed in ${(f.resume.cpuMs / 1000).toFixed(2)} s CPU (${(f.resume.wallMs / 1000).toFixed(2)} s wall), peak RSS ${f.peakRssMb.toFixed(0)} MB`;

/** Runs started at once that each pause for a person, then all answered at once; each peer in its own process. */
export function benchPauses(): void {
  if (!existsSync(join(import.meta.dirname, '../dist/runtime/index.js'))) {
    console.log('\n[pauses] skipped: run `npm run build` first');
    return;
  }
  const lines = [
    `\n[pauses] ${RUNS.toLocaleString('en-US')} concurrent runs pausing at an await, then all resumed (targets: <= 1 s in memory, <= 3 s on SQLite, resumed <= 3 s, peak RSS <= 200 MB)`,
  ];
  for (const store of ['memory', 'sqlite']) {
    const skein = peer('skein', store, RUNS);
    const lang = peer('langgraph', store, PEER_RUNS);
    lines.push(`  ${store}: skein, ${RUNS.toLocaleString('en-US')} runs: ${line(skein)}`);
    lines.push(`  ${store}: langgraph.js, ${PEER_RUNS.toLocaleString('en-US')} runs: ${line(lang)}`);
    const perRun = (ms: number, runs: number) => ms / runs;
    lines.push(
      `  ${store}: langgraph.js / skein CPU per run = ${(perRun(lang.pause.cpuMs, PEER_RUNS) / perRun(skein.pause.cpuMs, RUNS)).toFixed(1)}× to pause, ` +
        `${(perRun(lang.resume.cpuMs, PEER_RUNS) / perRun(skein.resume.cpuMs, RUNS)).toFixed(1)}× to resume`,
    );
  }
  console.log(lines.join('\n'));
}
