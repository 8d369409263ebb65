import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPythonSandbox, PythonError, SandboxError } from '../../../src/code/python/index.js';
import { lines, python, TEST_SNAPSHOTS } from '../../helpers/python.js';

const sandbox = createPythonSandbox({ workers: 1, snapshotDir: TEST_SNAPSHOTS });
after(() => sandbox.close());

test('a codelet returns a dict built from its context', async () => {
  const code = python(
    lines(
      'def main(context):',
      '    email = context.get("user_email", "")',
      '    return {"is_valid": "@" in email, "normalized": email.lower()}',
    ),
  );
  assert.deepEqual(await sandbox.run(code, { user_email: 'Ana@Example.COM' }), {
    is_valid: true,
    normalized: 'ana@example.com',
  });
});

test('the input arrives as nested dicts and lists with Unicode intact, and comes back the same', async () => {
  const input = { 城市: '上海', nested: { list: [1, 2.5, null, true, 'ü€😀'], empty: {} }, n: -3 };
  const code = python(
    lines(
      'def main(context):',
      '    return {"echo": context, "types": [type(v).__name__ for v in context["nested"]["list"]]}',
    ),
  );
  assert.deepEqual(await sandbox.run(code, input), {
    echo: input,
    types: ['int', 'float', 'NoneType', 'bool', 'str'],
  });
});

test('non-dict results, tuples and the entry name are passed through', async () => {
  assert.deepEqual(await sandbox.run(python('def route(c):\n    return ("a", 1)', 'route'), null), ['a', 1]);
  assert.equal(await sandbox.run(python('def main(c):\n    return None'), {}), null);
});

test('a Python exception comes back with its type, message and the traceback of the user code', async () => {
  const code = python(
    lines(
      'def ratio(a, b):',
      '    return a / b',
      '',
      'def main(context):',
      '    print("computing", context["a"])',
      '    return {"r": ratio(context["a"], 0)}',
    ),
  );
  const error = await sandbox.run(code, { a: 1 }).then(
    () => assert.fail('expected an error'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof PythonError);
  assert.equal(error.code, 'python_error');
  assert.equal(error.pythonType, 'ZeroDivisionError');
  assert.equal(error.line, 2);
  assert.equal(
    error.message,
    lines(
      'ZeroDivisionError: division by zero',
      'Traceback (most recent call last):',
      '  File "<code>", line 6, in main',
      '    return {"r": ratio(context["a"], 0)}',
      '  File "<code>", line 2, in ratio',
      '    return a / b',
      'Printed before the error:',
      '  computing 1',
    ),
  );
});

test('a syntax error shows the line with a caret', async () => {
  await assert.rejects(sandbox.run(python('def main(context:\n    return {}'), {}), {
    name: 'PythonError',
    code: 'python_error',
    message: lines(
      "SyntaxError: '(' was never closed",
      '  File "<code>", line 1',
      '    def main(context:',
      '            ^',
    ),
  });
});

test('source without the entry function is a clear error', async () => {
  await assert.rejects(sandbox.run(python('def helper(context):\n    return {}'), {}), {
    code: 'no_entry',
    message: lines(
      'NameError: the code defines no function main(); define it at the top level, for example:',
      'def main(context):',
      '    return {"result": ...}',
    ),
  });
  await assert.rejects(sandbox.run(python('main = 3'), {}), {
    code: 'no_entry',
    message: 'TypeError: main is a int, not a function; define def main(context): ...',
  });
});

test('a result that is not JSON names the offending value', async () => {
  await assert.rejects(sandbox.run(python('def main(c):\n    return {"items": [1, {"tags": {"a"}}]}'), {}), {
    code: 'not_json',
    message:
      "TypeError: main() returned a value that is not JSON: the result['items'][1]['tags'] is of type set. Return only dicts with string keys, lists, strings, numbers (not NaN or infinity), booleans and None; convert sets to lists and dates to ISO strings.",
  });
  await assert.rejects(
    sandbox.run(python('def main(c):\n    return {"x": float("nan")}'), {}),
    /the result\['x'\] is nan\./,
  );
});

test('an input that is not JSON is refused before Python runs', async () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  await assert.rejects(
    sandbox.run(python('def main(c):\n    return c'), cyclic),
    (e: unknown) => e instanceof SandboxError && e.code === 'not_json' && /not JSON/.test(e.message),
  );
});

test('a missing module points at the standard library', async () => {
  await assert.rejects(sandbox.run(python('import numpy\ndef main(c):\n    return {}'), {}), {
    message:
      /^ModuleNotFoundError: No module named 'numpy' \(the sandbox has the Python standard library only; no other packages are installed\)\n/,
  });
});

test('code can come from a file, which tracebacks name', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-sandbox-'));
  const file = join(dir, 'validate.py');
  writeFileSync(
    file,
    'import json\n\ndef validate(payload):\n    if not payload.get("ok"):\n        raise ValueError("not ok")\n    return {"action": "continue"}\n',
  );
  const code = { language: 'python' as const, file, entry: 'validate' };
  assert.deepEqual(await sandbox.run(code, { ok: true }), { action: 'continue' });
  await assert.rejects(sandbox.run(code, { ok: false }), {
    message: `ValueError: not ok\nTraceback (most recent call last):\n  File "${file}", line 5, in validate\n    raise ValueError("not ok")`,
  });
  await assert.rejects(
    sandbox.run({ language: 'python', file: join(dir, 'missing.py'), entry: 'main' }, {}),
    { code: 'bad_code', message: /^cannot read the Python file .*missing\.py: ENOENT/ },
  );
  rmSync(dir, { recursive: true, force: true });
});

test('specs the sandbox cannot run are refused with what to give instead', async () => {
  await assert.rejects(sandbox.run({ language: 'typescript', source: '', entry: 'main' }, {}), {
    code: 'bad_code',
    message: "the Python sandbox cannot run typescript code; give language: 'python'",
  });
  await assert.rejects(sandbox.run(python('def main(c): pass', 'main()'), {}), {
    code: 'bad_code',
    message: 'the entry "main()" is not a Python function name; use a name like main',
  });
  await assert.rejects(sandbox.run({ language: 'python', entry: 'main' }, {}), {
    code: 'bad_code',
    message: /neither source nor file/,
  });
});

test('calls do not share state: each runs in a fresh module namespace', async () => {
  const first = python(
    lines(
      'counter = 0',
      'def main(c):',
      '    global counter',
      '    counter += 1',
      '    __builtins__["len"] = lambda x: -1',
      '    return {"counter": counter, "leak": 42}',
    ),
  );
  const second = python(
    lines('def main(c):', '    return {"has_counter": "counter" in globals(), "len": len([1, 2])}'),
  );
  assert.deepEqual(await sandbox.run(first, {}), { counter: 1, leak: 42 });
  assert.deepEqual(await sandbox.run(first, {}), { counter: 1, leak: 42 });
  assert.deepEqual(await sandbox.run(second, {}), { has_counter: false, len: 2 });
  assert.equal(sandbox.stats().started, 1);
});

test('deep recursion is folded in the traceback as Python folds it', async () => {
  const code = python(lines('def f(n):', '    return f(n + 1)', '', 'def main(context):', '    return f(0)'));
  const error = await sandbox.run(code, {}).then(
    () => assert.fail('expected an error'),
    (e: Error) => e,
  );
  assert.match(
    error.message,
    /^RecursionError: maximum recursion depth exceeded\nTraceback \(most recent call last\):\n {2}File "<code>", line 5, in main\n {4}return f\(0\)\n( {2}File "<code>", line 2, in f\n {4}return f\(n \+ 1\)\n){3} {2}\[Previous line repeated \d+ more times\]$/,
  );
});

test('an async entry is refused with how to write it', async () => {
  await assert.rejects(sandbox.run(python('async def main(context):\n    return {}'), {}), {
    code: 'not_json',
    message:
      'TypeError: main() is defined with async def; define it with def (code in the sandbox runs synchronously)',
  });
});
