import { posix } from 'node:path';

/** One entry of a folder, as `FileSource.list` gives it. */
export interface SourceEntry {
  name: string;
  kind: 'file' | 'folder';
}

/**
 * Where a dialect reads a skill's files from (ARCHITECTURE.md, "File sources"): the disk
 * (`diskFiles`), or a set of texts held in memory (`MemoryFiles`: a posted file, a stored snapshot).
 * Front ends read only through it, so a skill given as text is never completed from the disk.
 */
export interface FileSource {
  /** The text of a file (UTF-8); rejects when there is no such file. */
  read(path: string): Promise<string>;
  /** The text of a file (UTF-8); throws when there is no such file. */
  readSync(path: string): string;
  /** The bytes of a file; rejects when there is no such file. */
  readBytes(path: string): Promise<Uint8Array>;
  /** Whether a file or folder exists at `path`. */
  exists(path: string): boolean;
  /** The size in bytes of a regular file, undefined for anything else. */
  size(path: string): number | undefined;
  /** A folder's entries (unsorted); rejects when `path` is not a folder. */
  list(path: string): Promise<SourceEntry[]>;
  /** A folder's entries (unsorted); throws when `path` is not a folder. */
  listSync(path: string): SourceEntry[];
  /** The path made absolute, for the name of the folder it is in (in memory: against "/"). */
  absolute(path: string): string;
}

/** A path as `MemoryFiles` keys it: POSIX separators, normalised, no leading "./" or trailing "/". */
function key(path: string): string {
  const p = posix.normalize(path.replaceAll('\\', '/'));
  return p === '/' ? p : p.replace(/\/+$/, '') || '.';
}

/**
 * Files held in memory, keyed by the path they were given under; nothing else exists. A path is only a
 * name here: "/etc/SKILL.md" is the file posted under that name, never the disk's.
 */
export class MemoryFiles implements FileSource {
  private readonly files = new Map<string, string>();

  constructor(files: Readonly<Record<string, string>> = {}) {
    for (const [path, text] of Object.entries(files)) this.files.set(key(path), text);
  }

  async read(path: string): Promise<string> {
    return this.readSync(path);
  }

  readSync(path: string): string {
    const text = this.files.get(key(path));
    if (text === undefined) throw new Error(`no file ${path} in the files given`);
    return text;
  }

  async readBytes(path: string): Promise<Uint8Array> {
    return new TextEncoder().encode(this.readSync(path));
  }

  exists(path: string): boolean {
    const k = key(path);
    return this.files.has(k) || this.listSync(k, false).length > 0;
  }

  size(path: string): number | undefined {
    const text = this.files.get(key(path));
    return text === undefined ? undefined : Buffer.byteLength(text);
  }

  async list(path: string): Promise<SourceEntry[]> {
    return this.listSync(path);
  }

  listSync(path: string, strict = true): SourceEntry[] {
    const dir = key(path);
    const prefix = dir === '.' ? '' : dir === '/' ? '/' : `${dir}/`;
    const entries = new Map<string, SourceEntry['kind']>();
    for (const file of this.files.keys()) {
      if (!file.startsWith(prefix) || file === dir || (prefix === '' && file.startsWith('/'))) continue;
      const rest = file.slice(prefix.length);
      const slash = rest.indexOf('/');
      entries.set(slash === -1 ? rest : rest.slice(0, slash), slash === -1 ? 'file' : 'folder');
    }
    if (strict && !entries.size) throw new Error(`no folder ${path} in the files given`);
    return [...entries].map(([name, kind]) => ({ name, kind }));
  }

  absolute(path: string): string {
    return posix.resolve('/', key(path));
  }
}
