import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isInstalled, requireFeature } from '../../ir/optional-packages.js';

const TYPESCRIPT = /\.[cm]?tsx?$/;

/** tsx's loader, registered once per process under a namespace of Skein's own. */
type TsxNamespace = { import: (specifier: string, parentURL: string) => Promise<unknown> };
let tsx: Promise<TsxNamespace> | undefined;

/**
 * Imports a user's module (a tool module, a code skill) at run time: through tsx when it is installed,
 * so TypeScript needs no build step and ES modules and CommonJS mix as in a project; without tsx, a
 * JavaScript file by Node's own import, and a TypeScript one is a MissingDependencyError. A file is
 * imported once per version: an edited file (another modification time) is imported afresh, an
 * unchanged one is Node's cached module. tsx is registered once per process: its `tsImport` registers
 * a loader per call, ~200 ms each, which 50 Skeins of one process paid one after another.
 */
export async function importUserModule(file: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file);
  url.searchParams.set('v', String(statSync(file).mtimeMs));
  if (!isInstalled('tsx')) {
    if (TYPESCRIPT.test(file)) requireFeature('typescript');
    return (await import(url.href)) as Record<string, unknown>;
  }
  tsx ??= import('tsx/esm/api').then((api) => api.register({ namespace: 'skein-user-modules' }));
  return (await (await tsx).import(url.href, import.meta.url)) as Record<string, unknown>;
}

/** Requires a CommonJS file (tsx's require when installed, so it may be TypeScript; else Node's). */
export async function requireUserModule(file: string): Promise<Record<string, unknown>> {
  if (!isInstalled('tsx')) {
    if (TYPESCRIPT.test(file)) requireFeature('typescript');
    const { createRequire } = await import('node:module');
    return createRequire(import.meta.url)(file) as Record<string, unknown>;
  }
  return (await import('tsx/cjs/api')).require(file, import.meta.url) as Record<string, unknown>;
}
