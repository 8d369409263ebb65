import { compareDiagnostics, type Diagnostic } from '../ir/diagnostic.js';
import type { DialectName, Skill, CheckFacts } from '../ir/skill.js';
import { checkCalls } from './check-calls.js';
import { loadText, type LoadedUnit, type LoadOptions } from './load-paths.js';

/** One entry of `validate --json`'s `files` (and the answer of `POST /v1/validate`). */
export interface FileReport {
  path: string;
  dialect: DialectName | null;
  skills: { id: string; version: string }[];
  diagnostics: DiagnosticReport[];
}

/** A diagnostic as `validate --json` prints it: 1-based lines and columns. */
export interface DiagnosticReport {
  severity: Diagnostic['severity'];
  code: string;
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** When the finding is in another file than the unit's own (a file inside a skill folder). */
  file?: string;
  /** The edit that fixes it: replace from line:column up to endLine:endColumn with `text`. */
  fix?: { line: number; column: number; endLine: number; endColumn: number; text: string };
}

/** A loaded unit as `validate --json` reports it, diagnostics in file order. */
export function fileReport(
  unit: Pick<LoadedUnit, 'path' | 'dialect' | 'diagnostics'> & { skills: readonly CheckFacts[] },
): FileReport {
  return {
    path: unit.path,
    dialect: unit.dialect ?? null,
    skills: unit.skills.map((s) => ({ id: s.id, version: s.version })),
    diagnostics: [...unit.diagnostics].sort(compareDiagnostics).map((d) => diagnosticReport(d, unit.path)),
  };
}

function diagnosticReport(d: Diagnostic, unitPath: string): DiagnosticReport {
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    line: d.line,
    column: d.column,
    ...(d.end ? { endLine: d.end.line, endColumn: d.end.column } : {}),
    ...(d.file !== unitPath ? { file: d.file } : {}),
    ...(d.fix
      ? {
          fix: {
            line: d.fix.start.line,
            column: d.fix.start.column,
            endLine: d.fix.end.line,
            endColumn: d.fix.end.column,
            text: d.fix.text,
          },
        }
      : {}),
  };
}

/**
 * Checks the text of one skill file as if it were at `path`, its calls checked against `known`
 * skills (a library): the report of `validate --json` for that one file.
 */
export function validateText(
  path: string,
  text: string,
  options: LoadOptions,
  known: readonly Skill[],
): FileReport {
  const unit = loadText(path, text, options);
  const others = known.map((s): LoadedUnit => ({ path: s.source, skills: [s], diagnostics: [] }));
  checkCalls([unit, ...others]);
  return fileReport(unit);
}
