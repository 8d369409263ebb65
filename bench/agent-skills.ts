import { spawnSync, type SpawnSyncOptionsWithStringEncoding } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin/skein.js');

/**
 * A repository of `n` Agent Skills shaped like the scientific collection of 134 (about 75 KB of
 * Markdown per skill: a 15 KB SKILL.md, eight reference files, a script), with a README, a plugin
 * manifest and agents/ Markdown beside them, written under a temporary folder.
 */
function writeRepository(n: number): string {
  const root = mkdtempSync(join(tmpdir(), 'skein-bench-agent-skills-'));
  const prose = (seed: number, size: number) => {
    const words = ['protein', 'assay', 'pipeline', 'sequence', 'model', 'sample', 'dataset', 'analysis'];
    let text = '';
    for (let i = 0; text.length < size; i++) {
      if (i % 60 === 0) text += `\n\n## Section ${seed}-${i}\n\n`;
      text += `${words[(seed + i * 7) % words.length]}${i % 13 === 0 ? '.\n' : ' '}`;
    }
    return text;
  };
  for (let s = 0; s < n; s++) {
    const name = `science-skill-${s}`;
    const dir = join(root, 'scientific-skills', name);
    mkdirSync(join(dir, 'references'), { recursive: true });
    mkdirSync(join(dir, 'scripts'), { recursive: true });
    const refs = Array.from({ length: 8 }, (_, r) => `references/topic-${r}.md`);
    writeFileSync(
      join(dir, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Analyse ${name} data with the standard pipeline. Use when a user asks about assays, sequences or models of kind ${s}.\nlicense: MIT\nmetadata:\n  skill-author: Bench Lab\n---\n# ${name}\n\n${refs.map((r) => `- [${r}](${r})`).join('\n')}\n${prose(s, 15_000)}\n`,
    );
    for (const r of refs) writeFileSync(join(dir, r), `# ${r}\n${prose(s + r.length, 7_500)}\n`);
    writeFileSync(join(dir, 'scripts', 'run.py'), 'print("run")\n'.repeat(40));
  }
  mkdirSync(join(root, '.claude-plugin'));
  writeFileSync(join(root, '.claude-plugin', 'plugin.json'), '{"name": "bench"}\n');
  mkdirSync(join(root, 'agents'));
  writeFileSync(
    join(root, 'agents', 'helper.md'),
    '---\nname: helper\ndescription: A subagent\n---\nHelp.\n',
  );
  writeFileSync(join(root, 'README.md'), '# Bench skills\n');
  return root;
}

/** Wall and CPU (user + system) seconds of one `skein` command, the median of `runs`. */
function timeCommand(args: string[], runs: number): { wall: number; cpu: number } {
  const samples: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    // /usr/bin/time reports the child's CPU time; without it only wall time is known.
    const timed = existsSync('/usr/bin/time');
    // The report goes nowhere: thousands of lines of warnings would overflow a pipe's buffer.
    const options: SpawnSyncOptionsWithStringEncoding = {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    };
    const r = timed
      ? spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, BIN, ...args], options)
      : spawnSync(process.execPath, [BIN, ...args], options);
    const wall = (performance.now() - t0) / 1000;
    if (r.status !== 0 && r.status !== 1) throw new Error(`skein ${args[0]} failed: ${r.stderr}`);
    const [user, sys] = timed ? r.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) : [NaN, NaN];
    samples.push({ wall, cpu: user + sys });
  }
  return samples.sort((a, b) => a.wall - b.wall)[Math.floor(runs / 2)];
}

/**
 * `skein validate` and `skein docs --stats` on generated Agent Skills repositories of 34, 134 and 536
 * skills (targets for 134: validate ≤ 1.5 s, docs --stats ≤ 3 s wall).
 */
export function benchAgentSkills(): void {
  if (!existsSync(join(ROOT, 'dist/cli-bundle/main.js'))) {
    console.log('\n[agent skills] skipped: run `npm run build` first');
    return;
  }
  console.log(
    '\n[agent skills] generated repositories shaped like the scientific collection (75 KB of Markdown a skill)',
  );
  for (const n of [34, 134, 536]) {
    const root = writeRepository(n);
    try {
      const validate = timeCommand(['validate', root], 3);
      const stats = timeCommand(['docs', '--stats', root], n > 200 ? 1 : 3);
      const target = n === 134 ? ' (targets 1.5 s and 3 s)' : '';
      console.log(
        `  ${String(n).padStart(4)} skills: validate ${validate.wall.toFixed(2)} s wall / ${validate.cpu.toFixed(2)} s CPU; ` +
          `docs --stats ${stats.wall.toFixed(2)} s wall / ${stats.cpu.toFixed(2)} s CPU${target}`,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) benchAgentSkills();
