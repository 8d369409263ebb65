import type { Diagnostic } from '../ir/diagnostic.js';

/** The diagnostics kept per file; a broken file can make a reader find one per line. */
export const MAX_DIAGNOSTICS_PER_FILE = 100;

/**
 * Keeps the first MAX_DIAGNOSTICS_PER_FILE diagnostics of each file (errors before warnings) and says how
 * many more there were, in one diagnostic after them.
 */
export function capDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const list = byFile.get(d.file);
    if (list) list.push(d);
    else byFile.set(d.file, [d]);
  }
  if ([...byFile.values()].every((l) => l.length <= MAX_DIAGNOSTICS_PER_FILE)) return diagnostics;
  const out: Diagnostic[] = [];
  for (const [file, list] of byFile) {
    if (list.length <= MAX_DIAGNOSTICS_PER_FILE) {
      out.push(...list);
      continue;
    }
    const errors = list.filter((d) => d.severity === 'error');
    const kept = [...errors, ...list.filter((d) => d.severity !== 'error')].slice(
      0,
      MAX_DIAGNOSTICS_PER_FILE,
    );
    const last = kept[kept.length - 1];
    out.push(...kept, {
      file,
      line: last.line,
      column: last.column,
      severity: 'warning',
      code: 'skein/more-diagnostics',
      message: `${list.length - kept.length} more diagnostics in this file are not shown; fix the ones above first`,
    });
  }
  return out;
}
