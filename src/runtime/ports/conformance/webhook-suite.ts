import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunStore } from '../store.js';
import type { WebhookSubscription } from '../webhook-outbox.js';
import { runRecord as run } from './fixtures.js';

const SUBSCRIPTIONS: WebhookSubscription[] = [
  { url: 'http://127.0.0.1:1/all', events: ['run.completed', 'run.failed', 'run.awaiting'] },
  { url: 'http://127.0.0.1:1/ends', events: ['run.completed', 'run.failed'] },
];

/** The webhook outbox: deliveries written with status changes, claimed once, settled, listed. */
export function webhookOutbox(open: () => Promise<RunStore>): void {
  test('a status change writes its webhook deliveries with it', async () => {
    const store = await open();
    store.sendStatusChangesTo(SUBSCRIPTIONS);
    await store.createRun(run('w1', { webhook: 'http://127.0.0.1:1/mine' }));
    assert.equal((await store.getRun('w1'))?.webhook, 'http://127.0.0.1:1/mine');
    const awaiting = { step: 'ask', message: 'ok?', inputSchema: { type: 'string' } };
    assert.equal(await store.transition('w1', ['running'], 'awaiting', { awaiting, owner: undefined }), true);
    let { deliveries } = await store.listDeliveries({ limit: 10, runId: 'w1' });
    assert.deepEqual(deliveries.map((d) => d.url).sort(), [
      'http://127.0.0.1:1/all',
      'http://127.0.0.1:1/mine',
    ]);
    const body = JSON.parse(deliveries[0].body);
    assert.equal(body.type, 'run.awaiting');
    assert.deepEqual(body.data.awaiting, awaiting);
    assert.deepEqual(body.data.skill, { id: 's', version: '1.0.0' });
    assert.equal(deliveries[0].status, 'pending');
    assert.equal(deliveries[0].attempts, 0);
    assert.match(deliveries[0].id, /^msg_/);
    // Back to running is no event; a move that does not happen writes nothing.
    await store.transition('w1', ['awaiting'], 'running', { owner: 'p:1' });
    assert.equal(await store.transition('w1', ['awaiting'], 'failed'), false);
    await store.transition('w1', ['running'], 'completed', { output: { n: 1 } });
    ({ deliveries } = await store.listDeliveries({ limit: 10, runId: 'w1' }));
    assert.equal(deliveries.length, 5);
    const done = deliveries.filter((d) => d.event === 'run.completed');
    assert.equal(done.length, 3);
    assert.deepEqual(JSON.parse(done[0].body).data.output, { n: 1 });
    await store.close();
  });

  test('child runs and runs without receivers write no deliveries', async () => {
    const store = await open();
    store.sendStatusChangesTo(SUBSCRIPTIONS);
    await store.createRun(run('p1'));
    await store.createRun(run('c1', { parentRunId: 'p1', webhook: 'http://127.0.0.1:1/child' }));
    await store.transition('c1', ['running'], 'completed', { output: 1 });
    assert.deepEqual((await store.listDeliveries({ limit: 10 })).deliveries, []);
    store.sendStatusChangesTo([]);
    await store.transition('p1', ['running'], 'failed', { error: { code: 'cancelled', message: 'no' } });
    assert.deepEqual((await store.listDeliveries({ limit: 10 })).deliveries, []);
    await store.close();
  });

  test('a due delivery is claimed once until its hold ends, then settled', async () => {
    const store = await open();
    store.sendStatusChangesTo(SUBSCRIPTIONS.slice(0, 1));
    for (const id of ['d1', 'd2', 'd3']) {
      await store.createRun(run(id));
      await store.transition(id, ['running'], 'completed', { output: id });
    }
    const now = Date.now() + 1000;
    const [a, b] = await Promise.all([
      store.claimDeliveries(now, 2, 60_000),
      store.claimDeliveries(now, 2, 60_000),
    ]);
    const claimed = [...a, ...b].map((d) => d.runId).sort();
    assert.deepEqual(claimed, ['d1', 'd2', 'd3']);
    assert.deepEqual(await store.claimDeliveries(now, 10, 60_000), []);
    const [first, second, third] = [...a, ...b];
    await store.recordDelivery(first.id, { delivered: true, status: 204 });
    await store.recordDelivery(second.id, {
      delivered: false,
      status: 500,
      error: 'HTTP 500',
      retryAt: now + 5,
    });
    await store.recordDelivery(third.id, { delivered: false, error: 'gave up' });
    const again = await store.claimDeliveries(now + 10, 10, 60_000);
    assert.deepEqual(
      again.map((d) => [d.id, d.attempts, d.lastStatus, d.lastError]),
      [[second.id, 1, 500, 'HTTP 500']],
    );
    const byId = new Map((await store.listDeliveries({ limit: 10 })).deliveries.map((d) => [d.id, d]));
    assert.equal(byId.get(first.id)?.status, 'delivered');
    assert.equal(byId.get(first.id)?.lastStatus, 204);
    assert.ok(byId.get(first.id)?.deliveredAt);
    assert.equal(byId.get(third.id)?.status, 'failed');
    assert.equal(byId.get(third.id)?.lastError, 'gave up');
    assert.deepEqual(
      (await store.listDeliveries({ limit: 10, status: 'failed' })).deliveries.map((d) => d.id),
      [third.id],
    );
    await store.close();
  });

  test('deliveries list newest first, one page at a time', async () => {
    const store = await open();
    store.sendStatusChangesTo(SUBSCRIPTIONS.slice(0, 1));
    for (const id of ['l1', 'l2', 'l3']) {
      await store.createRun(run(id));
      await store.transition(id, ['running'], 'completed');
    }
    const first = await store.listDeliveries({ limit: 2 });
    assert.deepEqual(
      first.deliveries.map((d) => d.runId),
      ['l3', 'l2'],
    );
    const second = await store.listDeliveries({ limit: 2, cursor: first.next });
    assert.deepEqual(
      second.deliveries.map((d) => d.runId),
      ['l1'],
    );
    assert.equal(second.next, undefined);
    await store.close();
  });
}
