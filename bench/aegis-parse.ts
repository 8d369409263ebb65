import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { bench, group, run, summary } from 'mitata';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { compileAegis } from '../src/dialects/aegis/compile.js';

const CORPUS = process.env.SKEIN_CORPUS ?? join(import.meta.dirname, '../../shared/corpus');

/** Parse + check throughput of the Aegis front end over the corpus, beside a CommonMark tree parse alone. */
export async function benchAegisParse(): Promise<void> {
  const dir = join(CORPUS, 'aegis');
  if (!existsSync(dir)) {
    console.log(`aegis parse bench skipped: no corpus at ${dir}`);
    return;
  }
  const files = [
    ...readdirSync(dir),
    ...readdirSync(join(dir, 'spec_examples')).map((f) => join('spec_examples', f)),
  ]
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ path: f, text: readFileSync(join(dir, f), 'utf8') }));
  const bytes = files.reduce((n, f) => n + f.text.length, 0);
  console.log(
    `\nAegis parse + check: ${files.length} corpus files, ${(bytes / 1024).toFixed(0)} KB (one iteration = all files)`,
  );
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
  const { benchmarks } = await run();
  const [skein, mdast] = benchmarks.map((b) => b.runs[0]?.stats?.avg ?? NaN);
  const perSecond = (files.length / skein) * 1e9;
  console.log(
    `\n[aegis parse+check] ${perSecond.toFixed(0)} files/s on one core (target >= 1000); ` +
      `a CommonMark tree alone (mdast) is ${(mdast / skein).toFixed(1)}x slower than Skein's whole parse + check`,
  );
}
