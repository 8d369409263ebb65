import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const SIZES = [10, 100, 1_000, 10_000];
const PEERS = ['skein', 'minisearch'] as const;

function runPeer(peer: string, size: number): { buildMs: number; requestUs: number } {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'route-peer.ts'), peer, String(size)],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`route bench (${peer}, ${size}): ${r.stderr}`);
  return JSON.parse(r.stdout) as { buildMs: number; requestUs: number };
}

/**
 * Routing: building the index and routing one request (lexical stage, the 173 requests of the routing
 * set) over 10 to 10,000 skills, each peer in its own process: Skein's router, and MiniSearch given the
 * same terms and field boosts (ranking only: no explanations, no threshold).
 */
export function benchRoute(): void {
  const lines = [
    '\n[route] lexical routing; median index build, mean time per request (targets at 1,000 skills: <= 300 ms, <= 1 ms)',
  ];
  for (const size of SIZES) {
    const [skein, mini] = PEERS.map((p) => runPeer(p, size));
    lines.push(
      `  ${size.toLocaleString('en-US').padStart(6)} skills: index ${skein.buildMs.toFixed(1)} ms, request ${skein.requestUs.toFixed(1)} µs` +
        `  |  MiniSearch: index ${mini.buildMs.toFixed(1)} ms, request ${mini.requestUs.toFixed(1)} µs` +
        `  (${(mini.requestUs / skein.requestUs).toFixed(1)}× per request)`,
    );
  }
  console.log(lines.join('\n'));
}
