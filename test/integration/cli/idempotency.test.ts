// `skein run --idempotency-key`: a repeated start returns the run the key started, with no second run;
// the key with other input is refused (exit 2, idempotency_conflict).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';

test('run --idempotency-key: the same key and input give the same run; other input is refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-idem-'));
  const env = {
    SKEIN_HOME: join(dir, 'home'),
    SKEIN_SKILLS: join(ROOT, 'test/fixtures/server/skills'),
    SKEIN_CONFIG: '',
  };
  const run = (input: string, key = 'k-1') =>
    skein(['run', 'confirm', '--input', input, '--idempotency-key', key, '--json'], { env });
  const first = await run('{"item":"pen"}');
  const second = await run('{"item":"pen"}');
  assert.equal(first.code, 0, first.stderr);
  assert.deepEqual(JSON.parse(second.stdout), JSON.parse(first.stdout));
  assert.equal(JSON.parse(first.stdout).status, 'awaiting');
  const listed = JSON.parse((await skein(['runs', '--json'], { env })).stdout).runs;
  assert.equal(listed.length, 1, 'one run for two starts');

  const other = await run('{"item":"cup"}');
  assert.equal(other.code, 2);
  assert.equal(JSON.parse(other.stdout).error.code, 'idempotency_conflict');
  const another = await run('{"item":"pen"}', 'k-2');
  assert.notEqual(JSON.parse(another.stdout).runId, JSON.parse(first.stdout).runId);
  const empty = await skein(['run', 'confirm', '--idempotency-key', ' '], { env });
  assert.equal(empty.code, 2);
});
