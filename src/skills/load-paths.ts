import { dialects, type FileDialect, type FolderDialect } from '../dialects/index.js';
import type { Diagnostic } from '../ir/diagnostic.js';
import { diskFiles } from '../ir/disk-files.js';
import type { FileSource } from '../ir/file-source.js';
import { RecordingFiles, rememberFiles } from '../ir/skill-files.js';
import type { DialectName, Skill } from '../ir/skill.js';
import { capDiagnostics } from './cap-diagnostics.js';
import { READS_IN_FLIGHT, Slots } from './slots.js';
import { findTargets, type LoadTarget, type SkippedPath } from './walk.js';

export { findTargets, type LoadTarget, type SkippedPath } from './walk.js';

/** What loading one file or skill folder produced. */
export interface LoadedUnit {
  path: string;
  dialect?: DialectName;
  skills: Skill[];
  diagnostics: Diagnostic[];
}

export interface LoadOptions {
  /** Force one dialect instead of recognising it from content and names. */
  dialect?: DialectName;
  /**
   * Where files are read from (ARCHITECTURE.md, "File sources"): the disk by default; text checked
   * in memory (`POST /v1/validate`, a stored snapshot) passes `MemoryFiles`, so nothing else is read.
   */
  files?: FileSource;
}

export interface LoadedPaths {
  units: LoadedUnit[];
  /** Files and folders met while walking folders that were not loaded, each with the reason. */
  skipped: SkippedPath[];
}

/**
 * Loads skills from files and folders. A file named explicitly must belong to a dialect; files met
 * while walking a folder that belong to none (a README, a reference page, a subagent's Markdown) are
 * skipped with the reason, and one that looks like a skill of some dialect without being one is named,
 * with a warning that says why.
 */
export async function loadPaths(paths: readonly string[], options: LoadOptions = {}): Promise<LoadedPaths> {
  const walk = await findTargets(paths, options);
  const loaded = await loadTargets(walk.targets, options);
  return { units: loaded.units, skipped: [...walk.skipped, ...loaded.skipped] };
}

/**
 * Loads targets, reading ahead (a bounded number at a time) and compiling each file as its text
 * arrives; the units keep the targets' order.
 */
export async function loadTargets(
  targets: readonly LoadTarget[],
  options: LoadOptions = {},
): Promise<LoadedPaths> {
  const slots = new Slots(READS_IN_FLIGHT);
  const parts = await Promise.all(targets.map((t) => slots.run(() => loadTarget(t, options))));
  return { units: parts.flatMap((p) => p.units), skipped: parts.flatMap((p) => p.skipped) };
}

/** Loads one target, each skill it makes remembering the files its compiler read (its snapshot). */
async function loadTarget(target: LoadTarget, given: LoadOptions): Promise<LoadedPaths> {
  const recorder = new RecordingFiles(given.files ?? diskFiles);
  const options = { ...given, files: recorder };
  const out: LoadedPaths = { units: [], skipped: [] };
  if (target.kind === 'report')
    out.units.push({ path: target.path, skills: [], diagnostics: target.diagnostics });
  else if (target.kind === 'file') await loadFile(target.path, options, out, target.explicit);
  else {
    // A dialect can have a file and a folder front end under one name (skill documents do).
    const dialect = dialects.find((d) => d.name === target.dialect && 'claimsFolder' in d) as FolderDialect;
    const result = await dialect.loadFolder(target.path, options.files ?? diskFiles);
    out.units.push({
      path: target.path,
      dialect: dialect.name,
      ...result,
      diagnostics: capDiagnostics(result.diagnostics),
    });
  }
  const files = recorder.files();
  for (const unit of out.units) for (const skill of unit.skills) rememberFiles(skill, files);
  return out;
}

/**
 * Checks the text of one file given in full (an editor's buffer, an HTTP request): the dialect is
 * recognised from the text and the path's name, or forced; text of no dialect is an error.
 */
export function loadText(path: string, text: string, given: LoadOptions = {}): LoadedUnit {
  const out: LoadedPaths = { units: [], skipped: [] };
  const recorder = new RecordingFiles(given.files ?? diskFiles);
  const bare = text.replace(/^\uFEFF/, '');
  recorder.record(path, bare);
  readText(path, bare, { ...given, files: recorder }, out, true);
  const files = recorder.files();
  for (const skill of out.units[0].skills) rememberFiles(skill, files);
  return out.units[0];
}

async function loadFile(
  path: string,
  options: LoadOptions,
  out: LoadedPaths,
  explicit: boolean,
): Promise<void> {
  let text: string;
  try {
    text = (await (options.files ?? diskFiles).read(path)).replace(/^\uFEFF/, '');
  } catch (e) {
    out.units.push(failure(path, 'skein/unreadable', `cannot read ${path}: ${(e as Error).message}`));
    return;
  }
  readText(path, text, options, out, explicit);
}

function readText(
  path: string,
  text: string,
  options: LoadOptions,
  out: LoadedPaths,
  explicit: boolean,
): void {
  const files = options.files ?? diskFiles;
  const dialect = pick<FileDialect>('claimsFile', options, explicit, (d) =>
    d.claimsFile(path, text, explicit, files),
  );
  if (!dialect) {
    const looks = resemblance(path, text, options);
    if (explicit)
      out.units.push(
        failure(
          path,
          'skein/unknown-dialect',
          `${path} is not a skill file of any known dialect (no "# skill:" header, "### AgenticDSL" block, or SKILL.md frontmatter)${looks ? `: ${looks}` : ''}; use --dialect to force one`,
        ),
      );
    else if (looks)
      out.units.push({
        path,
        skills: [],
        diagnostics: [
          {
            file: path,
            line: 1,
            column: 1,
            severity: 'warning',
            code: 'skein/skipped',
            message: `skipped, though it looks like a skill: ${looks}`,
          },
        ],
      });
    else
      out.skipped.push({
        path,
        reason: passedOver(path, text, options) ?? 'not a skill file of any dialect',
      });
    return;
  }
  try {
    const result = dialect.loadFile(path, text, files);
    out.units.push({
      path,
      dialect: dialect.name,
      ...result,
      diagnostics: capDiagnostics(result.diagnostics),
    });
  } catch (e) {
    // A front end must never crash the loader; if one does, the file still gets a diagnostic.
    out.units.push(
      failure(
        path,
        'skein/internal-error',
        `internal error while loading: ${e instanceof Error ? e.message : String(e)}`,
      ),
    );
  }
}

/**
 * The dialect that claims a file or folder. `--dialect` restricts the choice to one dialect, and for a
 * file named explicitly it skips recognition altogether.
 */
function pick<D extends FileDialect | FolderDialect>(
  method: 'claimsFile' | 'claimsFolder',
  options: LoadOptions,
  force: boolean,
  claims: (d: D) => boolean,
): D | undefined {
  for (const d of dialects) {
    if (!(method in d) || (options.dialect && d.name !== options.dialect)) continue;
    if ((force && options.dialect) || claims(d as D)) return d as D;
  }
  return undefined;
}

/** Why a file no dialect claims looks like a skill of one (`<dialect>: <why>`), or undefined. */
function resemblance(path: string, text: string, options: LoadOptions): string | undefined {
  for (const d of dialects) {
    if (!('resembles' in d) || !d.resembles || (options.dialect && d.name !== options.dialect)) continue;
    const why = d.resembles(path, text);
    if (why) return `${d.name}: ${why}`;
  }
  return undefined;
}

/** Why a dialect passed over a file in a walk that it would read if it were named, or undefined. */
function passedOver(path: string, text: string, options: LoadOptions): string | undefined {
  for (const d of dialects) {
    if (!('passedOver' in d) || !d.passedOver || (options.dialect && d.name !== options.dialect)) continue;
    const why = d.passedOver(path, text);
    if (why) return why;
  }
  return undefined;
}

function failure(path: string, code: string, message: string): LoadedUnit {
  return {
    path,
    skills: [],
    diagnostics: [{ file: path, line: 1, column: 1, severity: 'error', code, message }],
  };
}
