import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { SkillExecutor } from './skill-context.js';

/**
 * Imports a TS or JS module at run time (through tsx, no build step) and returns its `entry` function:
 * the named export, else a default export that is that function or holds it.
 */
export async function loadEntry(file: string, entry: string): Promise<SkillExecutor> {
  if (!existsSync(file))
    throw new Error(
      `${file} does not exist: a code-mode skill exports ${entry}(input, ctx) from index.ts or index.js in its folder`,
    );
  const exports = (await (
    await import('tsx/esm/api')
  ).tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
  const found = pick(exports, entry) ?? pick(exports.default, entry);
  if (typeof found === 'function') return found as SkillExecutor;
  throw new Error(
    `${file} exports no function "${entry}"; write: export async function ${entry}(input, ctx) { … return { … } }`,
  );
}

function pick(exports: unknown, entry: string): unknown {
  if (typeof exports === 'function') return exports;
  if (typeof exports !== 'object' || exports === null) return undefined;
  const module = exports as Record<string, unknown>;
  // A `.ts` file outside an ESM package compiles to CommonJS, whose exports arrive under `default`.
  return (
    module[entry] ??
    (typeof module.default === 'object' ? (module.default as Record<string, unknown>)[entry] : undefined)
  );
}
