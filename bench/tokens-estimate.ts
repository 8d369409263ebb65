import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { estimatedEnds } from '../src/tokens/estimate.js';

const ROOT = join(import.meta.dirname, '..');
const CORPUS = process.env.SKEIN_CORPUS ?? join(import.meta.dirname, '../../shared/corpus');
const PLAIN = { disallowedSpecial: new Set<string>() };

/**
 * The token estimate of a lean install (no gpt-tokenizer) against o200k_base: total and per-file error
 * on the bundled examples (where the pieces were chosen) and on each corpus folder (held out), and
 * the time each takes per MB of text.
 */
export function benchTokensEstimate(): void {
  console.log('\n[tokens estimate] estimated / exact (o200k_base) tokens; per-file mean |error|; ms per MB');
  const sets: [string, string][] = [['examples (tuned on)', join(ROOT, 'examples')]];
  try {
    for (const name of readdirSync(CORPUS).sort())
      if (statSync(join(CORPUS, name)).isDirectory())
        sets.push([`corpus/${name} (held out)`, join(CORPUS, name)]);
  } catch {
    console.log(`  corpus not found at ${CORPUS}: held-out sets skipped`);
  }
  for (const [name, dir] of sets) report(name, texts(dir));
}

function report(name: string, files: string[]): void {
  if (!files.length) return;
  let exact = 0;
  let estimate = 0;
  let errors = 0;
  let exactMs = 0;
  let estimateMs = 0;
  let bytes = 0;
  for (const text of files) {
    bytes += Buffer.byteLength(text);
    let t0 = performance.now();
    const e = encode(text, PLAIN).length;
    exactMs += performance.now() - t0;
    t0 = performance.now();
    const s = estimatedEnds(text).length;
    estimateMs += performance.now() - t0;
    exact += e;
    estimate += s;
    errors += e ? Math.abs(s - e) / e : 0;
  }
  const mb = bytes / 1e6;
  console.log(
    `  ${name.padEnd(32)} ${files.length} files, ${exact} tokens: ratio ${(estimate / exact).toFixed(3)}, ` +
      `per-file ±${((errors / files.length) * 100).toFixed(1)}%; exact ${(exactMs / mb).toFixed(0)} ms/MB, ` +
      `estimate ${(estimateMs / mb).toFixed(0)} ms/MB`,
  );
}

function texts(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(md|txt|json|ya?ml|py)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    if (path.includes('/node_modules/') || path.includes('/.skein/')) continue;
    const text = readFileSync(path, 'utf8');
    if (text.trim()) out.push(text);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) benchTokensEstimate();
