#!/usr/bin/env node
// The build's stamp: `npm run build` writes dist/.built when it has finished, and `npm test` builds
// again only when a source of the build is newer than it (scripts/test.mjs). So CI's `npm ci`, which
// builds (prepare), is not followed by a second build of the same sources.
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const STAMP = join(root, 'dist', '.built');
/** What the build reads: the sources, the playground, the build's scripts and configuration. */
const INPUTS = [
  'src',
  'web',
  'scripts/clean-dist.mjs',
  'scripts/bundle-cli.mjs',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

/** The newest modification time of a file under `path`, in ms. */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Whether dist/ was built after every input of the build last changed. */
export function buildIsCurrent() {
  let built;
  try {
    built = statSync(STAMP).mtimeMs;
  } catch {
    return false;
  }
  return INPUTS.every((input) => newest(join(root, input)) <= built);
}

if (import.meta.url === `file://${process.argv[1]}`) writeFileSync(STAMP, `${new Date().toISOString()}\n`);
