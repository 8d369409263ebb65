#!/usr/bin/env node
// Bundles the command line into dist/cli-bundle/ with esbuild: our code plus `yaml`, `semver`,
// `stopword`, `stemmer` and Ajv's runtime helpers in a few files, other packages left to node_modules.
// Loading ~120 small files is what made a cold `skein validate` take ~210 ms; bundled it takes ~150 ms.
// Commands stay separate chunks, so `validate` never loads what `run` needs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const bundled = new Set(['yaml', 'semver', 'stopword', 'stemmer']);
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]
  .filter((name) => !bundled.has(name))
  .flatMap((name) => [name, `${name}/*`]);

// Ajv's runtime helpers, which the validators compiled ahead of time import (src/**/*.generated.ts), are
// two small CommonJS files (and fast-deep-equal): loaded from node_modules, Node's CommonJS-from-ESM
// translation of them took ~4 ms of every cold command; bundled, none.
const ajvRuntime = {
  name: 'ajv-runtime',
  setup(b) {
    b.onResolve({ filter: /^ajv\/dist\/runtime\// }, (args) => ({
      path: createRequire(`${args.resolveDir}/`).resolve(args.path),
    }));
  },
};

await build({
  // The worker threads' entries too: from dist/skills they loaded ~100 files each, ~90 ms of a
  // thread's start in `validate` of 1,000 skills; bundled, they share the CLI's chunks.
  entryPoints: {
    main: `${root}src/cli/main.ts`,
    'load-worker': `${root}src/skills/load-worker.ts`,
    'count-worker': `${root}src/tokens/count-worker.ts`,
  },
  outdir: `${root}dist/cli-bundle`,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  plugins: [ajvRuntime],
  // Packages' ES modules first (stopword's keeps one file per language, so only the two the router
  // reads are bundled: its CommonJS build of every language cost `skein route` ~80 ms of CPU).
  mainFields: ['module', 'main'],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
