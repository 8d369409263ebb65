import { pathToFileURL } from 'node:url';
import { isInstalled, requireFeature } from '../../ir/optional-packages.js';

const TYPESCRIPT = /\.[cm]?tsx?$/;

/**
 * Imports a user's module (a tool module, a code skill) at run time: through tsx when it is installed,
 * so TypeScript needs no build step and ES modules and CommonJS mix as in a project; without tsx, a
 * JavaScript file by Node's own import, and a TypeScript one is a MissingDependencyError.
 */
export async function importUserModule(file: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file).href;
  if (!isInstalled('tsx')) {
    if (TYPESCRIPT.test(file)) requireFeature('typescript');
    return (await import(url)) as Record<string, unknown>;
  }
  return (await (await import('tsx/esm/api')).tsImport(url, import.meta.url)) as Record<string, unknown>;
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
