import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPythonSandbox } from '../../../src/code/python/index.js';
import { lines, python, TEST_SNAPSHOTS } from '../../helpers/python.js';

// State that lives outside module dicts and class attributes: closure cells, caches held by
// functools.lru_cache and by re, the codec registry, copyreg, atexit, audit hooks, warnings filters,
// json's decoder. One call plants something in each; the next call, on the same interpreter, must not
// see it. One worker, so both calls run on one interpreter.
const sandbox = createPythonSandbox({ workers: 1, snapshotDir: TEST_SNAPSHOTS });
after(() => sandbox.close());

/** Runs `plant` in one call, then `probe` in the next; returns the probe's answer. */
async function afterPlant(plant: string[], probe: string[]): Promise<unknown> {
  await sandbox.run(python(lines('def main(c):', ...plant.map((l) => `    ${l}`), '    return True')), {});
  return sandbox.run(python(lines('def main(c):', ...probe.map((l) => `    ${l}`))), {});
}

test('closure cells of library functions: a replaced cell does not reach the next call', async () => {
  const answer = await afterPlant(
    [
      'import typing',
      'f = type(typing.List).__getitem__',
      'for cell in f.__closure__:',
      '    if callable(cell.cell_contents):',
      '        cell.cell_contents = lambda *a, **k: "forged"',
    ],
    ['import typing', 'return repr(typing.List[int])'],
  );
  assert.equal(answer, 'typing.List[int]');
});

test('objects held by lru_cache caches (urllib.parse quoting, typing aliases) come back unchanged', async () => {
  const answer = await afterPlant(
    [
      'import urllib.parse, typing',
      'urllib.parse.quote("a/b")',
      'urllib.parse._byte_quoter_factory("/").__self__[ord("a")] = "FORGED"',
      'typing.List[int].__origin__ = dict',
    ],
    [
      'import urllib.parse, typing',
      'return [urllib.parse.quote("a/b"), typing.get_origin(typing.List[int]).__name__]',
    ],
  );
  assert.deepEqual(answer, ['a/b', 'list']);
});

test("re's pattern cache: a forged entry does not reach the next call", async () => {
  const answer = await afterPlant(
    [
      'import re',
      'for name in dir(re):',
      '    cache = getattr(re, name)',
      '    if name.startswith("_cache") and type(cache) is dict:',
      '        cache[(str, "skein-secret", 0)] = re.compile("forged")',
    ],
    ['import re', 'return re.compile("skein-secret").pattern'],
  );
  assert.equal(answer, 'skein-secret');
});

test('the codec registry: a codec one call registers (and looked up, so cached) is unknown to the next', async () => {
  const answer = await afterPlant(
    [
      'import codecs',
      'info = codecs.CodecInfo(lambda s, e="strict": (b"forged", len(s)), lambda b, e="strict": ("forged", len(b)), name="skeinleak")',
      'codecs.register(lambda name: info if name == "skeinleak" else None)',
      'assert "x".encode("skeinleak") == b"forged"',
    ],
    [
      'import codecs',
      'try:',
      '    codecs.lookup("skeinleak")',
      '    return "found"',
      'except LookupError:',
      '    return "unknown"',
    ],
  );
  assert.equal(answer, 'unknown');
});

test("copyreg's dispatch table, warnings filters and json's decoder are put back", async () => {
  const answer = await afterPlant(
    [
      'import copyreg, datetime, json, warnings',
      'copyreg.dispatch_table[datetime.date] = lambda d: (str, ("forged",))',
      'warnings.simplefilter("error")',
      'json._default_decoder.scan_once = lambda s, i: ("forged", len(s))',
      'json.decoder.JSONDecoder.raw_decode = lambda self, s, idx=0: ("forged", len(s))',
    ],
    [
      'import copy, datetime, json, warnings',
      'warnings.warn("only a warning")',
      'return [str(copy.copy(datetime.date(2020, 1, 2))), json.loads("[1]")]',
    ],
  );
  assert.deepEqual(answer, ['2020-01-02', [1]]);
});

test('atexit callbacks and audit hooks of one call are gone before the next', async () => {
  const count = python('import atexit\ndef main(c):\n    return atexit._ncallbacks()');
  const before = await sandbox.run(count, {});
  const answer = await afterPlant(
    [
      'import atexit, sys',
      'assert atexit.register(print, "planted") is print',
      'sys.addaudithook(lambda event, args: (_ for _ in ()).throw(RuntimeError("hooked")) if event == "skein.probe" else None)',
    ],
    ['import atexit, sys', 'sys.audit("skein.probe")', 'return atexit._ncallbacks()'],
  );
  assert.equal(answer, before);
});
