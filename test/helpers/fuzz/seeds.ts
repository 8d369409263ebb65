import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { DialectName } from '../../../src/ir/skill.js';
import { loadPaths } from '../../../src/skills/index.js';
import { CORPUS } from '../corpus.js';

/** A real skill to mutate: one file, or a folder whose files are mutated one at a time. */
export interface Seed {
  dialect: DialectName;
  /** Where it came from (for messages). */
  origin: string;
  /** Whether the loader is given the folder (folder dialects) or the one file. */
  folder: boolean;
  /** The skill's text files by path relative to the skill (one entry for a file skill). */
  files: Map<string, Buffer>;
  /** The files a mutation may change (relative paths). */
  targets: string[];
}

const REPO = join(import.meta.dirname, '../../..');
const TEXT = /\.(md|json|ya?ml|ts|js|py|txt)$/;
const TARGET = /\.(md|json|ya?ml)$/;

/**
 * The seeds of every dialect: each skill the library finds in the shared corpus (when present) and in
 * the repository's examples, with the dialect it was read as.
 */
export async function seedsByDialect(): Promise<Map<DialectName, Seed[]>> {
  const roots = [...(existsSync(CORPUS) ? [CORPUS] : []), join(REPO, 'examples')];
  const { units } = await loadPaths(roots);
  const out = new Map<DialectName, Seed[]>();
  for (const u of units) {
    if (!u.dialect) continue;
    const seed = statSync(u.path).isDirectory() ? folderSeed(u.dialect, u.path) : fileSeed(u.dialect, u.path);
    if (seed.targets.length) out.set(u.dialect, [...(out.get(u.dialect) ?? []), seed]);
  }
  return out;
}

function fileSeed(dialect: DialectName, path: string): Seed {
  const name = basename(path);
  return {
    dialect,
    origin: path,
    folder: false,
    files: new Map([[name, readFileSync(path)]]),
    targets: [name],
  };
}

/** A folder skill: its text files below 256 KB; the Markdown, JSON and YAML among them are targets. */
function folderSeed(dialect: DialectName, dir: string): Seed {
  const files = new Map<string, Buffer>();
  for (const path of walk(dir))
    if (TEXT.test(path) && statSync(path).size <= 256 * 1024)
      files.set(relative(dir, path), readFileSync(path));
  return {
    dialect,
    origin: dir,
    folder: true,
    files,
    targets: [...files.keys()].filter((f) => TARGET.test(f)),
  };
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => {
      const p = join(dir, e.name);
      if (e.isDirectory()) return e.name === 'node_modules' ? [] : walk(p);
      return e.isFile() ? [p] : [];
    });
}
