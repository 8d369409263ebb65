import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPythonSandbox } from '../../../src/code/python/index.js';
import { whenToPython } from '../../../src/convert/when-python.js';
import { compileAegisWhen } from '../../../src/expr/index.js';
import { python, TEST_SNAPSHOTS } from '../../helpers/python.js';

// A guard converted to AgenticDSL runs as Python in a dynamic_next resolver: on each of these values it
// must decide as the Aegis guard does (src/expr/compile), including where Python's own rules differ.

const sandbox = createPythonSandbox({ workers: 1, snapshotDir: TEST_SNAPSHOTS });
after(() => sandbox.close());

// [guard, data]; the expected answer is the Aegis guard's.
const CASES: [string, Record<string, unknown>][] = [
  ['confirm == true', { confirm: true }],
  ['confirm == true', { confirm: 1 }],
  ['n == false', { n: 0 }],
  ['{{n}} == 1.0', { n: 1 }],
  ['{{s}} != 1', { s: '1' }],
  ['{{region}} == null', {}],
  ['{{region}} == null', { region: '' }],
  ['{{a}} == {{b}}', { a: [1, { x: [2] }], b: [1, { x: [2] }] }],
  ['{{a}} == {{b}}', { a: [1], b: { 0: 1 } }],
  ['{{a}} == {{b}}', { a: [true], b: [1] }],
  ['{{a}} == {{b}}', { a: { x: 1, y: 2 }, b: { y: 2, x: 1 } }],
  ['{{count}} > 10', { count: '11' }],
  ['{{a}} < {{b}}', { a: '9', b: '10' }],
  ['{{a}} >= 2', { a: ' 2.0 ' }],
  ['{{a}} < {{b}}', { a: '10', b: 'abc' }],
  ['"Z" < "a"', {}],
  ['{{a}} > {{b}}', { a: '华', b: '东' }],
  ['{{a}} < {{b}}', { a: '\uff5e', b: '😀' }],
  ['true > false', {}],
  ['{{missing}} < 1', {}],
  ['items', { items: [] }],
  ['items', { items: {} }],
  ['{{n}}', { n: 0 }],
  ['notes', { notes: 'false' }],
  ['!confirm', {}],
  ['a || b && c', { a: true, b: false, c: false }],
  ['a && (b || c)', { a: false, b: true, c: true }],
  ['!a == true', { a: 'x' }],
  ['items[0].ok == true', { items: [{ ok: true }] }],
  ['items[#i].ok', { items: [{ ok: false }, { ok: true }], i: 1 }],
  ['items[#i].ok', { items: [{ ok: true }], i: '0' }],
  ['items[#i].ok', { items: [{ ok: true }], i: -1 }],
  ['items.ok', { items: [{ ok: true }] }],
  ['user.address.city == null', { user: { address: 'x' } }],
];

test('each converted guard decides as the Aegis guard on the same data', async () => {
  const at = { file: 'skill.md', line: 1, column: 1 };
  for (const [when, data] of CASES) {
    const aegis = compileAegisWhen(when, at);
    if (!aegis.ok) assert.fail(`${when}: ${aegis.message}`);
    const py = whenToPython(when, new Set());
    if (!py.ok) assert.fail(`${when}: ${py.why}`);
    const code = `${py.helpers}\n\n\ndef main(context):\n    return ${py.code}\n`;
    assert.equal(
      await sandbox.run(python(code), data),
      aegis.value.test(data),
      `${when} on ${JSON.stringify(data)}`,
    );
  }
});
