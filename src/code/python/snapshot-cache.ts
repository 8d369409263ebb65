// Pyodide's memory right after loading, kept once per process (shared by every sandbox in it) and,
// when a folder is given, on disk for later processes. Starting an interpreter from it takes a
// fraction of a full load. A missing, stale or damaged snapshot only costs a full load: the worker
// falls back to one and sends a fresh snapshot.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Bumped when the worker's load options change, so that snapshots taken with older ones are not used. */
const FORMAT = 1;

let snapshot: Uint8Array | undefined;
const reads = new Map<string, Promise<void>>();

/** The snapshot to start interpreters from, if one has been taken or read. */
export function pyodideSnapshot(): Uint8Array | undefined {
  return snapshot;
}

/** Reads the snapshot an earlier process left in `dir`, once per process and folder; none there is fine. */
export function readPyodideSnapshot(dir: string): Promise<void> {
  let read = reads.get(dir);
  if (!read) {
    read = readFile(snapshotFile(dir)).then(
      (bytes) => void (snapshot ??= shared(bytes)),
      () => {},
    );
    reads.set(dir, read);
  }
  return read;
}

/** Keeps a new snapshot for this process and, with `dir`, writes it there (atomically; failures ignored). */
export function keepPyodideSnapshot(bytes: Uint8Array, dir?: string): void {
  snapshot = shared(bytes);
  if (dir) void writeSnapshot(dir, bytes).catch(() => {});
}

/** Stops using `bytes` (an interpreter could not start from it); a full load will take a new one. */
export function forgetPyodideSnapshot(bytes: Uint8Array): void {
  if (snapshot === bytes) snapshot = undefined;
}

async function writeSnapshot(dir: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dir, { recursive: true });
  const file = snapshotFile(dir);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
}

function snapshotFile(dir: string): string {
  const { version } = createRequire(import.meta.url)('pyodide/package.json') as { version: string };
  return join(dir, `pyodide-${version}-f${FORMAT}.snapshot`);
}

/** A copy in shared memory, so that starting a worker from it does not copy its ~20 MB again. */
function shared(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  copy.set(bytes);
  return copy;
}
