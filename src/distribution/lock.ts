import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DistributionError } from './errors.js';

/** The file that records what `skein add` installed, beside skein.yaml (docs/distribution.md). */
export const LOCK_FILE = 'skein.lock';

/** One installed skill folder as skein.lock records it. */
export interface LockEntry {
  /** What kind of source it came from. */
  type: 'folder' | 'git' | 'tarball' | 'well-known';
  /** The source as the user gave it, made absolute when it is a local path. */
  source: string;
  /** The git ref asked for (`#ref`), if any. */
  ref?: string;
  /** The commit it resolved to, for a git source. */
  commit?: string;
  /** The skill's folder in the source, with `/` ("." for the source's root). */
  from: string;
  /** Whether the whole folder is the skill (else only `files` of it: a skill file and its companions). */
  whole: boolean;
  /** Where it was installed, relative to the lock's folder. */
  dir: string;
  /** The skill's digest over its files (the discovery index's skill-level digest). */
  digest: string;
  /** `sha256:<hex>` of every file, by path relative to the skill folder. */
  files: Record<string, string>;
}

/** The whole lock: installed skill folders by name. */
export interface Lock {
  lockfileVersion: 1;
  skills: Record<string, LockEntry>;
}

/** Reads skein.lock in `root` (an empty lock when there is none). */
export function readLock(root: string): Lock {
  const file = join(root, LOCK_FILE);
  if (!existsSync(file)) return { lockfileVersion: 1, skills: {} };
  let parsed: Lock;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as Lock;
  } catch (e) {
    throw new DistributionError('lock_invalid', `${file}: not JSON (${(e as Error).message})`);
  }
  if (parsed?.lockfileVersion !== 1 || typeof parsed.skills !== 'object' || parsed.skills === null)
    throw new DistributionError('lock_invalid', `${file}: not a skein.lock of version 1`);
  return parsed;
}

/** Writes skein.lock in `root` with sorted names and file paths, so it diffs well. */
export function writeLock(root: string, lock: Lock): void {
  const skills: Record<string, LockEntry> = {};
  for (const name of Object.keys(lock.skills).sort()) {
    const e = lock.skills[name];
    const files = Object.fromEntries(
      Object.keys(e.files)
        .sort()
        .map((p) => [p, e.files[p]]),
    );
    skills[name] = { ...e, files };
  }
  const file = join(root, LOCK_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify({ lockfileVersion: 1, skills }, null, 2) + '\n');
  renameSync(`${file}.tmp`, file);
}
