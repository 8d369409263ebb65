import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DistributionError } from './errors.js';

/** tar-stream, loaded when an archive is first packed or unpacked (serving skills never does). */
const tarStream = async () => (await import('tar-stream')).default;

/**
 * Unpacks a tar or tar.gz archive's regular files under `into`. Links, devices and any entry whose
 * path is absolute or climbs out with `..` are refused, as the discovery index requires of archives.
 */
export async function untar(bytes: Uint8Array, into: string, what: string): Promise<void> {
  const data = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : Buffer.from(bytes);
  const extract = (await tarStream()).extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        try {
          if (header.type === 'file') write(header.name, Buffer.concat(chunks));
          else if (header.type !== 'directory' && !header.type.endsWith('header'))
            throw new DistributionError(
              'source_invalid',
              `${what}: ${header.name} is a ${header.type}, not a file; archives of skills hold files only`,
            );
          next();
        } catch (e) {
          reject(e);
        }
      });
      stream.resume();
    });
    extract.on('finish', resolve);
    extract.on('error', (e: Error) =>
      reject(new DistributionError('source_invalid', `${what} is not a tar archive: ${e.message}`)),
    );
  });
  const write = (name: string, content: Buffer) => {
    const path = posix.normalize(name.replace(/^\.\//, ''));
    if (name.startsWith('/') || path === '..' || path.startsWith('../'))
      throw new DistributionError('source_invalid', `${what}: the entry ${name} leaves the archive`);
    const target = join(into, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  };
  extract.end(data);
  await done;
}

/** A tar.gz archive of files (path → bytes), in the order given, with fixed times so it is reproducible. */
export async function tarGz(files: readonly { path: string; bytes: Uint8Array }[]): Promise<Buffer> {
  const { gzipSync } = await import('node:zlib');
  const pack = (await tarStream()).pack();
  const chunks: Buffer[] = [];
  pack.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve) => pack.on('end', resolve));
  for (const f of files)
    pack.entry({ name: f.path, size: f.bytes.length, mode: 0o644, mtime: new Date(0) }, Buffer.from(f.bytes));
  pack.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}
