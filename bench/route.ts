import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SIZES = [10, 100, 1_000, 10_000];
const PEERS = ['skein', 'minisearch'] as const;

interface PeerResult {
  buildMs: number;
  requestUs: number;
  requestCpuUs: number;
}

function runPeer(peer: string, size: number): PeerResult {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'route-peer.ts'), peer, String(size)],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`route bench (${peer}, ${size}): ${r.stderr}`);
  return JSON.parse(r.stdout) as PeerResult;
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
      `  ${size.toLocaleString('en-US').padStart(6)} skills: index ${skein.buildMs.toFixed(1)} ms, request ${skein.requestUs.toFixed(1)} µs (CPU ${skein.requestCpuUs.toFixed(1)} µs)` +
        `  |  MiniSearch: index ${mini.buildMs.toFixed(1)} ms, request ${mini.requestUs.toFixed(1)} µs (CPU ${mini.requestCpuUs.toFixed(1)} µs)` +
        `  (${(mini.requestUs / skein.requestUs).toFixed(1)}× per request)`,
    );
  }
  console.log(lines.join('\n'));
}

const ROOT = join(import.meta.dirname, '..');
/** Prints the process's CPU time on stderr as it exits. */
const CPU_AT_EXIT =
  'data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu "+(u.user+u.system))})';

/** Wall and CPU milliseconds of one `skein route` in a fresh process. */
function coldRoute(request: string, env: Record<string, string>): { wall: number; cpu: number } {
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    ['--import', CPU_AT_EXIT, join(ROOT, 'bin/skein.js'), 'route', request, '--json'],
    { encoding: 'utf8', env: { ...process.env, ...env } },
  );
  const wall = performance.now() - t0;
  if (r.status !== 0) throw new Error(`skein route failed: ${r.stderr}`);
  return { wall, cpu: Number(/cpu (\d+)/.exec(r.stderr)?.[1] ?? 0) / 1000 };
}

/**
 * `skein route` in a fresh process over the routing set's 44 skills (five dialects): the first call,
 * which builds and persists the index, then the median of 11 calls of each of a Chinese and an English
 * request served from the persisted index (target <= 400 ms).
 */
export function benchColdRoute(): void {
  if (!existsSync(join(ROOT, 'dist/cli-bundle/main.js'))) {
    console.log('\n[route, cold] skipped: run `npm run build` first');
    return;
  }
  const home = mkdtempSync(join(tmpdir(), 'skein-route-cold-'));
  const env = { SKEIN_HOME: home, SKEIN_SKILLS: join(ROOT, 'test/fixtures/routing'), SKEIN_MODEL: '' };
  const first = coldRoute('帮我出一份华东区的销售报表', env);
  const median = (request: string) => {
    const runs = Array.from({ length: 11 }, () => coldRoute(request, env));
    const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[5];
    return { wall: mid(runs.map((r) => r.wall)), cpu: mid(runs.map((r) => r.cpu)) };
  };
  const [zh, en] = [median('帮我出一份华东区的销售报表'), median('Merge these three PDF files into one')];
  rmSync(home, { recursive: true, force: true });
  const show = (r: { wall: number; cpu: number }) =>
    `${r.wall.toFixed(0)} ms wall, ${r.cpu.toFixed(0)} ms CPU`;
  console.log(
    `\n[route, cold] skein route over 44 skills in a fresh process: first call (builds and persists the index) ${show(first)}; ` +
      `then, from the persisted index, median ${show(zh)} (Chinese), ${show(en)} (English) (target <= 400 ms)`,
  );
}
