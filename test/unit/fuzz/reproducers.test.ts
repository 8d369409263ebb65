// Every input `npm run fuzz` saved (test/fixtures/fuzz-repro/) loads as positioned diagnostics now.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeLoad } from '../../helpers/fuzz/check-input.js';
import { listReproducers } from '../../helpers/fuzz/reproducers.js';

for (const r of listReproducers())
  test(`fuzz reproducer ${r.name} (was: ${r.problem.slice(0, 80)})`, async () => {
    const outcome = await judgeLoad(r.path, r.dialect);
    assert.equal(outcome.problem, undefined);
    assert.ok(outcome.diagnostics > 0 || r.problem.startsWith('slow'), 'a broken input gets diagnostics');
  });
