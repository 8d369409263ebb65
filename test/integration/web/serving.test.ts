import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { browserSkip, launchBrowser } from '../../helpers/browser.js';
import { ROOT } from '../../helpers/cli.js';
import { api, serverEnv, startServer, type ServerProcess } from '../../helpers/server.js';

// How `skein serve` serves the built playground: the page and its assets without a token, the API
// behind one; the size of what a browser downloads; the files the catalog could not load.

const WEB = join(ROOT, 'dist/web');
const TOKEN = 'web-test-token';
let server: ServerProcess;

before(async () => {
  server = await startServer(
    serverEnv({ SKEIN_API_TOKENS: TOKEN, SKEIN_CONFIG: join(ROOT, 'test/fixtures/web/skein.yaml') }),
  );
});

after(async () => {
  assert.equal(await server.stop(), 0, server.stderr());
});

/** The status of a GET of `path` sent as written (fetch would resolve `%2e%2e` before sending it). */
function rawStatus(path: string): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) =>
    get({ hostname, port, path }, (res) => (res.resume(), resolve(res.statusCode!))).on('error', reject),
  );
}

test('the page and its hashed assets need no token; unknown assets are 404s; the API still does', async () => {
  const page = await fetch(`${server.url}/`);
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type')!, /^text\/html/);
  assert.match(page.headers.get('content-security-policy')!, /default-src 'self'/);
  const html = await page.text();
  const script = /src="\.\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
  assert.ok(script, html);
  const asset = await fetch(`${server.url}/assets/${script}`);
  assert.equal(asset.status, 200);
  assert.match(asset.headers.get('content-type')!, /^text\/javascript/);
  assert.match(asset.headers.get('cache-control')!, /immutable/);
  assert.equal(await asset.text(), readFileSync(join(WEB, 'assets', script), 'utf8'));
  for (const path of ['/assets/nope.js', '/assets/..%2Findex.html', '/assets/%2e%2e%2f%2e%2e%2fpackage.json'])
    assert.equal(await rawStatus(path), 404, path);
  assert.equal((await api(`${server.url}/v1/skills`)).status, 401);
});

test('the playground ships at most 400 KB of gzipped JavaScript, with no URL of another host to load', () => {
  const scripts = readdirSync(join(WEB, 'assets')).filter((f) => f.endsWith('.js'));
  const gzipped = scripts.reduce((sum, f) => sum + gzipSync(readFileSync(join(WEB, 'assets', f))).length, 0);
  assert.ok(gzipped <= 400 * 1024, `${Math.round(gzipped / 1024)} KB gzipped`);
  const html = readFileSync(join(WEB, 'index.html'), 'utf8');
  assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//);
});

test('GET /v1/diagnostics names each file kept out of the catalog, relative to the config, with line and column', async () => {
  const { status, body } = await api(`${server.url}/v1/diagnostics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  assert.equal(status, 200);
  assert.deepEqual(body.files, [
    {
      path: 'skills/broken.md',
      diagnostics: [
        {
          severity: 'error',
          code: 'aegis/unknown-step-type',
          message: 'step "oops" has unknown type "teleport"; use tool, prompt, template or await',
          line: 12,
          column: 11,
        },
      ],
    },
  ]);
});

test(
  'with tokens set, the page asks for one once ("API token") and then shows the catalog',
  { skip: browserSkip },
  async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      await page.getByLabel('API token').fill('wrong');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alert').getByText(/token/i).waitFor();
      await page.getByLabel('API token').fill(TOKEN);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('link', { name: 'order', exact: true }).waitFor();
      await page.reload();
      await page.getByRole('link', { name: 'order', exact: true }).waitFor();
      assert.equal(await page.getByLabel('API token').count(), 0);
    } finally {
      await browser.close();
    }
  },
);
