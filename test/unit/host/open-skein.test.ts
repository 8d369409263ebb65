import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BadSkillError, loadConfig, openSkein, RunRefused, SkillLookupError } from '../../../src/index.js';
import { ROOT } from '../../helpers/paths.js';

/** A Skein over a fresh home, with the examples' Aegis skills as its skills path. */
function examplesSkein() {
  const home = join(mkdtempSync(join(tmpdir(), 'skein-facade-')), 'home');
  const config = loadConfig(ROOT, { SKEIN_HOME: home, SKEIN_SKILLS: join(ROOT, 'examples/skills') });
  return { skein: openSkein({ config }), home };
}

const ORDER = { order_id: 'A1', product_name: '耳机', quantity: 2, unit_price: 99.5 };

test('openSkein: skills are listed, found by id[@version] and resolved from a path, without opening the store', async () => {
  const { skein, home } = examplesSkein();
  const ids = (await skein.skills.list()).map((s) => s.id);
  assert.ok(ids.includes('order_confirmation') && ids.includes('code_review'), ids.join(', '));
  assert.equal((await skein.skills.find('order_confirmation')).dialect, 'aegis');
  await assert.rejects(skein.skills.find('order_confirmation@9.9.9'), SkillLookupError);
  const greet = await skein.skills.resolve('test/fixtures/aegis/greet.md');
  assert.equal(`${greet.id}@${greet.version}`, 'greet@2.0.0');
  await assert.rejects(skein.skills.resolve('no_such_skill'), BadSkillError);
  await assert.rejects(skein.skills.resolve('test/fixtures/aegis/broken.md'), (e: unknown) => {
    assert.ok(e instanceof BadSkillError && e.code === 'bad_skill' && e.diagnostics.length > 0);
    return true;
  });
  assert.deepEqual(await skein.skills.diagnostics(), []);
  await skein.close();
  assert.equal(existsSync(home), false, 'finding skills opens no store');
});

test('openSkein: run, pause, resume, and read the run and its events (after a sequence number too)', async () => {
  const { skein } = examplesSkein();
  try {
    const paused = await skein.run('order_confirmation', ORDER);
    assert.equal(paused.status, 'awaiting');
    assert.equal(paused.await?.step, 'user_confirmation');
    await assert.rejects(skein.resume(paused.runId, { notes: 'no confirm' }), (e: unknown) => {
      assert.ok(e instanceof RunRefused && e.code === 'input_invalid');
      return true;
    });
    const done = await skein.resume(paused.runId, { confirm: true });
    assert.equal(done.status, 'completed');
    await assert.rejects(skein.resume(paused.runId, { confirm: true }), RunRefused);

    const record = await skein.getRun(paused.runId);
    assert.equal(record?.status, 'completed');
    assert.equal(record?.skill.id, 'order_confirmation');
    assert.deepEqual(
      (await skein.listRuns({ limit: 5 })).runs.map((r) => r.id),
      [paused.runId],
    );
    const events = await skein.events(paused.runId);
    assert.equal(events[0].type, 'run_started');
    assert.equal(events.at(-1)?.type, 'completed');
    assert.deepEqual(
      events.map((e) => e.seq),
      events.map((_, i) => i),
    );
    const later = await skein.events(paused.runId, 2);
    assert.deepEqual(
      later.map((e) => e.seq),
      events.slice(3).map((e) => e.seq),
    );
    const greeted = await skein.run(await skein.skills.resolve('test/fixtures/aegis/greet.md'), {
      name: 'Ada',
    });
    assert.deepEqual(greeted.output, { greeting: 'Hello, Ada!' });
  } finally {
    await skein.close();
  }
});
