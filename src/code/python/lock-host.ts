// Runs inside an interpreter worker, after Pyodide has loaded.
import { Module, register } from 'node:module';

/** A module-loader hook that refuses every import made in this thread from now on. */
const REFUSE_IMPORTS = `export async function resolve(specifier) {
  throw new Error('import of ' + specifier + ' is refused in the Python sandbox');
}`;

/** Globals of a worker through which JavaScript reaches the host (CommonJS ones exist under tsx). */
const HOST_GLOBALS = [
  'process',
  'require',
  'module',
  'exports',
  '__filename',
  '__dirname',
  '_createPyodideModule',
  'fetch',
  'WebSocket',
  'EventSource',
  'XMLHttpRequest',
  'eval',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'queueMicrotask',
];

/** The constructors that compile a string into code: `Function`, and the async and generator kinds. */
const CODE_CONSTRUCTORS = [function () {}, async function () {}, function* () {}, async function* () {}].map(
  (f) => Object.getPrototypeOf(f) as { constructor: unknown },
);

/**
 * The JavaScript-side barrier behind the Python one, for code that gets past the Python guards
 * into the worker's JavaScript. Once Pyodide has loaded, the worker needs no module but `crypto`
 * (random numbers): CommonJS loading (`Module._load`, behind every `require`) — which Emscripten's system() and socket layer use to load
 * `child_process` and `ws` — refuses everything else, throwing `errno()` so that a system call
 * fails with EPERM inside Python; every further ESM import is refused by a loader hook; and the
 * globals that lead to the host (`process`, Pyodide's `require`, the web network APIs) are removed,
 * and so are `eval` and the timers (code that outlives its call); the constructors that compile
 * strings (`Function` and its kin, reached as `anyFunction.constructor`) throw. Checked at once:
 * a worker whose lock does not hold refuses to start.
 */
export function lockHost(errno: () => Error): void {
  const loader = Module as unknown as { _load(id: string, parent: unknown, isMain: boolean): unknown };
  const load = loader._load;
  loader._load = function (id: string, parent: unknown, isMain: boolean) {
    if (id.replace(/^node:/, '') !== 'crypto') throw errno();
    return load.call(this, id, parent, isMain);
  };
  register(`data:text/javascript,${encodeURIComponent(REFUSE_IMPORTS)}`);
  const global = globalThis as Record<string, unknown>;
  for (const name of HOST_GLOBALS) delete global[name];
  for (const prototype of CODE_CONSTRUCTORS)
    Object.defineProperty(prototype, 'constructor', {
      value: refuseCode,
      writable: false,
      configurable: false,
    });
  checkLocked();
}

function refuseCode(): never {
  throw new Error('compiling code from strings is refused in the Python sandbox');
}

/** Throws unless the lock holds: no way left from a JavaScript object to code compiled from a string, or to a timer. */
function checkLocked(): void {
  const global = globalThis as Record<string, unknown>;
  const left = HOST_GLOBALS.filter((name) => name in global);
  let compiled = false;
  try {
    (Array.constructor as (code: string) => unknown)('return 1');
    compiled = true;
  } catch {
    // Refused, as it should be.
  }
  if (left.length || compiled)
    throw new Error(
      `the sandbox's JavaScript lock did not hold (${[...left, compiled ? 'Function' : ''].join(' ')})`,
    );
}
