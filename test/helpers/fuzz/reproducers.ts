import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import type { DialectName } from '../../../src/ir/skill.js';
import { judgeLoad } from './check-input.js';
import { signature } from './signature.js';
import type { Seed } from './seeds.js';

const ROOT = join(import.meta.dirname, '../../..');

/** Where `npm run fuzz` keeps the inputs it found; the suite loads each one as a regression test. */
export const REPRO_DIR = join(ROOT, 'test/fixtures/fuzz-repro');

/**
 * Where a reproducer made from a seed outside this repository (the shared corpus) is kept: outside it
 * too, since the corpus's files are not to be copied into the repository.
 */
export const OUTSIDE_REPRO_DIR = join(tmpdir(), 'skein-fuzz-repro');

/** The folder for a reproducer of `seed`: the suite's own for the repository's files, else outside it. */
export function reproDirFor(seed: Seed): string {
  return relative(ROOT, seed.origin).startsWith('..') ? OUTSIDE_REPRO_DIR : REPRO_DIR;
}

/** One saved reproducer: the path to load, its dialect, and the problem it once showed. */
export interface Reproducer {
  name: string;
  path: string;
  dialect: DialectName;
  problem: string;
}

/** The reproducers saved in `dir`. Each is `<name>/problem.txt` (dialect, problem) and `<name>/input/<file or folder>`. */
export function listReproducers(dir = REPRO_DIR): Reproducer[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => {
      const [first, ...rest] = readFileSync(join(dir, e.name, 'problem.txt'), 'utf8').split('\n');
      const input = join(dir, e.name, 'input');
      return {
        name: e.name,
        path: join(input, readdirSync(input)[0]),
        dialect: first.replace(/^dialect: /, '') as DialectName,
        problem: rest
          .join('\n')
          .replace(/^problem: /, '')
          .trim(),
      };
    });
}

/**
 * Saves an input that showed `problem` (unless one of the same kind is saved), first dropping the
 * seed's other files that the problem does not need. Returns the reproducer's folder, or undefined.
 */
export async function saveReproducer(
  seed: Seed,
  target: string,
  bytes: Buffer,
  problem: string,
  dir = reproDirFor(seed),
): Promise<string | undefined> {
  const kind = signature(problem);
  const name = `${seed.dialect}-${createHash('sha1').update(kind).digest('hex').slice(0, 10)}`;
  const out = join(dir, name);
  if (existsSync(out)) return undefined;
  const files = new Map(seed.files);
  files.set(target, bytes);
  if (seed.folder && !problem.startsWith('slow'))
    for (const rel of [...files.keys()]) {
      if (rel === target) continue;
      const without = new Map(files);
      without.delete(rel);
      const o = await loadCopy(seed, without, target);
      if (o.problem && signature(o.problem) === kind) files.delete(rel);
    }
  const input = join(out, 'input', seed.folder ? basename(seed.origin) : '');
  for (const [rel, b] of seed.folder ? files : new Map([[target, bytes]])) {
    mkdirSync(dirname(join(input, rel)), { recursive: true });
    writeFileSync(join(input, rel), b);
  }
  writeFileSync(
    join(out, 'problem.txt'),
    `dialect: ${seed.dialect}\nproblem: ${problem}\nseed: ${relative(ROOT, seed.origin)}\n`,
  );
  return out;
}

async function loadCopy(seed: Seed, files: Map<string, Buffer>, target: string) {
  const root = mkdtempSync(join(tmpdir(), 'skein-repro-'));
  try {
    const dir = join(root, basename(seed.origin));
    for (const [rel, b] of files) {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), b);
    }
    return await judgeLoad(seed.folder ? dir : join(dir, target), seed.dialect);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
