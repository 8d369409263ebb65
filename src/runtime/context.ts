import type { WriteTarget } from '../ir/nodes.js';
import type { Write } from './store.js';

export type Context = Readonly<Record<string, unknown>>;

/** Returns a new context with `writes` applied; untouched branches are shared, never copied. */
export function applyWrites(context: Context, writes: readonly Write[]): Context {
  let out = context;
  for (const w of writes) out = setPath(out, w.path, 0, w.value) as Context;
  return out;
}

function setPath(obj: unknown, path: readonly string[], i: number, value: unknown): unknown {
  if (i === path.length) return value;
  const base = isRecord(obj) ? obj : {};
  return { ...base, [path[i]]: setPath(base[path[i]], path, i + 1, value) };
}

/** The writes a node's value makes through its target: the whole value at a path, or each key of a record. */
export function writesFor(target: WriteTarget, value: unknown): Write[] {
  if ('set' in target) return [{ path: target.set, value }];
  if (value === undefined || value === null) return [];
  if (!isRecord(value)) throw new Error(`expected a record of outputs, got ${typeof value}`);
  return Object.entries(value).map(([k, v]) => ({ path: [...target.merge, k], value: v }));
}

/** Reads a value at a path, or undefined. */
export function getPath(obj: unknown, path: readonly string[]): unknown {
  let cur = obj;
  for (const seg of path) {
    if (!isRecord(cur)) return undefined;
    cur = cur[seg];
  }
  return cur;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
