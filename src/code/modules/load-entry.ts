import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { importUserModule, requireUserModule } from './import-module.js';
import type { SkillExecutor } from './skill-context.js';

/**
 * Imports a TS or JS module at run time (TypeScript through tsx, no build step) and returns its `entry` function:
 * the named export, else a default export that is that function or holds it.
 */
export async function loadEntry(file: string, entry: string): Promise<SkillExecutor> {
  if (!existsSync(file))
    throw new Error(
      `${file} does not exist: a code-mode skill exports ${entry}(input, ctx) from index.ts or index.js in its folder`,
    );
  // A file that is CommonJS by Node's rules (no "type": "module" above it) is required: its stack frames
  // then name the file and its lines, where tsx's import would show a data: URL of compiled code. tsx
  // loads with the first code module.
  const path = resolve(file);
  const exports = isModule(path) ? await importUserModule(path) : await requireUserModule(path);
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

/** Whether Node reads the file as an ES module: .mts/.mjs, or .ts/.js under a package.json with "type": "module". */
function isModule(file: string): boolean {
  if (/\.m[tj]s$/.test(file)) return true;
  if (/\.c[tj]s$/.test(file)) return false;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: string }).type === 'module';
      } catch {
        return false;
      }
    }
    if (dirname(dir) === dir) return false;
  }
}
