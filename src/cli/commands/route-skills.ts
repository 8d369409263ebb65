import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { SkeinConfig } from '../../config/config.js';
import {
  buildRouteIndex,
  persistRouteIndex,
  restoreRouteIndex,
  type RouteIndex,
} from '../../routing/index.js';
import { SKEIN_VERSION } from '../../version.js';

/** Folders never read for skills (as the library's walk). */
const IGNORED_DIRS = new Set(['node_modules', '.git', '.skein', 'dist']);
/** Persisted indexes kept per SKEIN_HOME (one per skills path and content). */
const KEPT = 8;

/** The route index of the skills path (files with errors left out, with a notice), only over executable skills when `executable`. */
export async function loadRouteIndex(
  config: SkeinConfig,
  options: { executable?: boolean } = {},
): Promise<RouteIndex> {
  const { loadLatestSkills } = await import('../latest-skills.js');
  const skills = await loadLatestSkills(config);
  return buildRouteIndex(options.executable ? skills.filter((s) => s.graph) : skills);
}

/**
 * The route index of the skills path, persisted under SKEIN_HOME/route-index and keyed by the digest of
 * every file under the skills path (and Skein's version): an unchanged library is routed without
 * reading its skills through the dialects; any change to a file builds and persists the index again.
 */
export async function loadPersistedRouteIndex(config: SkeinConfig): Promise<RouteIndex> {
  const dir = join(config.home, 'route-index');
  const file = join(dir, `${skillsDigest(config.skillsPath)}.json`);
  try {
    const index = restoreRouteIndex(JSON.parse(readFileSync(file, 'utf8')));
    if (index) return index;
  } catch {
    // Not persisted yet, or unreadable: built below.
  }
  const index = await loadRouteIndex(config);
  try {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(persistRouteIndex(index)));
    renameSync(partial, file);
    prune(dir);
  } catch {
    // A read-only SKEIN_HOME only costs the next call its speed.
  }
  return index;
}

/** A digest of the paths' files: their relative paths and contents, in order. */
function skillsDigest(paths: readonly string[]): string {
  const hash = createHash('sha256').update(SKEIN_VERSION);
  const visit = (path: string, name: string) => {
    let info;
    try {
      info = statSync(path);
    } catch {
      hash.update(`\0missing ${name}`);
      return;
    }
    if (info.isDirectory()) {
      for (const entry of readdirSync(path).sort())
        if (!IGNORED_DIRS.has(entry)) visit(join(path, entry), `${name}/${entry}`);
    } else if (info.isFile()) hash.update(`\0${name}\0${info.size}\0`).update(readFileSync(path));
  };
  for (const path of paths) visit(path, path);
  return hash.digest('hex').slice(0, 32);
}

/** Keeps the KEPT most recently written indexes. */
function prune(dir: string): void {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ f, at: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { f } of files.slice(KEPT)) unlinkSync(join(dir, f));
}
