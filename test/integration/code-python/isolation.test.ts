import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { createPythonSandbox } from '../../../src/code/python/index.js';
import { lines, python, TEST_SNAPSHOTS } from '../../helpers/python.js';

// Set before the sandbox starts, to prove the interpreter does not see the host's environment.
process.env.SKEIN_SANDBOX_TEST_SECRET = 'host-secret';
const sandbox = createPythonSandbox({ workers: 1, snapshotDir: TEST_SNAPSHOTS });
let server: Server;
let port = 0;
let connections = 0;

before(async () => {
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
after(async () => {
  await sandbox.close();
  await new Promise((resolve) => server.close(resolve));
});

/** Runs `main` and returns the error message's first line, failing if the code succeeded. */
async function refusal(source: string): Promise<string> {
  const error = await sandbox.run(python(source), {}).then(
    (value) => assert.fail(`expected a refusal, got ${JSON.stringify(value)}`),
    (e: Error) => e,
  );
  return error.message.split('\n')[0];
}

/** A guard that takes the sandbox's import barrier away first, as hostile code would. */
const WITHOUT_IMPORT_GUARD =
  'import sys\nsys.meta_path[:] = [f for f in sys.meta_path if "Refuse" not in repr(f)]\n';

test('host files are not there: open() is refused and the in-memory file system has none of them', async () => {
  assert.equal(
    await refusal('def main(c):\n    return open("/etc/passwd").read()'),
    'PermissionError: open() is not available: the sandbox has no file access (host files are not mounted); take data from the input and return results',
  );
  assert.equal(
    await refusal('import io\ndef main(c):\n    return io.open("/etc/passwd").read()'),
    "FileNotFoundError: [Errno 44] No such file or directory: '/etc/passwd'",
  );
  const seen = await sandbox.run(
    python(
      lines(
        'import os',
        'def main(c):',
        '    return {"root": sorted(os.listdir("/")), "cwd": os.getcwd(), "work": os.path.exists("' +
          process.cwd() +
          '")}',
      ),
    ),
    {},
  );
  assert.deepEqual(seen, { root: ['dev', 'home', 'lib', 'proc', 'tmp'], cwd: '/home/pyodide', work: false });
});

test('the network is closed: socket, urllib and http.client cannot be imported, and a raw socket reaches nothing', async () => {
  const reason =
    'the sandbox has no network access; fetch data in a tool step and pass it in through the input';
  assert.equal(
    await refusal('import socket\ndef main(c):\n    pass'),
    `ImportError: module 'socket' is not available: ${reason}`,
  );
  assert.equal(
    await refusal(
      `import urllib.request\ndef main(c):\n    return urllib.request.urlopen("http://127.0.0.1:${port}/").read()`,
    ),
    `ImportError: module 'urllib.request' is not available: ${reason}`,
  );
  assert.equal(
    await refusal('from http import client\ndef main(c):\n    pass'),
    `ImportError: module 'http.client' is not available: ${reason}`,
  );
  // Past the import guard, the JavaScript side refuses the socket layer: no connection is made.
  const message = await refusal(
    `${WITHOUT_IMPORT_GUARD}import socket\ndef main(c):\n    s = socket.socket()\n    s.connect(("127.0.0.1", ${port}))\n    return {"connected": True}`,
  );
  assert.match(message, /^OSError: \[Errno \d+\]/);
  assert.equal(connections, 0);
});

test('processes cannot be started: subprocess, os.system, os.fork and ctypes fail inside the sandbox', async () => {
  const reason = 'the sandbox cannot start processes or load native code';
  assert.equal(
    await refusal('import subprocess\ndef main(c):\n    subprocess.run(["ls"])'),
    `ImportError: module 'subprocess' is not available: ${reason}`,
  );
  assert.equal(
    await refusal('import os\ndef main(c):\n    os.system("echo escaped")'),
    `PermissionError: os.system() is not available: ${reason}`,
  );
  assert.equal(
    await refusal('import posix\ndef main(c):\n    posix.system("echo escaped")'),
    `PermissionError: os.system() is not available: ${reason}`,
  );
  assert.equal(
    await refusal('import os\ndef main(c):\n    os.fork()'),
    `PermissionError: os.fork() is not available: ${reason}`,
  );
  assert.equal(
    await refusal('import os\ndef main(c):\n    os.popen("ls")'),
    `PermissionError: os.popen() is not available: ${reason}`,
  );
  assert.equal(
    await refusal('import ctypes\ndef main(c):\n    pass'),
    `ImportError: module 'ctypes' is not available: ${reason}`,
  );
});

test('the JavaScript bridge is closed: js, pyodide and pyodide.http cannot be imported', async () => {
  const reason = 'the sandbox has no access to the JavaScript host';
  assert.equal(
    await refusal('import js\ndef main(c):\n    return js.process.pid'),
    `ImportError: module 'js' is not available: ${reason}`,
  );
  assert.equal(
    await refusal('from pyodide.http import pyfetch\ndef main(c):\n    pass'),
    `ImportError: module 'pyodide' is not available: ${reason}`,
  );
  assert.equal(
    await refusal('import _pyodide_core\ndef main(c):\n    pass'),
    `ImportError: module '_pyodide_core' is not available: ${reason}`,
  );
  const modules = await sandbox.run(
    python(
      'import sys\ndef main(c):\n    return sorted(m for m in sys.modules if "pyodide" in m or m in ("js", "socket", "subprocess"))',
    ),
    {},
  );
  assert.deepEqual(modules, []);
});

test("the host's environment variables are not visible", async () => {
  const environ = (await sandbox.run(
    python('import os\ndef main(c):\n    return dict(os.environ)'),
    {},
  )) as Record<string, string>;
  // A fixed, minimal environment: nothing of the host's (Emscripten would add `_` with the host's path).
  assert.deepEqual(environ, { HOME: '/home/pyodide', LANG: 'C.UTF-8', PATH: '/usr/bin:/bin', TZ: 'UTC' });
});

test('input() is refused instead of waiting for a terminal', async () => {
  assert.equal(
    await refusal('def main(c):\n    return input("name? ")'),
    'PermissionError: input() is not available: the sandbox has no standard input; take data from the input argument',
  );
});

test('a call that takes the Python barriers down does not weaken the next call', async () => {
  const vandal = python(
    lines(
      'import sys, os, posix, importlib',
      'def main(c):',
      '    sys.meta_path.pop(0)',
      '    del sys.modules["posix"]',
      '    fresh = importlib.import_module("posix")',
      '    os.system = fresh.system',
      '    return {"system": type(os.system).__name__, "guard_removed": "Refuse" not in repr(sys.meta_path[0])}',
    ),
  );
  assert.deepEqual(await sandbox.run(vandal, {}), {
    system: 'builtin_function_or_method',
    guard_removed: true,
  });
  assert.equal(
    await refusal('import os\ndef main(c):\n    os.system("echo escaped")'),
    'PermissionError: os.system() is not available: the sandbox cannot start processes or load native code',
  );
  assert.equal(
    await refusal('import socket\ndef main(c):\n    pass'),
    "ImportError: module 'socket' is not available: the sandbox has no network access; fetch data in a tool step and pass it in through the input",
  );
});
