import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DistributionError } from './errors.js';
import { cloneAt } from './git.js';
import type { SkillSource } from './source.js';
import { untar } from './tarball.js';
import { download, fetchWellKnown } from './well-known.js';

/** A source's files in a folder on disk, for as long as `dispose` is not called. */
export interface Materialized {
  /** The source's top folder (what skein.lock's `from` is relative to). */
  base: string;
  /** The folder the skills are found under (the subpath applied). */
  root: string;
  /** The commit a git source resolved to. */
  commit?: string;
  dispose(): void;
}

/**
 * Brings a source's files onto the disk: a folder is used where it is; a repository is cloned (at
 * `ref`, or `at` to pin a commit), a tarball unpacked and a site's skills downloaded and checked into a
 * temporary folder. Nothing of the source is run.
 */
export async function materialize(source: SkillSource, at?: string): Promise<Materialized> {
  if (source.kind === 'folder') return { base: source.path, root: source.path, dispose: () => {} };
  const tmp = mkdtempSync(join(tmpdir(), 'skein-add-'));
  const dispose = () => rmSync(tmp, { recursive: true, force: true });
  try {
    if (source.kind === 'git') {
      const commit = await cloneAt(source.url, at ?? source.ref, join(tmp, 'repo'));
      const base = join(tmp, 'repo');
      return { base, root: inside(base, source.subpath), commit, dispose };
    }
    if (source.kind === 'tarball') {
      const bytes = /^https?:\/\//.test(source.location)
        ? await download(source.location)
        : readFileSync(source.location);
      const base = join(tmp, 'tar');
      await untar(bytes, base, source.location);
      return { base, root: inside(base, source.subpath), dispose };
    }
    const base = join(tmp, 'site');
    await fetchWellKnown(source.index, base);
    return { base, root: base, dispose };
  } catch (e) {
    dispose();
    throw e;
  }
}

/** The folder `subpath` names inside a source's root (which must be there). */
function inside(root: string, subpath: string | undefined): string {
  if (!subpath) return root;
  const path = join(root, subpath);
  if (!existsSync(path)) throw new DistributionError('source_invalid', `the source has no ${subpath}`);
  return path;
}
