import { createHash } from 'node:crypto';

/** `sha256:<hex>` of some bytes: the digest form of the Agent Skills discovery index (docs/distribution.md). */
export function fileDigest(bytes: Uint8Array | string): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/**
 * A skill's digest from its files' digests, as the discovery index defines it: each file as
 * `path\0hex\n`, sorted by path (byte order), hashed together.
 */
export function skillDigest(files: Readonly<Record<string, string>>): string {
  const hash = createHash('sha256');
  for (const path of Object.keys(files).sort(byteOrder))
    hash.update(`${path}\0${files[path].replace(/^sha256:/, '')}\n`);
  return `sha256:${hash.digest('hex')}`;
}

/** Compares strings by their UTF-8 bytes (the index's sort order), not by UTF-16 code units. */
export function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
