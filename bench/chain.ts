import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** Runs one peer of the chain benchmarks in its own process and returns its CPU µs per step. */
function peer(...args: string[]): number {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'chain-peer.ts'), ...args],
    {
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`chain bench (${args.join(' ')}): ${r.stderr}`);
  return (JSON.parse(r.stdout) as { usPerStep: number }).usPerStep;
}

/** The median of three runs of a peer (one run moves by ±20% with the machine's other work). */
function peer3(...args: string[]): number {
  return [peer(...args), peer(...args), peer(...args)].sort((a, b) => a - b)[1];
}

const us = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} µs`;

/**
 * Linear chains, CPU time per step, each peer in its own process (the 100-step chains: median of three): the 100-step template chain in memory
 * and durable (SQLite) beside LangGraph.js (MemorySaver-free and with @langchain/langgraph-checkpoint-sqlite),
 * the growth of the in-memory chain from 10 to 10,000 steps, and 100 tool steps on SQLite beside the
 * floor of one committed row per step in a plain better-sqlite3 loop.
 */
export function benchChain(): void {
  const lines = [
    '\n[chain] linear chains, CPU time per step (targets: <= 2 µs in memory, <= 5 µs durable, >= 300× LangGraph.js)',
  ];
  const memory = peer3('skein', 'memory', '100');
  const langMemory = peer3('langgraph', 'memory', '100');
  lines.push(
    `  100 template steps in memory: skein ${us(memory)}, langgraph.js ${us(langMemory)} (${(langMemory / memory).toFixed(0)}×)`,
  );
  const durable = peer3('skein', 'sqlite', '100');
  const langDurable = peer3('langgraph', 'sqlite', '100');
  lines.push(
    `  100 template steps on SQLite: skein ${us(durable)}, langgraph.js + SqliteSaver ${us(langDurable)} (${(langDurable / durable).toFixed(0)}×)`,
  );
  const tools = peer('skein', 'sqlite', '100', 'tool');
  const floor = peer('floor', 'sqlite', '100');
  lines.push(
    `  100 tool steps on SQLite: skein ${us(tools)}; one committed row per step (better-sqlite3 loop) ${us(floor)}; ${(tools / floor).toFixed(1)}× the floor (target <= 1.5×)`,
  );
  const growth = [10, 100, 1_000, 10_000].map((n) => [n, peer('skein', 'memory', String(n))] as const);
  lines.push(
    `  growth in memory: ${growth.map(([n, t]) => `${n.toLocaleString('en-US')} steps ${us(t)}`).join(', ')}; ` +
      `10,000 / 10 = ${(growth[3][1] / growth[0][1]).toFixed(2)}× (target <= 1.5×)`,
  );
  const langGrowth = [10, 100, 1_000].map((n) => [n, peer('langgraph', 'memory', String(n))] as const);
  lines.push(
    `  growth, langgraph.js in memory: ${langGrowth.map(([n, t]) => `${n.toLocaleString('en-US')} steps ${us(t)}`).join(', ')} (10,000 steps not run: minutes per run)`,
  );
  console.log(lines.join('\n'));
}
