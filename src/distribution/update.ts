import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileDigest, skillDigest } from './digest.js';
import { DistributionError } from './errors.js';
import { listFiles } from './find-skills.js';
import { bySource, pick, writeFolder, type Project } from './install.js';
import { readLock, writeLock, type LockEntry } from './lock.js';
import { materialize } from './materialize.js';
import { lockedSource } from './source.js';

/** One installed skill's update: its new lock entry and what changed in its files. */
export interface SkillUpdate {
  name: string;
  entry: LockEntry;
  bytes: Map<string, Buffer>;
  added: string[];
  changed: string[];
  removed: string[];
}

/**
 * Fetches each installed skill's source again at its ref (the newest commit of a branch), and returns
 * the skills whose files differ from skein.lock; nothing is written.
 */
export async function planUpdate(project: Project, names: readonly string[]): Promise<SkillUpdate[]> {
  const lock = readLock(project.root);
  const nameOf = new Map(Object.entries(lock.skills).map(([n, e]) => [e, n]));
  const updates: SkillUpdate[] = [];
  for (const group of bySource(pick(lock, names).map((e) => ({ ...e, commit: undefined })))) {
    const first = group[0];
    const got = await materialize(lockedSource(first.type, first.source, first.ref));
    try {
      for (const old of group) {
        const original = Object.values(lock.skills).find((e) => e.dir === old.dir)!;
        const update = fresh(original, got.base, got.commit, nameOf.get(original)!);
        if (update) updates.push(update);
      }
    } finally {
      got.dispose();
    }
  }
  return updates;
}

/** Writes the updated skills and their lock entries. */
export function applyUpdate(project: Project, updates: readonly SkillUpdate[]): void {
  const lock = readLock(project.root);
  for (const u of updates) {
    writeFolder(resolve(project.root, u.entry.dir), u.bytes);
    lock.skills[u.name] = u.entry;
  }
  writeLock(project.root, lock);
}

function fresh(
  old: LockEntry,
  base: string,
  commit: string | undefined,
  name: string,
): SkillUpdate | undefined {
  const folder = join(base, old.from);
  if (!existsSync(folder))
    throw new DistributionError('source_invalid', `${name}: ${old.source} no longer has ${old.from}`);
  const paths = old.whole
    ? listFiles(folder)
    : Object.keys(old.files).filter((p) => existsSync(join(folder, p)));
  const bytes = new Map(paths.map((p) => [p, readFileSync(join(folder, p))]));
  const files = Object.fromEntries([...bytes].map(([p, b]) => [p, fileDigest(b)]));
  const digest = skillDigest(files);
  if (digest === old.digest && commit === old.commit) return undefined;
  return {
    name,
    entry: { ...old, ...(commit ? { commit } : {}), digest, files },
    bytes,
    added: paths.filter((p) => !(p in old.files)),
    changed: paths.filter((p) => p in old.files && old.files[p] !== files[p]),
    removed: Object.keys(old.files).filter((p) => !(p in files)),
  };
}
