import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { DistributionError } from './errors.js';

/** Where skills come from (docs/distribution.md, "Sources"). */
export type SkillSource =
  | { kind: 'folder'; path: string }
  | { kind: 'git'; url: string; ref?: string; subpath?: string }
  | { kind: 'tarball'; location: string; subpath?: string }
  | { kind: 'well-known'; index: string };

const WELL_KNOWN = '/.well-known/agent-skills/index.json';
const TARBALL = /\.(?:tar\.gz|tgz|tar)$/i;
const GIT_URL = /^(?:git\+)?(?:https?|ssh|git|file):\/\/|^[\w.-]+@[\w.-]+:/;

/**
 * Reads a SOURCE argument: a folder; a git repository (a URL, or a path with `#`), `#REF` choosing a
 * branch, tag or commit and `:SUBPATH` a folder inside (`repo#v1:skills/pdf`, `repo#:skills`); a
 * tarball (path or URL ending .tar.gz, .tgz or .tar, `#:SUBPATH` allowed); a site or its
 * `/.well-known/agent-skills/index.json`.
 */
export function parseSource(spec: string, cwd: string): SkillSource {
  const hash = spec.indexOf('#');
  const base = hash === -1 ? spec : spec.slice(0, hash);
  const fragment = hash === -1 ? undefined : spec.slice(hash + 1);
  const colon = fragment?.indexOf(':') ?? -1;
  const ref =
    fragment === undefined ? undefined : (colon === -1 ? fragment : fragment.slice(0, colon)) || undefined;
  const subpath = colon === -1 ? undefined : cleanSubpath(fragment!.slice(colon + 1), spec);
  if (!base) throw new DistributionError('source_invalid', `"${spec}" names no source`);
  const web = /^https?:\/\//.test(base);
  if (web && (base.endsWith(WELL_KNOWN) || isSiteRoot(base))) {
    if (fragment !== undefined)
      throw new DistributionError(
        'source_invalid',
        `a site's skills index takes no #ref or :subpath ("${spec}")`,
      );
    return { kind: 'well-known', index: base.endsWith(WELL_KNOWN) ? base : new URL(WELL_KNOWN, base).href };
  }
  if (TARBALL.test(web ? new URL(base).pathname : base)) {
    if (ref)
      throw new DistributionError(
        'source_invalid',
        `a tarball has no refs; write ${base}#:SUBPATH for a folder inside it`,
      );
    return { kind: 'tarball', location: web ? base : resolve(cwd, base), ...(subpath ? { subpath } : {}) };
  }
  if (web || GIT_URL.test(base))
    return { kind: 'git', url: base.replace(/^git\+/, ''), ...opt(ref, subpath) };
  const path = resolve(cwd, base);
  if (!existsSync(path)) throw new DistributionError('source_invalid', `no such file or folder: ${base}`);
  if (
    fragment !== undefined ||
    !statSync(path).isDirectory() ||
    (existsSync(resolve(path, 'HEAD')) && existsSync(resolve(path, 'objects')))
  )
    return { kind: 'git', url: path, ...opt(ref, subpath) };
  return { kind: 'folder', path };
}

/** The source as skein.lock records it: local paths absolute, the ref and subpath kept apart. */
export function describeSource(source: SkillSource): string {
  switch (source.kind) {
    case 'folder':
      return source.path;
    case 'git':
      return source.url;
    case 'tarball':
      return source.location;
    case 'well-known':
      return source.index;
  }
}

/** A source from skein.lock's record of it (the subpath is in each entry's `from`). */
export function lockedSource(type: SkillSource['kind'], source: string, ref?: string): SkillSource {
  switch (type) {
    case 'folder':
      return { kind: 'folder', path: source };
    case 'git':
      return { kind: 'git', url: source, ...(ref ? { ref } : {}) };
    case 'tarball':
      return { kind: 'tarball', location: source };
    case 'well-known':
      return { kind: 'well-known', index: source };
  }
}

function opt(ref: string | undefined, subpath: string | undefined) {
  return { ...(ref ? { ref } : {}), ...(subpath ? { subpath } : {}) };
}

function isSiteRoot(url: string): boolean {
  const { pathname, search } = new URL(url);
  return (pathname === '/' || pathname === '') && !search;
}

/** A subpath inside a source: relative, with `/`, never leaving the source. */
function cleanSubpath(raw: string, spec: string): string | undefined {
  const parts = raw.split('/').filter((p) => p && p !== '.');
  if (raw.startsWith('/') || parts.includes('..'))
    throw new DistributionError('source_invalid', `the subpath in "${spec}" must stay inside the source`);
  return parts.join('/') || undefined;
}
