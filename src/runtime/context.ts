import type { WriteTarget } from '../ir/nodes.js';
import type { Write } from './ports/store.js';

export type Context = Readonly<Record<string, unknown>>;

/**
 * Returns a new context with `writes` applied in order; untouched branches are shared, never copied, and
 * each object on a written path is copied once per call, however many writes go through it. With
 * `inPlace`, the caller owns `context` and nobody else holds it: its own keys are written directly
 * (objects below it are still copied on write), so a long chain does not copy its whole context per step.
 */
export function applyWrites(context: Context, writes: readonly Write[], inPlace = false): Context {
  if (!writes.length) return context;
  let root = inPlace ? (context as Record<string, unknown>) : copy(context);
  // Objects below the root that this call copied, written in place by later writes; made on the first
  // nested write (most writes set a key of the root, and a Set per step costs more than the step's writes).
  let fresh: Set<object> | undefined;
  for (const w of writes) {
    if (!w.path.length) {
      root = copy(isRecord(w.value) ? w.value : undefined);
      continue;
    }
    let obj = root;
    for (let i = 0; i < w.path.length - 1; i++) {
      const cur = Object.hasOwn(obj, w.path[i]) ? obj[w.path[i]] : undefined;
      let child: Record<string, unknown>;
      if (isRecord(cur) && fresh?.has(cur)) child = cur;
      else (fresh ??= new Set()).add((child = copy(isRecord(cur) ? cur : undefined)));
      set(obj, w.path[i], child);
      obj = child;
    }
    set(obj, w.path[w.path.length - 1], w.value);
  }
  return root;
}

/**
 * A shallow copy. Object.assign copies like a spread and is several times faster in V8 here; an own
 * "__proto__" key would set the copy's prototype instead, so such objects are spread.
 */
function copy(obj: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  return obj && Object.hasOwn(obj, '__proto__') ? { ...obj } : Object.assign({}, obj);
}

/** Sets an own field, also one named "__proto__". */
function set(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** The writes a node's value makes through its target: the whole value at a path, or each key of a record. */
export function writesFor(target: WriteTarget, value: unknown): Write[] {
  if ('set' in target) return [{ path: target.set, value }];
  if ('all' in target) return target.all.flatMap((t) => writesFor(t, value));
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
