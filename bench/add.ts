import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/** A local git repository of `n` Agent Skills folders (SKILL.md, a reference page and a script each). */
function skillRepo(n: number): string {
  const repo = mkdtempSync(join(tmpdir(), 'skein-bench-add-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', ...args], { cwd: repo });
  git('init', '-q', '-b', 'main');
  for (let i = 0; i < n; i++) {
    const dir = join(repo, 'skills', `skill-${i}`);
    mkdirSync(join(dir, 'references'), { recursive: true });
    mkdirSync(join(dir, 'scripts'));
    writeFileSync(
      join(dir, 'SKILL.md'),
      `---\nname: skill-${i}\ndescription: Does task ${i} with its reference.\n---\n# Skill ${i}\n\nSee [the guide](references/guide.md).\n`,
    );
    writeFileSync(join(dir, 'references/guide.md'), `# Guide ${i}\n\n${'text '.repeat(200)}\n`);
    writeFileSync(join(dir, 'scripts/run.py'), `print(${i})\n`);
  }
  git('add', '-A');
  git('commit', '-qm', 'skills');
  return repo;
}

/** Median wall and CPU ms of five cold `skein add SOURCE --yes` (the built bin), each in a new project. */
function timeAdd(source: string): { wall: number; cpu: number } {
  const walls: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 5; i++) {
    const project = mkdtempSync(join(tmpdir(), 'skein-bench-project-'));
    const t0 = performance.now();
    const r = spawnSync(
      'bash',
      ['-c', `TIMEFORMAT=%U+%S; time ${process.execPath} ${join(ROOT, 'bin/skein.js')} add ${source} --yes`],
      { cwd: project, encoding: 'utf8' },
    );
    walls.push(performance.now() - t0);
    if (r.status !== 0) throw new Error(`add failed: ${r.stderr}`);
    const [user, sys] = r.stderr.trim().split('\n').at(-1)!.split('+').map(Number);
    cpu.push((user + sys) * 1000);
    rmSync(project, { recursive: true, force: true });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2];
  return { wall: median(walls), cpu: median(cpu) };
}

/**
 * Wall time of a cold `skein add REPO#main --yes` of a local git repository of 10 and 100 generated
 * skills (the built bin: clone, walk, digests, copy, skein.lock), median of 5 runs, with CPU time;
 * target <= 3 s for 100 (docs/benchmarks.md). With `SKEIN_BENCH_ADD_REPO` (a git repository and
 * `#ref`), the same for that repository: a real collection the command was not written against.
 */
export function benchAdd(): void {
  if (!existsSync(join(ROOT, 'dist/cli/main.js'))) {
    console.log('\n[add] skipped: run `npm run build` first');
    return;
  }
  const load = () => `load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;
  for (const n of [10, 100]) {
    const repo = skillRepo(n);
    const { wall, cpu } = timeAdd(`${repo}#main`);
    rmSync(repo, { recursive: true, force: true });
    console.log(
      `\n[add] skein add of a local git repository of ${n} skills: median ${wall.toFixed(0)} ms wall, ` +
        `${cpu.toFixed(0)} ms CPU (target <= 3000 for 100); ${load()}`,
    );
  }
  const real = process.env.SKEIN_BENCH_ADD_REPO;
  if (!real)
    return console.log('[add] held out: set SKEIN_BENCH_ADD_REPO=<git repository>#<ref> to time a real one');
  const { wall, cpu } = timeAdd(real);
  console.log(
    `[add] skein add of ${real}: median ${wall.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU; ${load()}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) benchAdd();
