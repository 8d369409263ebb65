const SEGMENT = /^[A-Za-z0-9_-]+$/;

/** The meta block's path. */
export const META_PATH = '/__meta__';

/**
 * What is wrong with a path written in a heading or a reference, or undefined when it is valid: it starts
 * with `/`, its parts hold only letters, digits, `_` and `-`, and only a subgraph's path may end with `/`.
 */
export function pathProblem(path: string): string | undefined {
  const example = 'e.g. /main/ask_user';
  if (!path) return `the path is empty; write one such as \`/main/ask_user\``;
  if (!path.startsWith('/')) return `"${path}" must start with /, ${example}`;
  if (path === '/') return `"/" names nothing; ${example}`;
  const body = path.endsWith('/') ? path.slice(1, -1) : path.slice(1);
  for (const part of body.split('/')) {
    if (!part) return `"${path}" has an empty part (//); ${example}`;
    if (SEGMENT.test(part)) continue;
    if (part.includes('@'))
      return `"${path}" has a version (@…); versioned library paths are not supported: name a node or subgraph of this file`;
    const bad = [...part].find((c) => !SEGMENT.test(c))!;
    return `"${path}" contains ${bad === ' ' ? 'a space' : `"${bad}"`}; path parts hold only letters, digits, _ and -, ${example}`;
  }
  return undefined;
}

/** A path without its trailing `/` (a subgraph's path is written `/auth/` or `/auth`). */
export function withoutSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The namespace a path is in: `/main/a` → `/main`, `/end` → `` (the root). */
export function namespaceOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

/** The last part of a path: its local id. */
export function localId(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Resolves a reference written in `namespace`: absolute paths stay, others are relative to it (`b` → `/main/b`). */
export function resolvePath(reference: string, namespace: string): string {
  return withoutSlash(reference.startsWith('/') ? reference : `${namespace}/${reference}`);
}
