import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, which .ci/run installs with apt; `SKEIN_CHROMIUM` names another. */
export const CHROMIUM = process.env.SKEIN_CHROMIUM ?? '/usr/bin/chromium';

/** Whether a browser is here; browser tests skip with this notice otherwise. */
export const browserSkip: string | false = existsSync(CHROMIUM)
  ? false
  : `Chromium not found at ${CHROMIUM} (apt-get install chromium, or set SKEIN_CHROMIUM): browser tests skipped`;

if (browserSkip) process.stderr.write(`notice: ${browserSkip}\n`);

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts headless Chromium. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}

/** A page that records every request it makes and every console error or page error it sees. */
export interface WatchedPage {
  page: Page;
  /** URLs of every request, in order. */
  requests: string[];
  /** Console errors and uncaught exceptions. */
  errors: string[];
}

/** The two widths the playground is tested at: a laptop's window and a phone's. */
export const WIDTHS = { wide: 1280, narrow: 420 } as const;

/** Opens a page (1280 px wide unless told) that records its requests and errors (see `WatchedPage`). */
export async function watchedPage(browser: Browser, width: number = WIDTHS.wide): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, requests, errors };
}
