import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { browserSkip, launchBrowser, watchedPage, WIDTHS, type WatchedPage } from '../../helpers/browser.js';
import { ROOT } from '../../helpers/cli.js';
import { startServer, type ServerProcess } from '../../helpers/server.js';

// How the playground shows things, in Debian's Chromium at 1280 px and at 420 px, through accessible
// names: documents and outputs rendered, graphs drawn readable with labelled branches, forms for graphs,
// skills that need a model, traces across a pause, errors. A `skein serve` of test/fixtures/web-views
// with no model configured. Screenshots go to docs/web/.

const FIXTURE = join(ROOT, 'test/fixtures/web-views');
const SHOTS = join(ROOT, 'docs/web');
const NARROW_SHOTS = new Set(['document', 'run-no-model']);

let server: ServerProcess;
let browser: Browser;

before(async () => {
  if (browserSkip) return;
  server = await startServer({
    SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-web-views-')),
    SKEIN_CONFIG: join(FIXTURE, 'skein.yaml'),
    SKEIN_MODEL: '',
  });
  browser = await launchBrowser();
});

after(async () => {
  if (browserSkip) return;
  await browser?.close();
  await server?.stop();
});

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function fitsWidth(page: Page): Promise<void> {
  const [scroll, inner] = await page.evaluate<[number, number]>(
    '[document.documentElement.scrollWidth, window.innerWidth]',
  );
  assert.ok(scroll <= inner, `the page is ${scroll} px wide in a ${inner} px window`);
}

/** The text an element's `aria-describedby` points at (its help). */
async function describedText(page: Page, el: Locator): Promise<string> {
  const ids = ((await el.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).allTextContents()));
  return texts.flat().join(' ');
}

/** What a test reads of an element in the page. */
type Measured = { getBoundingClientRect(): { width: number }; offsetWidth: number };

/** The zoom a graph is drawn at: a node's drawn width over its laid-out width. */
async function graphZoom(page: Page): Promise<number> {
  const node = page.getByRole('figure', { name: 'Graph' }).locator('.react-flow__node').first();
  await node.waitFor();
  return node.evaluate((el) => {
    const e = el as unknown as Measured;
    return e.getBoundingClientRect().width / e.offsetWidth;
  });
}

for (const [size, width] of Object.entries(WIDTHS)) {
  describe(`the playground at ${width} px`, { skip: browserSkip }, () => {
    let watched: WatchedPage;
    let page: Page;
    // At 420 px only the pages docs/playground.md shows are kept.
    const shot = async (name: string) => {
      if (size === 'wide') await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
      else if (NARROW_SHOTS.has(name))
        await page.screenshot({ path: join(SHOTS, `${name}-narrow.png`), fullPage: true });
    };

    before(async () => {
      watched = await watchedPage(browser, width);
      page = watched.page;
    });

    test('a document is rendered Markdown across the page; raw HTML in it stays text', async () => {
      await page.goto(`${server.url}/#/skills/notes`);
      const doc = page.getByRole('region', { name: 'Document' });
      await doc.getByRole('heading', { name: 'Release notes' }).waitFor();
      await doc.getByRole('cell', { name: 'labelled edges' }).waitFor();
      assert.equal(await doc.getByRole('columnheader', { name: 'change' }).count(), 1);
      assert.equal(await doc.getByRole('checkbox').count(), 2, 'a task list');
      assert.equal(await doc.getByRole('checkbox').first().isChecked(), true);
      await doc.getByText('<b>not bold</b>', { exact: false }).waitFor();
      assert.equal(await doc.locator('b, script').count(), 0);
      assert.equal(await page.evaluate('window.pwned'), undefined);
      // Across the page, not in half of it.
      const main = (await page.locator('main').boundingBox())!;
      const box = (await doc.locator('.markdown').first().boundingBox())!;
      assert.ok(box.width > main.width * 0.85, `${box.width} of ${main.width}`);
      await doc.getByRole('button', { name: 'Load details' }).click();
      await doc.getByRole('heading', { name: 'Details' }).waitFor();
      await doc
        .getByRole('listitem')
        .filter({ hasText: /^Tables$/ })
        .waitFor();
      await fitsWidth(page);
      await shot('document');
    });

    test('an output shows text as text or Markdown, records as a table, and the rest as JSON to open', async () => {
      await page.goto(`${server.url}/#/skills/report`);
      await page.getByRole('button', { name: 'Run' }).click();
      const output = page.getByRole('region', { name: 'Output' });
      await output.getByRole('heading', { name: 'Q1 in short' }).waitFor();
      await output.getByText('rose', { exact: true }).waitFor();
      assert.ok(
        !(await output.locator('.fields').first().innerText()).includes('\\n'),
        'no escaped line breaks',
      );
      const table = output.getByRole('table');
      assert.deepEqual(await table.getByRole('columnheader').allTextContents(), ['region', 'sales', 'trend']);
      await table.getByRole('row', { name: /华东 1814 up/ }).waitFor();
      await output.getByText('Figures in thousands.', { exact: true }).waitFor();
      // Deeper data opens on demand, as JSON.
      const filters = output.getByRole('group').filter({ hasText: 'object (JSON)' });
      await filters.getByText('object (JSON)').click();
      await filters.getByText(/"period": "2024Q1"/).waitFor();
      // The whole output as JSON too.
      await output.getByText('JSON', { exact: true }).click();
      const json = JSON.parse((await output.locator('pre.output').textContent())!);
      assert.equal(json.regions[1].region, '华西');
      await fitsWidth(page);
      await shot('run-output-table');
    });

    test('exclusive steps are drawn as labelled branches; a big graph stays readable, a small one is not blown up', async () => {
      await page.goto(`${server.url}/#/skills/pick`);
      const graph = page.getByRole('figure', { name: 'Graph' });
      await graph.getByText("when way == 'left'").waitFor();
      await graph.getByText("when way == 'right'").waitFor();
      await graph.getByText('otherwise', { exact: true }).waitFor();
      // Side by side: the two steps are alternatives, not a sequence.
      const left = (await graph.getByRole('group', { name: 'go_left', exact: true }).boundingBox())!;
      const right = (await graph.getByRole('group', { name: 'go_right', exact: true }).boundingBox())!;
      assert.ok(Math.abs(left.y - right.y) < 2, `${left.y} vs ${right.y}`);
      const small = await graphZoom(page);
      assert.ok(small <= 1.01, `a small graph is drawn at ${small}`);
      await fitsWidth(page);
      await shot('graph-branches');

      await page.goto(`${server.url}/#/skills/nine`);
      await page.getByRole('figure', { name: 'Graph' }).getByText('s9 · template').waitFor();
      const big = await graphZoom(page);
      assert.ok(big >= 0.79, `a nine-step graph is drawn at ${big}`);
      const text = await page
        .getByRole('figure', { name: 'Graph' })
        .locator('.react-flow__node')
        .first()
        .evaluate((el) =>
          parseFloat(
            (
              globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } }
            ).getComputedStyle(el).fontSize,
          ),
        );
      assert.ok(text * big >= 11, `text drawn at ${text * big} px`);
    });

    test('an AgenticDSL graph has a field per value it reads, route edges labelled, names without /main/', async () => {
      await page.goto(`${server.url}/#/skills/count`);
      const graph = page.getByRole('figure', { name: 'Graph' });
      await graph.getByText('context["words"] > 3').waitFor();
      await graph.getByRole('group', { name: 'decide', exact: true }).waitFor();
      assert.equal(await graph.getByText('/main/').count(), 0);
      const text = page.getByRole('textbox', { name: 'text' });
      await text.waitFor();
      // The field's help says which nodes read it.
      assert.equal(await describedText(page, text), 'read by /main/count');
      await fitsWidth(page);
    });

    test('a skill that needs a model says so before Run, and its failure says how to give the server one', async () => {
      await page.goto(server.url);
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'ask', exact: true }) });
      await card.getByText('needs a model').waitFor();
      const pickCard = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'pick', exact: true }) });
      assert.equal(await pickCard.getByText('needs a model').count(), 0);
      await fitsWidth(page);
      await shot('catalog-needs-model');
      await card.getByRole('link', { name: 'ask', exact: true }).click();
      await page.getByRole('heading', { name: /ask/ }).getByText('needs a model').waitFor();
      await page.getByRole('textbox', { name: 'Question' }).fill('Why?');
      await page.getByRole('button', { name: 'Run' }).click();
      const error = page.getByRole('region', { name: 'Error' });
      await error.getByText('model_not_configured', { exact: true }).waitFor();
      await error.getByText(/SKEIN_MODEL=provider:model/).waitFor();
      // The error box keeps clear of the graph below it.
      const graph = page.getByRole('figure', { name: 'Graph' });
      await graph.waitFor();
      const e = (await error.boundingBox())!;
      const g = (await graph.boundingBox())!;
      assert.ok(e.y + e.height + 8 <= g.y, `error ends at ${e.y + e.height}, graph starts at ${g.y}`);
      await fitsWidth(page);
      await shot('run-no-model');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' }).click();
      const row = page.getByRole('row').filter({ hasText: 'ask' }).first();
      await row.getByRole('cell', { name: /model_not_configured/ }).waitFor();
      assert.deepEqual((await page.getByRole('columnheader').allTextContents()).slice(0, 4), [
        'Run',
        'Skill',
        'Status',
        'Error',
      ]);
      await fitsWidth(page);
      await shot('runs-errors');
    });

    test('after a resume the trace names the resumed part and leaves the pause out of its scale', async () => {
      await page.goto(`${server.url}/#/skills/pick`);
      await page.getByRole('textbox', { name: 'Name' }).fill('Ada');
      await page.getByRole('button', { name: 'Run' }).click();
      await page.getByRole('heading', { name: 'Waiting for an answer' }).waitFor();
      await page.getByText('Which way, Ada?').waitFor();
      // A pause that is long beside the steps (which take a millisecond or so).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await page.getByRole('combobox', { name: 'Way' }).selectOption({ label: 'left' });
      await page.getByRole('button', { name: 'Resume' }).click();
      const output = page.getByRole('region', { name: 'Output' });
      await output.getByText('Ada went left.', { exact: true }).waitFor();
      const graph = page.getByRole('figure', { name: 'Graph' });
      await graph.getByLabel('go_left: finished').waitFor({ state: 'attached' });
      await graph.getByLabel('go_right: skipped').waitFor({ state: 'attached' });
      const trace = page.getByRole('list', { name: 'Trace' });
      await trace.waitFor();
      const rows = await trace.getByRole('listitem').allTextContents();
      assert.equal(rows.filter((r) => r.startsWith('run pick')).length, 1, rows.join(' | '));
      assert.equal(rows.filter((r) => /^resumed after \d+ s/.test(r)).length, 1, rows.join(' | '));
      // Both parts are drawn at a width their steps can be seen at: the pause takes no room.
      const bars = await trace
        .locator('.trace-run')
        .evaluateAll((els) =>
          els.map((el) => el.getBoundingClientRect().width / el.parentElement!.getBoundingClientRect().width),
        );
      assert.equal(bars.length, 2);
      const drawn = bars[0] + bars[1];
      assert.ok(drawn > 0.9, `the two parts take ${drawn} of the axis`);
      await fitsWidth(page);
      await shot('run-resumed');
    });

    test('the page asked nothing of any other host and logged no errors', () => {
      const origin = new URL(server.url).origin;
      assert.deepEqual(
        watched.requests.filter((u) => new URL(u).origin !== origin),
        [],
      );
      // Chromium logs each refused request itself (the run of a skill without a model is not refused).
      assert.deepEqual(watched.errors, []);
    });
  });
}

test(
  'the first Python step of a server says it is starting Python, and its run page fits a phone',
  { skip: browserSkip },
  async () => {
    const watched = await watchedPage(browser, WIDTHS.wide);
    const page = watched.page;
    await page.goto(`${server.url}/#/skills/count`);
    await page.getByRole('textbox', { name: 'text' }).fill('one two three four five');
    await page.getByRole('button', { name: 'Run' }).click();
    const steps = page.getByRole('list', { name: 'Steps' });
    await steps.getByText('starting Python (first use)').waitFor({ timeout: 120_000 });
    await page
      .getByRole('region', { name: 'Output' })
      .getByText('long: 5 words', { exact: true })
      .waitFor({ timeout: 120_000 });
    const runUrl = page.url();
    await page.setViewportSize({ width: WIDTHS.narrow, height: 860 });
    await page.goto(runUrl);
    await page.getByRole('region', { name: 'Output' }).getByText('long: 5 words', { exact: true }).waitFor();
    await steps.getByText('starting Python (first use)').waitFor();
    await page
      .getByRole('figure', { name: 'Graph' })
      .getByLabel('long: finished')
      .waitFor({ state: 'attached' });
    await fitsWidth(page);
    await page.screenshot({ path: join(SHOTS, 'run-python-narrow.png'), fullPage: true });
    assert.deepEqual(watched.errors, []);
  },
);
