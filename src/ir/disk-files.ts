import { existsSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FileSource, SourceEntry } from './file-source.js';

/** A folder entry as a `SourceEntry`: a symbolic link counts as what it points to. */
function entry(dir: string, e: Dirent): SourceEntry | undefined {
  if (e.isDirectory()) return { name: e.name, kind: 'folder' };
  if (e.isFile()) return { name: e.name, kind: 'file' };
  if (!e.isSymbolicLink()) return undefined;
  try {
    const info = statSync(resolve(dir, e.name));
    return info.isDirectory() ? { name: e.name, kind: 'folder' } : { name: e.name, kind: 'file' };
  } catch {
    return undefined;
  }
}

const entries = (dir: string, list: Dirent[]) =>
  list.map((e) => entry(dir, e)).filter((e): e is SourceEntry => e !== undefined);

/**
 * The disk, as the skills path and named files are read (ARCHITECTURE.md, "File sources"). Texts and
 * folder listings are read synchronously behind the promise: `fs.promises.readFile` opens, stats, reads
 * and closes in four trips to the thread pool, and reading the 1,429 files of 1,000 skills took 140–160
 * ms of CPU that way against 17–23 ms with `readFileSync`; `skein validate` of them went from 1.48 to
 * 1.28 s (bench/cold-start.ts). Bytes (archives, images) stay asynchronous.
 */
export const diskFiles: FileSource = {
  read: async (path) => readFileSync(path, 'utf8'),
  readSync: (path) => readFileSync(path, 'utf8'),
  readBytes: (path) => readFile(path),
  exists: (path) => existsSync(path),
  size(path) {
    try {
      const info = statSync(path);
      return info.isFile() ? info.size : undefined;
    } catch {
      return undefined;
    }
  },
  list: async (path) => entries(path, readdirSync(path, { withFileTypes: true })),
  listSync: (path) => entries(path, readdirSync(path, { withFileTypes: true })),
  absolute: (path) => resolve(path),
};
