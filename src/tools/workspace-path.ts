import { lstat, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** A file inside the workspace: its real location, and its path relative to the workspace (with `/`). */
export interface WorkspacePath {
  real: string;
  relative: string;
}

/**
 * Resolves `path` (relative to the workspace, or absolute inside it) to its real location, and
 * refuses any path that leaves the workspace: by `..`, as an absolute path elsewhere, or through a
 * symbolic link (also one whose target does not exist yet).
 */
export async function resolveInWorkspace(workspace: string, path: string): Promise<WorkspacePath> {
  const root = resolve(workspace);
  const target = resolve(root, path);
  if (!isInside(root, target))
    throw new Error(`"${path}" is outside the workspace (${root}); file tools only reach files inside it`);
  const realRoot = await realpathAllowingMissing(root);
  const real = await realpathAllowingMissing(target);
  if (!isInside(realRoot, real))
    throw new Error(
      `"${path}" leads outside the workspace (${root}) through a symbolic link; file tools only reach files inside it`,
    );
  return { real, relative: relative(realRoot, real).split(sep).join('/') };
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** Like `realpath`, but a missing file or folder resolves through its deepest existing ancestor, and dangling links are followed. */
async function realpathAllowingMissing(path: string, links = 0): Promise<string> {
  try {
    return await realpath(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const stats = await lstat(path).catch(() => undefined);
  if (stats?.isSymbolicLink()) {
    if (links >= 40) throw new Error(`too many symbolic links at ${path}`);
    return realpathAllowingMissing(resolve(dirname(path), await readlink(path)), links + 1);
  }
  const parent = dirname(path);
  if (parent === path) return path;
  return join(await realpathAllowingMissing(parent, links), basename(path));
}
