import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin/skein.js');
/** One template step: the server fixtures' greet skill. */
const TEMPLATE_SKILL = join(ROOT, 'test/fixtures/server/skills/greet.md');

/** Wall milliseconds of one `skein` command in a fresh process; throws if it exits otherwise than `ok`. */
function timed(args: string[], env: Record<string, string>, ok: readonly number[] = [0]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    cwd: env.SKEIN_HOME,
    env: { ...process.env, ...env },
  });
  const ms = performance.now() - t0;
  if (!ok.includes(r.status ?? -1)) throw new Error(`skein ${args.join(' ')} failed: ${r.stdout}${r.stderr}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Cold start (the built bin, a fresh home and no config): `skein run` of a one-template-step skill
 * beside `skein validate` of the same file, alternated, median of 11 each; then `skein validate` of a
 * folder of 1,000 mixed skills (copies of examples/skills: Aegis, skill.json, skill docs).
 */
export function benchColdStart(): void {
  if (!existsSync(join(ROOT, 'dist/cli-bundle/main.js'))) {
    console.log('\n[cold start] skipped: run `npm run build` first');
    return;
  }
  const home = mkdtempSync(join(tmpdir(), 'skein-cold-'));
  // Run in the fresh home: no skein.yaml there, so no tool modules or MCP servers.
  const env = { SKEIN_HOME: home, NO_COLOR: '1' };
  const run: number[] = [];
  const validate: number[] = [];
  for (let i = 0; i < 11; i++) {
    run.push(timed(['run', TEMPLATE_SKILL, '--input', '{"name":"Ada"}', '--json'], env));
    validate.push(timed(['validate', TEMPLATE_SKILL], env));
  }
  const [r, v] = [median(run), median(validate)];
  const folder = join(home, 'many');
  const examples = join(ROOT, 'examples/skills');
  const entries = readdirSync(examples);
  for (let i = 0; i < 1000; i++) {
    const entry = entries[i % entries.length];
    cpSync(join(examples, entry), join(folder, `copy${i}`, entry), { recursive: true });
  }
  // The copies share ids, so validate reports each later copy as a duplicate (exit 1) after loading
  // and checking every file as it would distinct skills.
  const many = median([0, 1, 2].map(() => timed(['validate', folder], env, [0, 1])));
  rmSync(home, { recursive: true, force: true });
  console.log(
    `\n[cold start] skein run of a one-template-step skill: median ${r.toFixed(0)} ms wall; skein validate of the same file: ${v.toFixed(0)} ms; ` +
      `run / validate = ${(r / v).toFixed(2)}× (target <= 1.3×)\n` +
      `  skein validate of 1,000 mixed skills (${entries.length} kinds from examples/skills): median ${many.toFixed(0)} ms wall (target <= 1,500 ms)`,
  );
}
