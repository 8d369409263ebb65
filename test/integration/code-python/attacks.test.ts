import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPythonSandbox } from '../../../src/code/python/index.js';
import { lines, python, TEST_SNAPSHOTS } from '../../helpers/python.js';

// The attacks of issue 11 on one interpreter: each is refused, or undone before the next call.
const sandbox = createPythonSandbox({
  workers: 1,
  snapshotDir: TEST_SNAPSHOTS,
  timeoutMs: 3000,
  graceMs: 500,
});
after(() => sandbox.close());

const DUMPS = python(
  'import json\ndef main(c):\n    return {"text": json.dumps({"a": [1, 2]}), "back": json.loads("[3]")}',
);
const CLEAN = { text: '{"a": [1, 2]}', back: [3] };

/** The first line of the error a call fails with. */
async function failure(source: string): Promise<string> {
  const error = await sandbox.run(python(source), {}).then(
    (value) => assert.fail(`expected a failure, got ${JSON.stringify(value)}`),
    (e: Error) => e,
  );
  return error.message.split('\n')[0];
}

test('patches of json, its classes and collections do not reach the next call', async () => {
  // The patching call's own answer goes through the patched encoder: forged, or refused as broken.
  const patched = await sandbox
    .run(
      python(
        lines(
          'import json, collections, json.decoder',
          'def main(c):',
          '    json.dumps = lambda *a, **k: "forged"',
          '    json.loads = lambda *a, **k: ["forged"]',
          '    json.JSONEncoder.iterencode = lambda *a, **k: iter(["forged"])',
          '    json._default_decoder.parse_object = lambda *a, **k: "forged"',
          '    json.decoder.BACKSLASH["n"] = "forged"',
          '    collections.OrderedDict = dict',
          '    import sys; sys.setrecursionlimit(50)',
          '    return {"patched": json.dumps(1)}',
        ),
      ),
      {},
    )
    .catch((e: Error) => e.message);
  assert.match(String(patched), /broke the sandbox's answer/);
  assert.deepEqual(await sandbox.run(DUMPS, {}), CLEAN);
  assert.deepEqual(
    await sandbox.run(
      python(
        'import collections, sys\ndef main(c):\n    return [collections.OrderedDict.__name__, sys.getrecursionlimit() > 50]',
      ),
      {},
    ),
    ['OrderedDict', true],
  );
});

test('a call that patches json.dumps and then raises fails alone: the host stays up and the next call works', async () => {
  const message = await failure(
    lines(
      'import json',
      'def main(c):',
      '    json.dumps = lambda *a, **k: "not json {"',
      '    json.JSONEncoder.encode = lambda *a, **k: "not json {"',
      '    raise ValueError("boom")',
    ),
  );
  assert.match(message, /ValueError: boom|broke the sandbox's answer/);
  assert.deepEqual(await sandbox.run(DUMPS, {}), CLEAN);
});

test('no route to the JavaScript bridge: _pyodide_core and _imp by every import mechanism', async () => {
  const bridge = 'the sandbox has no access to the JavaScript host';
  assert.equal(
    await failure(
      lines(
        'import importlib.machinery as m',
        'def main(c):',
        '    return str(m.BuiltinImporter.create_module(m.ModuleSpec("_pyodide_core", m.BuiltinImporter)))',
      ),
    ),
    `ImportError: module '_pyodide_core' is not available: ${bridge}`,
  );
  assert.equal(
    await failure(
      'import sys, importlib\ndef main(c):\n    sys.modules.pop("_imp", None)\n    return str(importlib.import_module("_imp"))',
    ),
    `ImportError: module '_imp' is not available: ${bridge}`,
  );
  assert.equal(
    await failure(
      'import _imp, importlib.machinery as m\ndef main(c):\n    return str(_imp.create_builtin(m.ModuleSpec("_pyodide_core", None)))',
    ),
    `ImportError: module '_pyodide_core' is not available: ${bridge}`,
  );
  // Checked from inside: nothing reachable from any loaded module is a JavaScript object or a Pyodide module.
  const found = await sandbox.run(
    python(
      lines(
        'import sys',
        'def main(c):',
        '    bad = []',
        '    for name, module in list(sys.modules.items()):',
        '        for key, value in list(vars(module).items()):',
        '            kind = type(value)',
        '            if "pyodide" in (kind.__module__ or "") or "JsProxy" in kind.__name__ or "pyodide" in getattr(value, "__name__", "") if isinstance(getattr(value, "__name__", ""), str) else False:',
        '                bad.append(name + "." + key)',
        '    return bad',
      ),
    ),
    {},
  );
  assert.deepEqual(found, []);
});

test('frames, gc walks and code replacement, the ways to the sandbox internals, are refused', async () => {
  const internals = "is not available in the sandbox: it would reach the sandbox's own objects";
  assert.equal(
    await failure('import gc\ndef main(c):\n    return len(gc.get_objects())'),
    `SandboxRefusal: gc.get_objects()${' ' + internals}`,
  );
  assert.equal(
    await failure('import sys\ndef main(c):\n    return sys._getframe(1).f_globals["__name__"]'),
    `SandboxRefusal: sys._getframe()${' ' + internals}`,
  );
  assert.equal(
    await failure(
      'def main(c):\n    try:\n        raise Exception()\n    except Exception as e:\n        return str(e.__traceback__.tb_frame.f_back)',
    ),
    `SandboxRefusal: tb_frame ${internals}`,
  );
  assert.equal(
    await failure('import json\ndef main(c):\n    json.dumps.__code__ = (lambda *a, **k: "x").__code__'),
    `SandboxRefusal: setting __code__ ${internals}`,
  );
  // Builtins that the sandbox replaced lead only to the barriers' own namespace, restored after each call.
  const reached = await sandbox.run(
    python(
      'def main(c):\n    g = open.__globals__\n    g.clear()\n    return sorted(k for k in ("_STATE", "_run", "_trusted_frames") if k in g)',
    ),
    {},
  );
  assert.deepEqual(reached, []);
  assert.match(
    await failure('def main(c):\n    return open("/etc/passwd").read()'),
    /^PermissionError: open\(\) is not available/,
  );
});

test('no JavaScript runs from Python: no Function constructor, no timers outliving a call', async () => {
  // The worker refuses to start unless its lock holds (checked inside the worker at boot); here
  // a time-consuming call ends, and the interpreter still answers, nothing left running.
  assert.match(
    await failure(
      'def main(c):\n    while True:\n        try:\n            pass\n        except BaseException:\n            pass',
    ),
    /time limit/,
  );
  assert.deepEqual(await sandbox.run(DUMPS, {}), CLEAN);
});

test('files written in one call are gone in the next, and the standard library cannot be overwritten', async () => {
  assert.deepEqual(
    await sandbox.run(
      python(
        'import os\ndef main(c):\n    import io\n    with io.open("/tmp/secret.txt", "w") as f:\n        f.write(c["secret"])\n    return os.listdir("/tmp")',
      ),
      { secret: 'user-a' },
    ),
    ['secret.txt'],
  );
  assert.deepEqual(
    await sandbox.run(python('import os\ndef main(c):\n    return os.listdir("/tmp") + os.listdir(".")'), {}),
    [],
  );
  assert.match(
    await failure('import io\ndef main(c):\n    io.open("/lib/python3.13/csv.py", "w").write("x")'),
    /^PermissionError: writing '\/lib\/python3.13\/csv.py' is not allowed/,
  );
  assert.match(
    await failure('import io\ndef main(c):\n    io.open("/tmp/../lib/python3.13/zz.py", "w").write("x")'),
    /^PermissionError: writing/,
  );
  assert.match(
    await failure('import os\ndef main(c):\n    os.symlink("/lib", "/tmp/lib")'),
    /^PermissionError: os.symlink\(\) is not available/,
  );
});

test('the battery: recursion and memory bombs, huge output, an exception-swallowing loop; each bounded, the next call works', async () => {
  assert.match(
    await failure('def main(c):\n    def f(n):\n        return f(n + 1)\n    return f(0)'),
    /^RecursionError/,
  );
  assert.match(await failure('def main(c):\n    return "x" * (2 ** 40)'), /MemoryError|OverflowError/);
  const printed = await failure(
    'def main(c):\n    for i in range(5000):\n        print("line", i)\n    raise ValueError("after output")',
  );
  assert.equal(printed, 'ValueError: after output');
  assert.match(
    await failure(
      'def main(c):\n    while True:\n        try:\n            while True:\n                pass\n        except BaseException:\n            continue',
    ),
    /time limit/,
  );
  assert.deepEqual(await sandbox.run(DUMPS, {}), CLEAN);
});
