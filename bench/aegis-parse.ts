import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { bench, group, summary } from 'mitata';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { compileAegis } from '../src/formats/aegis/compile.js';

const CORPUS = process.env.SKEIN_CORPUS ?? join(import.meta.dirname, '../../shared/corpus');

/** Parse + check throughput of the Aegis front end over the corpus, beside a CommonMark tree parse alone. */
export function benchAegisParse(): void {
  const dir = join(CORPUS, 'aegis');
  if (!existsSync(dir)) {
    console.log(`aegis parse bench skipped: no corpus at ${dir}`);
    return;
  }
  const files = [...readdirSync(dir), ...readdirSync(join(dir, 'spec_examples')).map((f) => join('spec_examples', f))]
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ path: f, text: readFileSync(join(dir, f), 'utf8') }));
  const bytes = files.reduce((n, f) => n + f.text.length, 0);
  console.log(`\nAegis parse + check: ${files.length} corpus files, ${(bytes / 1024).toFixed(0)} KB (one iteration = all files)`);
  group('aegis parse+check, whole corpus', () => {
    summary(() => {
      bench('skein parse + check (all files)', () => {
        for (const f of files) compileAegis(f.path, f.text);
      }).baseline(true);
      bench('mdast-util-from-markdown tree only (all files)', () => {
        for (const f of files) fromMarkdown(f.text);
      });
    });
  });
}

/** Files per second of parse + check, measured directly, for the README table. */
export function aegisFilesPerSecond(): number | undefined {
  const dir = join(CORPUS, 'aegis');
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ path: f, text: readFileSync(join(dir, f), 'utf8') }));
  for (let i = 0; i < 20; i++) for (const f of files) compileAegis(f.path, f.text);
  const start = process.hrtime.bigint();
  let n = 0;
  while (process.hrtime.bigint() - start < 1_000_000_000n) {
    for (const f of files) compileAegis(f.path, f.text);
    n += files.length;
  }
  return n / (Number(process.hrtime.bigint() - start) / 1e9);
}
