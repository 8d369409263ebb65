import { test } from 'node:test';
import assert from 'node:assert/strict';
import { skein } from '../../helpers/cli.js';

const FIX = 'test/fixtures/skilljson';

interface Report {
  files: {
    path: string;
    dialect: string;
    skills: { id: string }[];
    diagnostics: { severity: string; code: string; message: string; line: number; column: number }[];
  }[];
  errors: number;
  warnings: number;
}

async function validate(...args: string[]): Promise<{ code: number; out: Report }> {
  const r = await skein(['validate', ...args, '--json']);
  return { code: r.code, out: JSON.parse(r.stdout) as Report };
}

test('calls that go round in a circle are errors on each skill; a call to a skill not loaded is a warning', async () => {
  const { code, out } = await validate(`${FIX}/calls`);
  assert.equal(code, 1);
  const found = out.files.flatMap((f) =>
    f.diagnostics.map((d) => `${f.path.slice(FIX.length + 7)} ${d.line}:${d.column} ${d.severity} ${d.code}`),
  );
  assert.deepEqual(found.sort(), [
    'cycle_a 8:13 error skein/call-cycle',
    // Their descriptions ("Calls cycle_b, which calls this one.") are too alike for routing to tell apart.
    'cycle_b 1:1 warning skein/route-overlap',
    'cycle_b 8:13 error skein/call-cycle',
    'cycle_b 8:24 warning skein/call-not-loaded',
  ]);
  const cycle = out.files[0].diagnostics[0];
  assert.equal(
    cycle.message,
    'cycle_a calls itself through other skills (cycle_a → cycle_b → cycle_a); break the circle, since such a run would never end',
  );
  const ghost = out.files[1].diagnostics.find((d) => d.code === 'skein/call-not-loaded')!;
  assert.match(
    ghost.message,
    /^cycle_b calls "ghost", which is not among the skills loaded here; validate it together with the folder that holds "ghost"/,
  );
});

test('a missing implementation is a warning, an error with --strict', async () => {
  const plain = await validate(`${FIX}/run/no_code`);
  assert.equal(plain.code, 0);
  assert.deepEqual([plain.out.errors, plain.out.warnings], [0, 1]);
  assert.equal(plain.out.files[0].diagnostics[0].code, 'skilljson/missing-implementation');
  const strict = await validate(`${FIX}/run/no_code`, '--strict');
  assert.equal(strict.code, 1);
  assert.deepEqual([strict.out.errors, strict.out.warnings], [1, 0]);
});

test('a called skill loaded alongside is found, whatever its dialect', async () => {
  const alone = await validate(`${FIX}/run/caller`);
  assert.deepEqual(
    alone.out.files[0].diagnostics.map((d) => d.code),
    ['skein/call-not-loaded', 'skein/call-not-loaded'],
  );
  const together = await validate(`${FIX}/run/caller`, `${FIX}/run/greet.md`, `${FIX}/run/echo`);
  assert.equal(together.code, 0);
  assert.equal(together.out.warnings, 0);
  assert.deepEqual(
    together.out.files.map((f) => f.dialect),
    ['skilljson', 'aegis', 'skilljson'],
  );
});
