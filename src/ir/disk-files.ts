import { existsSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
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

/** The disk, as the skills path and named files are read (ARCHITECTURE.md, "File sources"). */
export const diskFiles: FileSource = {
  read: (path) => readFile(path, 'utf8'),
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
  list: async (path) => entries(path, await readdir(path, { withFileTypes: true })),
  listSync: (path) => entries(path, readdirSync(path, { withFileTypes: true })),
  absolute: (path) => resolve(path),
};
