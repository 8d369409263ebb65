import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';

// Compiled input validators are kept in $SKEIN_HOME/cache/validators: a later process must judge
// inputs exactly as the first did, and a damaged cache file must cost a compile, never a wrong verdict.
const SKILL = join(ROOT, 'test/fixtures/validator-cache/order.md');
const home = mkdtempSync(join(tmpdir(), 'skein-validator-cache-'));
const env = { SKEIN_HOME: home };
const cacheDir = join(home, 'cache', 'validators');

const good = JSON.stringify({ customer: 'Ada', size: 'large' });
const bad = JSON.stringify({ size: 'huge', quantity: 'two' });

async function verdicts(): Promise<{ good: string; bad: string; badCode: number }> {
  const ok = await skein(['run', SKILL, '--input', good, '--json'], { env });
  assert.equal(ok.code, 0, ok.stderr);
  const refused = await skein(['run', SKILL, '--input', bad, '--json'], { env });
  return {
    good: JSON.parse(ok.stdout).output.confirmation,
    bad: refused.stdout + refused.stderr,
    badCode: refused.code,
  };
}

test('a later process validates with the stored validator: same defaults, same refusals', async () => {
  const first = await verdicts();
  assert.equal(first.good, 'Ada ordered 1 (large)', 'the default applied');
  assert.notEqual(first.badCode, 0);
  assert.match(first.bad, /customer: is required/);
  assert.match(first.bad, /quantity: must be integer/);
  assert.ok(
    readdirSync(cacheDir).some((f) => f.endsWith('.cjs')),
    'validators stored',
  );
  const second = await verdicts();
  assert.deepEqual(second, first);
});

test('a damaged cache file is compiled again, not trusted', async () => {
  const reference = await verdicts();
  for (const damage of ['module.exports = 1;', 'this is not JavaScript {', '']) {
    for (const f of readdirSync(cacheDir).filter((name) => name.endsWith('.cjs')))
      writeFileSync(join(cacheDir, f), damage);
    const after = await verdicts();
    assert.deepEqual(after, reference, `after writing ${JSON.stringify(damage)}`);
  }
});
