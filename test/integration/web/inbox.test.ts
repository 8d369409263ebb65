import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, launchBrowser, watchedPage, WIDTHS } from '../../helpers/browser.js';
import { ROOT } from '../../helpers/cli.js';
import { api, serverEnv, startServer, type ServerProcess } from '../../helpers/server.js';

// The playground's Inbox page (issue 29 item 4) in Chromium: a `skein serve` of test/fixtures/server,
// whose `confirm` skill pauses at an await step until a person answers.

const SHOTS = join(ROOT, 'docs/web');

let server: ServerProcess;
let browser: Browser;
let v1: string;

before(async () => {
  if (browserSkip) return;
  server = await startServer(serverEnv());
  v1 = `${server.url}/v1`;
  browser = await launchBrowser();
});

after(async () => {
  if (browserSkip) return;
  await browser?.close();
  await server?.stop();
});

/** Starts a `confirm` run that pauses; its id. */
async function paused(item: string): Promise<string> {
  const started = await api(`${v1}/skills/confirm/runs`, { method: 'POST', json: { input: { item } } });
  assert.equal(started.body.status, 'awaiting', JSON.stringify(started.body));
  return started.body.runId;
}

/** The page's pending question of a run. */
const question = (page: Page, runId: string) =>
  page
    .getByRole('list', { name: 'Pending questions' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: runId.slice(0, 8) }) });

/** Answers a question in place and waits until it has left the page and its run has completed. */
async function answer(page: Page, runId: string, note: string): Promise<void> {
  const item = question(page, runId);
  await item.getByRole('checkbox', { name: 'ok' }).check();
  await item.getByRole('textbox', { name: 'note' }).fill(note);
  await item.getByRole('button', { name: 'Answer' }).click();
  await item.waitFor({ state: 'detached' });
  const run = (await api(`${v1}/runs/${runId}`)).body;
  assert.equal(run.status, 'completed', JSON.stringify(run));
  assert.match(JSON.stringify(run.output), new RegExp(`ok=true note=${note}`));
}

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function fitsWidth(page: Page): Promise<void> {
  const [scroll, inner] = await page.evaluate<[number, number]>(
    '[document.documentElement.scrollWidth, window.innerWidth]',
  );
  assert.ok(scroll <= inner, `the page is ${scroll} px wide in a ${inner} px window`);
}

test(
  'the Inbox lists pending questions live with their forms; answering one removes it and the run goes on',
  { skip: browserSkip },
  async () => {
    const first = await paused('pen');
    const second = await paused('ink');
    const { page, errors } = await watchedPage(browser, WIDTHS.wide);
    await page.goto(server.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('status').filter({ hasText: '2 questions waiting' }).waitFor();
    const items = page.getByRole('list', { name: 'Pending questions' }).getByRole('listitem');
    assert.equal(await items.count(), 2);
    // Oldest first, each with its skill, step, message and form.
    await question(page, first).getByText('Order: pen. Confirm?').waitFor();
    assert.match((await items.first().textContent()) ?? '', /confirm.*1\.0\.0.*at ask/);
    await question(page, second).getByRole('button', { name: 'Answer' }).waitFor();

    // A run that pauses while the page is open shows up without a reload.
    const third = await paused('cup');
    await question(page, third).getByText('Order: cup. Confirm?').waitFor();
    await page.getByRole('status').filter({ hasText: '3 questions waiting' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'inbox.png') });

    await answer(page, first, 'blue');
    await page.getByRole('status').filter({ hasText: '2 questions waiting' }).waitFor();
    await page
      .getByRole('status')
      .getByRole('link', { name: `confirm ${first.slice(0, 8)}` })
      .waitFor();

    // Answered elsewhere (the API): it leaves the page too.
    await api(`${v1}/runs/${second}/resume`, { method: 'POST', json: { input: { ok: false } } });
    await question(page, second).waitFor({ state: 'detached' });

    // The skill filter.
    await page.getByRole('combobox', { name: 'Skill' }).selectOption('confirm');
    assert.equal(await items.count(), 1);
    assert.deepEqual(errors, []);
    await page.context().close();
  },
);

test(
  'the Inbox at a phone width: nothing wider than the window, and a question answered there',
  { skip: browserSkip },
  async () => {
    const runId = await paused('tea');
    const { page, errors } = await watchedPage(browser, WIDTHS.narrow);
    await page.goto(`${server.url}/#/inbox`);
    await question(page, runId).getByRole('button', { name: 'Answer' }).waitFor();
    await fitsWidth(page);
    await page.screenshot({ path: join(SHOTS, 'inbox-narrow.png') });
    await answer(page, runId, 'green');
    await fitsWidth(page);
    assert.deepEqual(errors, []);
    await page.context().close();
  },
);
