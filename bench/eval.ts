import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startProcess } from './server/processes.js';
import { promptfooArgs, promptfooPeer, writePromptfooConfig } from './eval/promptfoo-peer.js';

const CASES = 100;
const MODELS = ['compat:bench-a', 'compat:bench-b', 'compat:bench-c'];
const TRIALS = 3;
const CONCURRENCY = 16;

/** Wall and CPU (user + system, from /usr/bin/time) seconds of one command; throws when it fails. */
function timed(
  args: string[],
  env: Record<string, string>,
  node = process.execPath,
  cwd = ROOT,
): { wall: number; cpu: number; stdout: string } {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', node, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 1 << 28,
  });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  const [user, sys] = r.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
  return { wall, cpu: user + sys, stdout: r.stdout };
}

/** The translate skill of the eval tests with 100 eval cases, in a new folder. */
function writeCases(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skein-bench-eval-'));
  cpSync(join(ROOT, 'test/fixtures/evals/basic/translate.md'), join(dir, 'translate.md'));
  const cases = Array.from(
    { length: CASES },
    (_, i) =>
      `  - name: case ${i}\n    input: { text: "Good morning number ${i}", language: French }\n    assert:\n      - contains: Bonjour\n`,
  );
  writeFileSync(join(dir, 'translate.cases.yaml'), `evals:\n${cases.join('')}`);
  return dir;
}

/**
 * `skein eval` of 100 cases × 3 models × 3 trials (900 cells) at concurrency 16 against a model that
 * answers in 200 ms (a process of its own), beside a hand-written loop making the same 900 runs through
 * the library with the same check and concurrency (`bench/eval/loop-peer.ts`), and promptfoo over the
 * same matrix when it is installed (`bench/eval/promptfoo-peer.ts`). Wall time, and CPU per cell of each
 * peer's process (targets: ≤ 15 s wall; Skein's own cost ≤ 5 ms CPU per cell).
 */
export async function benchEval(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist/cli-bundle/main.js')) || !existsSync('/usr/bin/time')) {
    console.log('\n[eval] skipped: needs `npm run build` and /usr/bin/time');
    return;
  }
  const model = await startProcess(['--import', 'tsx', join(ROOT, 'bench/eval/model-server.ts')]);
  const dir = writeCases();
  const home = mkdtempSync(join(tmpdir(), 'skein-bench-eval-home-'));
  const env = { SKEIN_HOME: home, SKEIN_SKILLS: dir, SKEIN_BASE_URL: model.url, SKEIN_CONFIG: '' };
  try {
    const cells = CASES * MODELS.length * TRIALS;
    const args = MODELS.flatMap((m) => ['--model', m]);
    const skein = timed(
      [
        join(ROOT, 'bin/skein.js'),
        'eval',
        dir,
        ...args,
        '--trials',
        String(TRIALS),
        '--concurrency',
        String(CONCURRENCY),
        '--json',
      ],
      env,
    );
    const loop = timed(
      [
        '--import',
        'tsx',
        join(ROOT, 'bench/eval/loop-peer.ts'),
        dir,
        MODELS.join(','),
        String(TRIALS),
        String(CONCURRENCY),
      ],
      { ...env, SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-bench-eval-loop-')) },
    );
    const perCell = (cpu: number) => ((cpu * 1000) / cells).toFixed(1);
    const promptfoo = runPromptfoo(dir, model.url, TRIALS);
    console.log(
      `\n[eval] ${cells} cells (${CASES} cases × ${MODELS.length} models × ${TRIALS} trials), a 200 ms model, concurrency ${CONCURRENCY} (targets: <= 15 s wall, <= 5 ms CPU a cell)\n` +
        `  skein eval: ${skein.wall.toFixed(1)} s wall, ${perCell(skein.cpu)} ms CPU a cell (the experiment stored, every cell a stored run)\n` +
        `  hand-written loop over the same runs (library, same check): ${loop.wall.toFixed(1)} s wall, ${perCell(loop.cpu)} ms CPU a cell\n` +
        `  skein eval / loop: ${(skein.wall / loop.wall).toFixed(2)}× wall, ${(skein.cpu / loop.cpu).toFixed(2)}× CPU\n` +
        (promptfoo
          ? `  promptfoo ${promptfoo.version} (same matrix, a contains check, no cache): ${promptfoo.wall.toFixed(1)} s wall, ${perCell(promptfoo.cpu)} ms CPU a cell; skein eval / promptfoo: ${(skein.wall / promptfoo.wall).toFixed(2)}× wall, ${(skein.cpu / promptfoo.cpu).toFixed(2)}× CPU`
          : '  promptfoo: skipped (set SKEIN_BENCH_PROMPTFOO and SKEIN_BENCH_NODE22, see bench/eval/promptfoo-peer.ts)'),
    );
  } finally {
    await model.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

/** promptfoo over the same matrix against the same model, when it is installed; its wall and CPU. */
function runPromptfoo(dir: string, modelUrl: string, trials: number) {
  const peer = promptfooPeer();
  if (!peer) return undefined;
  const config = writePromptfooConfig(dir, modelUrl, MODELS, CASES);
  const home = mkdtempSync(join(tmpdir(), 'skein-bench-promptfoo-'));
  const env = {
    HOME: home,
    PROMPTFOO_CONFIG_DIR: home,
    PROMPTFOO_DISABLE_TELEMETRY: '1',
    PROMPTFOO_DISABLE_UPDATE: '1',
  };
  try {
    const version = timed([peer.main, '--version'], env, peer.node, dir).stdout.trim();
    const args = promptfooArgs(peer.main, config, trials, CONCURRENCY, join(home, 'out.json'));
    return { version, ...timed(args, env, peer.node, dir) };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
