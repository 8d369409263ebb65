import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, launchBrowser, watchedPage, WIDTHS, type WatchedPage } from '../../helpers/browser.js';
import { storeVersionsExperiment } from '../../helpers/eval-experiments.js';
import { startEvalModels } from '../../helpers/eval-models.js';
import type { FakeOpenAI } from '../../helpers/fake-openai.js';
import { startServer, type ServerProcess } from '../../helpers/server.js';

// The playground's Experiments page in Chromium at 1280 and 420 px, by accessible names: an experiment
// skein eval stored (one case, two versions of its skill, the second a regression) listed, its matrix
// filtered, a cell's trial opening its run, and the two columns compared with the regression named.

let models: FakeOpenAI;
let server: ServerProcess;
let browser: Browser;
let experimentId: string;

before(async () => {
  if (browserSkip) return;
  models = await startEvalModels();
  const env = { SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-web-exp-')), SKEIN_BASE_URL: models.url };
  experimentId = await storeVersionsExperiment(env.SKEIN_HOME, models.url);
  server = await startServer({ ...env, SKEIN_SKILLS: 'test/fixtures/evals/versions' });
  browser = await launchBrowser();
});

after(async () => {
  if (browserSkip) return;
  await browser?.close();
  await server?.stop();
  await models?.close();
});

const CASE = 'translate › says good morning in French';
const OLD = 'compat:fr-good · @1.0.0';
const NEW = 'compat:fr-good · @2.0.0';

for (const width of Object.values(WIDTHS)) {
  describe(`the Experiments page at ${width} px`, { skip: browserSkip }, () => {
    let watched: WatchedPage;
    let page: Page;

    before(async () => {
      watched = await watchedPage(browser, width);
      page = watched.page;
    });
    after(() => page.context().close());

    test('lists the experiment and opens its matrix', async () => {
      await page.goto(server.url);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Experiments' }).click();
      const list = page.getByRole('table', { name: 'Experiments' });
      await list.getByRole('link', { name: experimentId.slice(0, 8) }).click();
      await page.getByRole('heading', { name: `Experiment ${experimentId.slice(0, 8)}` }).waitFor();
      const matrix = page.getByRole('table', { name: 'Matrix' });
      await matrix.getByRole('rowheader', { name: CASE }).waitFor();
      assert.match(
        await matrix
          .getByRole('columnheader')
          .allInnerTexts()
          .then((t) => t.join('|')),
        /@1\.0\.0.*baseline/,
      );
      const row = matrix.getByRole('row', { name: new RegExp(CASE) });
      assert.match(await row.innerText(), /pass 100%[\s\S]*fail 0%/);
      await fitsWidth(page);
    });

    test('filters the matrix by case text and failing cases', async () => {
      const matrix = page.getByRole('table', { name: 'Matrix' });
      await page.getByRole('searchbox', { name: 'Case' }).fill('nothing like it');
      await page.getByText('No case matches.').waitFor();
      await page.getByRole('searchbox', { name: 'Case' }).fill('good morning');
      await matrix.getByRole('rowheader', { name: CASE }).waitFor();
      await page.getByRole('checkbox', { name: 'Failing only' }).check();
      await matrix.getByRole('rowheader', { name: CASE }).waitFor();
      await page.getByRole('combobox', { name: 'Skill' }).selectOption('translate');
      assert.equal(await matrix.getByRole('rowheader').count(), 1);
    });

    test('compares two columns side by side and names the regression', async () => {
      const compare = page.getByRole('region', { name: 'Compare two columns' });
      assert.equal(await compare.getByRole('combobox', { name: 'Left column' }).inputValue(), OLD);
      assert.equal(await compare.getByRole('combobox', { name: 'Right column' }).inputValue(), NEW);
      const row = compare
        .getByRole('table', { name: 'Comparison' })
        .getByRole('row', { name: new RegExp(CASE) });
      assert.match(await row.innerText(), /100%[\s\S]*0%[\s\S]*-100 pts[\s\S]*regression/);
      await compare.getByRole('combobox', { name: 'Left column' }).selectOption(NEW);
      await compare.getByRole('combobox', { name: 'Right column' }).selectOption(OLD);
      assert.match(await row.innerText(), /\+100 pts[\s\S]*fixed/);
      await fitsWidth(page);
    });

    test("a cell's trial opens its run and trace", async () => {
      await page.getByRole('link', { name: `Trial 1 of ${CASE} in ${NEW}` }).click();
      await page.waitForURL(/#\/runs\//);
      await page.getByRole('heading', { name: /^Run / }).waitFor();
      await page.getByRole('status').getByText('completed').waitFor();
      await page.getByRole('heading', { name: 'Trace' }).waitFor();
      assert.deepEqual(watched.errors, []);
    });
  });
}

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function fitsWidth(page: Page): Promise<void> {
  const [scroll, inner] = await page.evaluate<[number, number]>(
    '[document.documentElement.scrollWidth, window.innerWidth]',
  );
  assert.ok(scroll <= inner, `the page is ${scroll} px wide in a ${inner} px window`);
}
