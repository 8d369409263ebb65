import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileDigest, skillDigest } from './digest.js';
import { DistributionError } from './errors.js';
import { untar } from './tarball.js';

/** One skill of a discovery index (v0.2.0), as far as Skein reads it. */
interface IndexSkill {
  name: string;
  description?: string;
  digest: string;
  files: { path: string; digest: string }[];
  package?: { url: string; digest: string };
}

const NAME = /^[a-z0-9](?:[a-z0-9]|-(?!-)){0,62}[a-z0-9]$|^[a-z0-9]$/;
/** The index's path rule: printable ASCII without \ ? # [ ], relative, no `..` segment. */
const PATH = /^[\x20-\x7e]+$/;

/**
 * Downloads every skill a site's `/.well-known/agent-skills/index.json` lists into `into/<name>/`,
 * from its package or file by file, checking each file's digest and the skill's (docs/distribution.md).
 */
export async function fetchWellKnown(indexUrl: string, into: string): Promise<void> {
  const index = await getJson(indexUrl);
  const version = typeof index?.version === 'string' ? index.version : '0.1.0';
  if (!/^0\.\d+\.\d+$/.test(version))
    throw new DistributionError(
      'source_invalid',
      `${indexUrl}: index version ${version} is not one Skein reads (0.x)`,
    );
  if (!Array.isArray(index.skills))
    throw new DistributionError('source_invalid', `${indexUrl}: no "skills" array`);
  for (const raw of index.skills as unknown[]) {
    const skill = checkEntry(raw, indexUrl);
    const folder = join(into, skill.name);
    if (skill.package)
      await fromPackage(
        skill,
        new URL(skill.package.url, indexUrl).href,
        folder,
        join(dirname(into), 'packages', skill.name),
      );
    else
      for (const f of skill.files)
        put(folder, f.path, await getBytes(new URL(`${skill.name}/${f.path}`, indexUrl).href), f.digest);
    const got = skillDigest(Object.fromEntries(skill.files.map((f) => [f.path, f.digest])));
    if (got !== skill.digest)
      throw new DistributionError(
        'digest_mismatch',
        `${skill.name}: the index's skill digest ${skill.digest} is not that of its files (${got})`,
      );
  }
}

async function fromPackage(skill: IndexSkill, url: string, folder: string, staging: string): Promise<void> {
  const bytes = await getBytes(url);
  if (fileDigest(bytes) !== skill.package!.digest)
    throw new DistributionError(
      'digest_mismatch',
      `${skill.name}: the package ${url} does not match its digest`,
    );
  await untar(bytes, staging, url);
  for (const f of skill.files) put(folder, f.path, readFileSync(join(staging, f.path)), f.digest);
}

function put(folder: string, path: string, bytes: Uint8Array, digest: string): void {
  if (fileDigest(bytes) !== digest)
    throw new DistributionError(
      'digest_mismatch',
      `${folder}/${path}: the bytes served do not match the index's digest ${digest}`,
    );
  const target = join(folder, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, bytes);
}

function checkEntry(raw: unknown, indexUrl: string): IndexSkill {
  const s = raw as IndexSkill;
  const bad = (why: string) => new DistributionError('source_invalid', `${indexUrl}: ${why}`);
  if (typeof s?.name !== 'string' || !NAME.test(s.name))
    throw bad(`a skill's name ${JSON.stringify(s?.name)} breaks the naming rule`);
  if (typeof s.digest !== 'string')
    throw bad(`${s.name} has no digest; Skein installs only what it can check`);
  if (!Array.isArray(s.files) || !s.files.some((f) => f?.path === 'SKILL.md'))
    throw bad(`${s.name}: "files" must list SKILL.md with its digest`);
  for (const f of s.files) {
    if (typeof f === 'string') throw bad(`${s.name}: files without digests (index v0.1) cannot be checked`);
    const p = f.path;
    if (
      typeof p !== 'string' ||
      !PATH.test(p) ||
      /[\\?#[\]]/.test(p) ||
      p.startsWith('/') ||
      p.split('/').includes('..')
    )
      throw bad(`${s.name}: the file path ${JSON.stringify(p)} is not allowed`);
  }
  return s;
}

async function getJson(url: string): Promise<{ version?: unknown; skills?: unknown }> {
  const text = Buffer.from(await getBytes(url)).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new DistributionError('source_invalid', `${url} is not JSON`);
  }
}

async function getBytes(url: string): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'follow' });
  } catch (e) {
    throw new DistributionError('source_unreachable', `cannot fetch ${url}: ${(e as Error).message}`, {
      cause: e,
    });
  }
  if (!res.ok) throw new DistributionError('source_unreachable', `${url} answered ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** Downloads a file (a tarball); the network errors become `source_unreachable`. */
export const download = getBytes;
