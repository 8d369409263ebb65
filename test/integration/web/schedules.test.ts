import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { browserSkip, launchBrowser, watchedPage, WIDTHS } from '../../helpers/browser.js';
import { ROOT } from '../../helpers/cli.js';
import { startServer, type ServerProcess } from '../../helpers/server.js';

// The skill page shows the schedules that start the skill (issue 29 item 2), in Chromium: a serve whose
// skein.yaml schedules `greet` nightly; `confirm` has none.

let server: ServerProcess;
let browser: Browser;

before(async () => {
  if (browserSkip) return;
  const dir = mkdtempSync(join(tmpdir(), 'skein-web-schedules-'));
  writeFileSync(
    join(dir, 'skein.yaml'),
    `skills: ${join(ROOT, 'test/fixtures/server/skills')}\n` +
      'schedules:\n  - id: nightly-greeting\n    skill: greet\n    cron: "30 2 * * *"\n    timezone: Europe/Paris\n    input: { name: Night }\n',
  );
  server = await startServer({ SKEIN_CONFIG: join(dir, 'skein.yaml'), SKEIN_HOME: join(dir, '.skein') });
  browser = await launchBrowser();
});

after(async () => {
  if (browserSkip) return;
  await browser?.close();
  await server?.stop();
});

test(
  'a skill page lists the schedules that start it with their next times; another skill shows none',
  { skip: browserSkip },
  async () => {
    const { page, errors } = await watchedPage(browser, WIDTHS.wide);
    await page.goto(`${server.url}/#/skills/greet`);
    const schedules = page.getByRole('region', { name: 'Schedules' });
    await schedules.waitFor();
    const item = schedules.getByRole('listitem');
    assert.equal(await item.count(), 1);
    const text = await item.innerText();
    assert.match(text, /nightly-greeting 30 2 \* \* \* \(Europe\/Paris\) — next /);
    assert.equal(text.split(' · ').length, 3, text);
    await page.goto(`${server.url}/#/skills/confirm`);
    await page
      .getByRole('heading', { name: /confirm/ })
      .first()
      .waitFor();
    assert.equal(await page.getByRole('region', { name: 'Schedules' }).count(), 0);
    assert.deepEqual(errors, []);
  },
);
