import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileDigest, skillDigest } from './digest.js';
import { DistributionError } from './errors.js';
import { findSkills, listFiles, type Found, type Findings } from './find-skills.js';
import { readLock, writeLock, type Lock, type LockEntry } from './lock.js';
import { materialize, type Materialized } from './materialize.js';
import { describeSource, lockedSource, parseSource, type SkillSource } from './source.js';

/** Where installs go: the project's folder (skein.lock's) and its skills folder. */
export interface Project {
  root: string;
  skillsDir: string;
}

/** What `skein add` would do: the skills found, each with its files read and digested. */
export interface AddPlan {
  source: SkillSource;
  commit?: string;
  findings: Findings;
  entries: { found: Found; entry: LockEntry; bytes: Map<string, Buffer> }[];
  /** Release the source's temporary copy. */
  dispose(): void;
}

/** Reads a source and plans its install: nothing is written yet (docs/distribution.md, "skein add"). */
export async function planAdd(spec: string, project: Project, cwd: string): Promise<AddPlan> {
  const source = parseSource(spec, cwd);
  const got = await materialize(source);
  try {
    const findings = await findSkills(got.root);
    const lock = readLock(project.root);
    const entries = findings.found.map((found) => {
      const bytes = readAll(found.folder, found.files);
      const entry = lockEntry(source, got, found, bytes, project);
      const dir = join(project.skillsDir, found.name);
      const mine = lock.skills[found.name];
      if (existsSync(dir) && (!mine || mine.source !== entry.source))
        throw new DistributionError(
          'already_installed',
          `${relative(project.root, dir) || dir} exists${mine ? ` (from ${mine.source})` : ''}; skein remove ${found.name} first`,
        );
      return { found, entry, bytes };
    });
    return { source, commit: got.commit, findings, entries, dispose: got.dispose };
  } catch (e) {
    got.dispose();
    throw e;
  }
}

/** Writes a plan's skills into the skills folder and records them in skein.lock. */
export function applyAdd(plan: AddPlan, project: Project): Lock {
  const lock = readLock(project.root);
  for (const { found, entry, bytes } of plan.entries) {
    writeFolder(join(project.skillsDir, found.name), bytes);
    lock.skills[found.name] = entry;
  }
  writeLock(project.root, lock);
  return lock;
}

/**
 * Installs every skill of skein.lock (or those named) from its source at the recorded commit, refusing
 * the whole install when any file differs from its recorded digest, is missing or is new.
 */
export async function installFromLock(project: Project, names: readonly string[] = []): Promise<string[]> {
  const lock = readLock(project.root);
  const chosen = pick(lock, names);
  const staged: { entry: LockEntry; bytes: Map<string, Buffer> }[] = [];
  for (const group of bySource(chosen)) {
    const first = group[0];
    const got = await materialize(lockedSource(first.type, first.source, first.ref), first.commit);
    try {
      for (const entry of group) staged.push({ entry, bytes: verified(entry, got) });
    } finally {
      got.dispose();
    }
  }
  for (const { entry, bytes } of staged) writeFolder(resolve(project.root, entry.dir), bytes);
  return chosen.map((e) => e.dir);
}

/** Removes installed skills (their folders and lock entries). */
export function removeSkills(project: Project, names: readonly string[]): LockEntry[] {
  const lock = readLock(project.root);
  const gone = pick(lock, names);
  for (const [name, entry] of Object.entries(lock.skills))
    if (gone.includes(entry)) {
      rmSync(resolve(project.root, entry.dir), { recursive: true, force: true });
      delete lock.skills[name];
    }
  writeLock(project.root, lock);
  return gone;
}

/** The lock's entries named (all when none is), or an error naming what is not installed. */
export function pick(lock: Lock, names: readonly string[]): LockEntry[] {
  const missing = names.filter((n) => !lock.skills[n]);
  if (missing.length)
    throw new DistributionError(
      'not_installed',
      `not in skein.lock: ${missing.join(', ')}${Object.keys(lock.skills).length ? ` (installed: ${Object.keys(lock.skills).join(', ')})` : ''}`,
    );
  return names.length ? names.map((n) => lock.skills[n]) : Object.values(lock.skills);
}

/** The files of a lock entry read from a source's copy, each checked against the lock. */
export function verified(entry: LockEntry, got: Materialized): Map<string, Buffer> {
  const folder = join(got.base, entry.from);
  const problems: string[] = [];
  const present = existsSync(folder) ? (entry.whole ? listFiles(folder) : Object.keys(entry.files)) : [];
  for (const path of present) if (!(path in entry.files)) problems.push(`${path} is new`);
  const bytes = new Map<string, Buffer>();
  for (const [path, digest] of Object.entries(entry.files)) {
    const file = join(folder, path);
    if (!existsSync(file)) {
      problems.push(`${path} is missing`);
      continue;
    }
    const content = readFileSync(file);
    if (fileDigest(content) !== digest)
      problems.push(`${path} changed (${fileDigest(content)}, locked ${digest})`);
    bytes.set(path, content);
  }
  if (problems.length)
    throw new DistributionError(
      'digest_mismatch',
      `${entry.dir} from ${entry.source}${entry.commit ? ` at ${entry.commit.slice(0, 12)}` : ''} does not match skein.lock: ${problems.join('; ')}; nothing was installed`,
    );
  return bytes;
}

function lockEntry(
  source: SkillSource,
  got: Materialized,
  found: Found,
  bytes: Map<string, Buffer>,
  project: Project,
): LockEntry {
  const files = Object.fromEntries([...bytes].map(([path, b]) => [path, fileDigest(b)]));
  const subpath = source.kind === 'git' || source.kind === 'tarball' ? source.subpath : undefined;
  return {
    type: source.kind,
    source: describeSource(source),
    ...(source.kind === 'git' && source.ref ? { ref: source.ref } : {}),
    ...(got.commit ? { commit: got.commit } : {}),
    from: subpath ? posix.join(subpath, found.from) : found.from,
    whole: found.whole,
    dir: relative(project.root, join(project.skillsDir, found.name)).split(sep).join('/'),
    digest: skillDigest(files),
    files,
  };
}

function readAll(folder: string, files: readonly string[]): Map<string, Buffer> {
  return new Map(files.map((f) => [f, readFileSync(join(folder, f))]));
}

/** Replaces a folder with these files: written beside it, then swapped in. */
export function writeFolder(dir: string, bytes: ReadonlyMap<string, Uint8Array>): void {
  const staging = `${dir}.skein-new`;
  rmSync(staging, { recursive: true, force: true });
  for (const [path, content] of bytes) {
    const target = join(staging, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  mkdirSync(staging, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  renameSync(staging, dir);
}

/** Entries grouped by source and commit, so each source is fetched once. */
export function bySource(entries: readonly LockEntry[]): LockEntry[][] {
  const out = new Map<string, LockEntry[]>();
  for (const e of entries) {
    const key = `${e.type}\0${e.source}\0${e.commit ?? ''}`;
    out.set(key, [...(out.get(key) ?? []), e]);
  }
  return [...out.values()];
}
