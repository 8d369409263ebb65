import { createHash } from 'node:crypto';
import type { FileSource, SourceEntry } from './file-source.js';
import type { Skill } from './skill.js';

/** The files a skill was compiled from (path to text), and their digest: what a run is pinned to. */
export interface SkillSource {
  /** sha256 (hex) over each file's path, a NUL, its text and a NUL, in path order. */
  digest: string;
  files: Readonly<Record<string, string>>;
}

/** The digest of a set of files: sha256 over (path NUL text NUL) in path order. */
export function digestOf(files: Readonly<Record<string, string>>): string {
  const hash = createHash('sha256');
  for (const path of Object.keys(files).sort())
    hash.update(path).update('\0').update(files[path]).update('\0');
  return hash.digest('hex');
}

/** Per compiled skill: the files its compiler read, their digest computed on first use. */
const sources = new WeakMap<Skill, { files: Readonly<Record<string, string>>; digest?: string }>();

/** Remembers the files a skill was compiled from (the loader calls it for each skill it makes). */
export function rememberFiles(skill: Skill, files: Readonly<Record<string, string>>): void {
  sources.set(skill, { files });
}

/** The files a skill was compiled from and their digest; undefined for a skill no loader made (a test's literal). */
export function sourceOf(skill: Skill): SkillSource | undefined {
  const entry = sources.get(skill);
  if (!entry) return undefined;
  entry.digest ??= digestOf(entry.files);
  return { digest: entry.digest, files: entry.files };
}

/** Gives a skill made from another (a subgraph as a skill of its own) the other's files. */
export function shareFiles(from: Skill, to: Skill): void {
  const entry = sources.get(from);
  if (entry) sources.set(to, entry);
}

/**
 * A file source that remembers the text of every file read through it, so a skill's snapshot is
 * exactly what its compiler read. Bytes are kept as UTF-8 text.
 */
export class RecordingFiles implements FileSource {
  private readonly read_ = new Map<string, string>();

  constructor(private readonly inner: FileSource) {}

  /** Records a file read some other way (the text a loader was given). */
  record(path: string, text: string): void {
    this.read_.set(path, text);
  }

  /** The files read so far, in the order read. */
  files(): Record<string, string> {
    return Object.fromEntries(this.read_);
  }

  async read(path: string): Promise<string> {
    const text = await this.inner.read(path);
    this.read_.set(path, text);
    return text;
  }

  readSync(path: string): string {
    const text = this.inner.readSync(path);
    this.read_.set(path, text);
    return text;
  }

  async readBytes(path: string): Promise<Uint8Array> {
    const bytes = await this.inner.readBytes(path);
    this.read_.set(path, new TextDecoder().decode(bytes));
    return bytes;
  }

  exists(path: string): boolean {
    return this.inner.exists(path);
  }

  size(path: string): number | undefined {
    return this.inner.size(path);
  }

  list(path: string): Promise<SourceEntry[]> {
    return this.inner.list(path);
  }

  listSync(path: string): SourceEntry[] {
    return this.inner.listSync(path);
  }

  absolute(path: string): string {
    return this.inner.absolute(path);
  }
}
