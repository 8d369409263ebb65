import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newOpenApiApp } from './openapi-app.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** The folder of the built web playground (`dist/web` of the package), or undefined when it was not built. */
export function findWebAssets(from = dirname(fileURLToPath(import.meta.url))): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')))
      return existsSync(join(dir, 'dist/web/index.html')) ? join(dir, 'dist/web') : undefined;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The web playground: `/` is its page and `/assets/<file>` its hashed scripts and styles, read from
 * `dir` once and kept in memory. Without `dir` the page says how to build it. The page asks for a
 * token itself, so these routes need none.
 */
export function webRoutes(dir: string | undefined) {
  const router = newOpenApiApp();
  const files = new Map<string, Buffer>();
  const read = (name: string) => {
    // A file name of the build (hashed, no leading dot): never a folder or a path.
    if (!dir || !/^\w[\w.-]*$/.test(name)) return undefined;
    if (!files.has(name) && existsSync(join(dir, 'assets', name)))
      files.set(name, readFileSync(join(dir, 'assets', name)));
    return files.get(name);
  };
  const index = dir ? readFileSync(join(dir, 'index.html')) : undefined;
  router.get('/', (c) => {
    c.header('Cache-Control', 'no-cache');
    c.header(
      'Content-Security-Policy',
      "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
    );
    if (!index)
      return c.html(
        '<!doctype html><title>Skein</title><p>The web playground is not built: run <code>npm run build</code>.</p>',
        404,
      );
    return c.body(new Uint8Array(index), 200, { 'Content-Type': TYPES['.html'] });
  });
  router.get('/assets/:name', (c) => {
    const name = c.req.param('name');
    const body = read(name);
    if (!body) return c.notFound();
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': TYPES[extname(name)] ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
  return router;
}
