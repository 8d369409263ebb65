// The playground's fork and diff, in Debian's Chromium through accessible names: "Fork from here" on a
// finished step of the run page makes a fork (its input edited), whose page links its parent and whose
// comparison with the parent shows what differs step by step. A `skein serve` of test/fixtures/server.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, launchBrowser, watchedPage, WIDTHS, type WatchedPage } from '../../helpers/browser.js';
import { ROOT } from '../../helpers/cli.js';
import { api, serverEnv, startServer, type ServerProcess } from '../../helpers/server.js';

const SHOTS = join(ROOT, 'docs/web');

let server: ServerProcess;
let browser: Browser;
let watched: WatchedPage;
let page: Page;

before(async () => {
  if (browserSkip) return;
  server = await startServer(serverEnv());
  browser = await launchBrowser();
  watched = await watchedPage(browser);
  page = watched.page;
});

after(async () => {
  if (browserSkip) return;
  await browser?.close();
  await server?.stop();
});

/** A completed run of the confirm skill (paused at its await, then answered). */
async function completedRun(): Promise<string> {
  const started = await api(`${server.url}/v1/skills/confirm/runs`, {
    method: 'POST',
    json: { input: { item: 'pen' } },
  });
  assert.equal(started.body.status, 'awaiting', JSON.stringify(started.body));
  const done = await api(`${server.url}/v1/runs/${started.body.runId}/resume`, {
    method: 'POST',
    json: { input: { ok: true, note: 'go' } },
  });
  assert.equal(done.body.status, 'completed', JSON.stringify(done.body));
  return started.body.runId;
}

test(
  'Fork from here on a finished step, then the fork compared with its parent',
  { skip: browserSkip },
  async () => {
    const parent = await completedRun();
    await page.goto(`${server.url}/#/runs/${parent}`);
    await page.getByRole('status').filter({ hasText: 'completed' }).waitFor();
    const compose = page.getByRole('listitem').filter({ hasText: 'compose_summary' });
    await compose.getByRole('button', { name: 'Fork from here' }).click();
    await page.getByRole('heading', { name: 'Fork from compose_summary' }).waitFor();
    const input = page.getByRole('textbox', { name: 'Input (JSON)' });
    assert.deepEqual(JSON.parse(await input.inputValue()), { item: 'pen' });
    // A bad edit is said, and nothing is forked.
    await input.fill('{"item":');
    await page.getByRole('button', { name: 'Fork', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'not JSON' }).waitFor();
    await input.fill('{"item": "cup"}');
    await page.getByRole('button', { name: 'Fork', exact: true }).click();

    // The fork's page: it waits at the await with the edited input, and names its parent.
    await page.getByText('Order: cup. Confirm?').waitFor();
    const fork = /#\/runs\/([0-9a-f-]{36})/.exec(page.url())?.[1];
    assert.ok(fork && fork !== parent, page.url());
    const forks = page.getByRole('navigation', { name: 'Forks' });
    await forks.getByText(`Forked from ${parent.slice(0, 8)} at step compose_summary`).waitFor();
    await page.screenshot({ path: join(SHOTS, 'fork.png') });
    await forks.getByRole('link', { name: 'Compare with the parent' }).click();

    // The comparison: the steps that differ marked, the one only the parent ran named.
    const table = page.getByRole('table', { name: 'Steps compared' });
    await table.waitFor();
    await page.getByRole('status').filter({ hasText: 'steps differ' }).waitFor();
    const row = (step: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: step }) });
    assert.match((await row('compose_summary').textContent())!, /output.*Order: pen.*Order: cup/);
    assert.match((await row('ask').textContent())!, /status, input, output.*done.*awaiting/);
    assert.match((await row('reply').textContent())!, /not in this run/);
    await page.getByRole('region', { name: 'Input' }).getByText('"cup"').waitFor();
    await page.screenshot({ path: join(SHOTS, 'fork-diff.png') });

    // The parent's page lists the fork, with a link to compare them; it works at a phone's width too.
    await page.setViewportSize({ width: WIDTHS.narrow, height: 860 });
    await page.goto(`${server.url}/#/runs/${parent}`);
    const listed = page.getByRole('navigation', { name: 'Forks' });
    await listed.getByRole('link', { name: fork.slice(0, 8), exact: true }).waitFor();
    await listed.getByRole('link', { name: `Compare with fork ${fork.slice(0, 8)}` }).click();
    await page.getByRole('table', { name: 'Steps compared' }).waitFor();
    assert.deepEqual(watched.errors, []);
  },
);
