import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { importUserModule } from '../code/modules/import-module.js';
import { MissingDependencyError } from '../ir/optional-packages.js';
import { ToolModuleError } from './errors.js';
import type { Tool } from '../runtime/index.js';

/**
 * Imports each TS or JS module at run time (TypeScript through tsx, no build step) and returns the tools it
 * exports: the default export (a tool, or an array of tools) and every named export that is a tool.
 */
export async function loadToolModules(paths: readonly string[]): Promise<Tool[]> {
  const tools: Tool[] = [];
  for (const path of paths) tools.push(...(await loadToolModule(resolve(path))));
  return tools;
}

async function loadToolModule(file: string): Promise<Tool[]> {
  if (!existsSync(file)) throw new ToolModuleError(file, 'file not found');
  let exports: Record<string, unknown>;
  try {
    exports = await importUserModule(file);
  } catch (e) {
    if (e instanceof MissingDependencyError) throw e;
    throw new ToolModuleError(file, `could not be loaded: ${(e as Error).message}`, { cause: e });
  }
  const found = new Set<Tool>();
  for (const [name, value] of Object.entries(unwrapCommonJs(exports))) {
    if (isTool(value)) found.add(value);
    else if (name === 'default' && Array.isArray(value))
      value.forEach((item, i) => {
        if (!isTool(item))
          throw new ToolModuleError(
            file,
            `item ${i} of the default export is not a tool (make each one with defineTool({ name, description, execute }))`,
          );
        found.add(item);
      });
  }
  if (!found.size)
    throw new ToolModuleError(
      file,
      'exports no tool; write `export default defineTool({ name, description, execute })`',
    );
  for (const tool of found) tool.source ??= `module ${file}`;
  return [...found];
}

/** A `.ts` file outside an ESM package compiles to CommonJS, whose exports arrive one level down, under `default`. */
function unwrapCommonJs(exports: Record<string, unknown>): Record<string, unknown> {
  const inner = exports.default as Record<string, unknown> | undefined;
  return inner && typeof inner === 'object' && inner.__esModule === true ? inner : exports;
}

function isTool(value: unknown): value is Tool {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Tool>;
  return typeof candidate.name === 'string' && typeof candidate.execute === 'function';
}
