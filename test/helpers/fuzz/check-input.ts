import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { loadPaths } from '../../../src/skills/index.js';
import type { Diagnostic } from '../../../src/ir/diagnostic.js';
import type { DialectName } from '../../../src/ir/skill.js';
import type { Seed } from './seeds.js';

/** What loading one input gave: a problem (why the property fails) or none, and how long it took. */
export interface Outcome {
  problem?: string;
  ms: number;
  diagnostics: number;
}

/** Messages that only a bug in Skein produces (a JavaScript error leaking out as a diagnostic). */
const LEAK =
  /is not a function|Cannot read propert|Cannot set propert|Maximum call stack|is not iterable|is not defined|Cannot convert|Invalid (array|string) length|out of memory|\bat .*\.[jt]s:\d+|internal error/i;

/** Whether a diagnostic shows a bug rather than a problem of the file; the reason, or undefined. */
export function badDiagnostic(d: Diagnostic): string | undefined {
  if (/internal-error$/.test(d.code)) return `${d.code}: ${d.message.split('\n')[0]}`;
  if (LEAK.test(d.message)) return `${d.code} leaks a JavaScript error: ${d.message.split('\n')[0]}`;
  if (!(d.line >= 1 && d.column >= 1)) return `${d.code} has no position (${d.line}:${d.column})`;
  if (!d.message) return `${d.code} has no message`;
  return undefined;
}

/** Loads skills from a path through the library, as `skein validate` does, and judges the outcome. */
export async function judgeLoad(path: string, dialect: DialectName): Promise<Outcome> {
  const start = performance.now();
  let diagnostics: Diagnostic[];
  try {
    diagnostics = (await loadPaths([path], { dialect })).units.flatMap((u) => u.diagnostics);
  } catch (e) {
    return { problem: `threw: ${(e as Error).message}`, ms: performance.now() - start, diagnostics: 0 };
  }
  const ms = performance.now() - start;
  for (const d of diagnostics) {
    const problem = badDiagnostic(d);
    if (problem) return { problem, ms, diagnostics: diagnostics.length };
  }
  return { ms, diagnostics: diagnostics.length };
}

/**
 * A scratch folder holding each seed's files once; a case overwrites one file, loads, and puts the
 * file back.
 */
export class Bench {
  private readonly root = mkdtempSync(join(tmpdir(), 'skein-fuzz-'));
  private readonly written = new Set<number>();

  constructor(private readonly seeds: readonly Seed[]) {}

  /** Loads seed `index` with `target`'s bytes replaced by `bytes`. */
  async check(index: number, target: string, bytes: Buffer): Promise<Outcome> {
    const seed = this.seeds[index];
    const dir = this.place(index);
    const file = join(dir, target);
    writeFileSync(file, bytes);
    try {
      return await judgeLoad(seed.folder ? dir : file, seed.dialect);
    } finally {
      writeFileSync(file, seed.files.get(target)!);
    }
  }

  /** Removes the scratch folder. */
  close(): void {
    rmSync(this.root, { recursive: true, force: true });
  }

  private place(index: number): string {
    const seed = this.seeds[index];
    const dir = join(this.root, String(index), seed.folder ? basename(seed.origin) : '');
    if (!this.written.has(index)) {
      for (const [rel, bytes] of seed.files) {
        mkdirSync(dirname(join(dir, rel)), { recursive: true });
        writeFileSync(join(dir, rel), bytes);
      }
      this.written.add(index);
    }
    return dir;
  }
}
