import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { dialects, type FileDialect, type FolderDialect } from '../dialects/index.js';
import type { Diagnostic } from '../ir/diagnostic.js';
import type { DialectName, Skill } from '../ir/skill.js';
import { capDiagnostics } from './cap-diagnostics.js';

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
}

export interface LoadedPaths {
  units: LoadedUnit[];
  /** Files found while walking folders that belong to no dialect. */
  skipped: string[];
}

const IGNORED_DIRS = new Set(['node_modules', '.git', '.skein', 'dist']);

/**
 * One thing to load, found by walking the paths: a file (named by the user, or met in a folder), a
 * skill folder that a folder dialect claims, or a path that could not be loaded at all.
 */
export type LoadTarget =
  | { kind: 'file'; path: string; explicit: boolean }
  | { kind: 'folder'; path: string; dialect: DialectName }
  | { kind: 'failed'; unit: LoadedUnit };

/** File and folder reads in flight at once (enough to hide I/O waits, few file handles). */
const READS_IN_FLIGHT = 32;

/**
 * Loads skills from files and folders. A file named explicitly must belong to a dialect; files met
 * while walking a folder that belong to none (a README, a reference page) are skipped, and one that
 * looks like a skill of some dialect without being one is named, with a warning that says why.
 */
export async function loadPaths(paths: readonly string[], options: LoadOptions = {}): Promise<LoadedPaths> {
  return loadTargets(await findTargets(paths, options), options);
}

/** What to load under `paths`, in the order of a sorted walk (folders are read concurrently). */
export async function findTargets(
  paths: readonly string[],
  options: LoadOptions = {},
): Promise<LoadTarget[]> {
  const slots = new Slots(READS_IN_FLIGHT);
  const found = await Promise.all(
    paths.map(async (path): Promise<LoadTarget[]> => {
      let info;
      try {
        info = await stat(path);
      } catch {
        return [failed(path, 'skein/not-found', `no such file or folder: ${path}`)];
      }
      if (info.isDirectory()) return walkFolder(path, options, slots);
      if (info.isFile()) return [{ kind: 'file', path, explicit: true }];
      // Reading a FIFO or a device can wait for ever, or never end.
      return [
        failed(
          path,
          'skein/not-a-file',
          `${path} is not a regular file (a FIFO, socket or device); give a skill file or a folder`,
        ),
      ];
    }),
  );
  return found.flat();
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

async function loadTarget(target: LoadTarget, options: LoadOptions): Promise<LoadedPaths> {
  const out: LoadedPaths = { units: [], skipped: [] };
  if (target.kind === 'failed') out.units.push(target.unit);
  else if (target.kind === 'file') await loadFile(target.path, options, out, target.explicit);
  else {
    // A dialect can have a file and a folder front end under one name (skill documents do).
    const dialect = dialects.find((d) => d.name === target.dialect && 'claimsFolder' in d) as FolderDialect;
    const result = await dialect.loadFolder(target.path);
    out.units.push({
      path: target.path,
      dialect: dialect.name,
      ...result,
      diagnostics: capDiagnostics(result.diagnostics),
    });
  }
  return out;
}

/**
 * Checks the text of one file given in full (an editor's buffer, an HTTP request): the dialect is
 * recognised from the text and the path's name, or forced; text of no dialect is an error.
 */
export function loadText(path: string, text: string, options: LoadOptions = {}): LoadedUnit {
  const out: LoadedPaths = { units: [], skipped: [] };
  readText(path, text.replace(/^\uFEFF/, ''), options, out, true);
  return out.units[0];
}

/** The targets under a folder: itself when a folder dialect claims it, else what its entries hold. */
async function walkFolder(path: string, options: LoadOptions, slots: Slots): Promise<LoadTarget[]> {
  const entries = await slots.run(() => readdir(path, { withFileTypes: true }));
  const names = entries.map((e) => e.name);
  const folderDialect = pick<FolderDialect>('claimsFolder', options, false, (d) =>
    d.claimsFolder(path, names),
  );
  if (folderDialect) return [{ kind: 'folder', path, dialect: folderDialect.name }];
  const children = entries
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map(async (e): Promise<LoadTarget[]> => {
      const child = join(path, e.name);
      if (e.isDirectory()) {
        const walk = (!IGNORED_DIRS.has(e.name) && !e.name.startsWith('.')) || e.name === '.skills';
        return walk ? walkFolder(child, options, slots) : [];
      }
      return e.isFile() ? [{ kind: 'file', path: child, explicit: false }] : [];
    });
  return (await Promise.all(children)).flat();
}

async function loadFile(
  path: string,
  options: LoadOptions,
  out: LoadedPaths,
  explicit: boolean,
): Promise<void> {
  let text: string;
  try {
    text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  } catch (e) {
    out.units.push(failure(path, 'skein/unreadable', `cannot read ${path}: ${(e as Error).message}`));
    return;
  }
  readText(path, text, options, out, explicit);
}

/** At most `size` operations at a time; the rest wait their turn in order. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(operation: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await operation();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

function readText(
  path: string,
  text: string,
  options: LoadOptions,
  out: LoadedPaths,
  explicit: boolean,
): void {
  const dialect = pick<FileDialect>('claimsFile', options, explicit, (d) => d.claimsFile(path, text));
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
    else out.skipped.push(path);
    return;
  }
  try {
    const result = dialect.loadFile(path, text);
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

function failed(path: string, code: string, message: string): LoadTarget {
  return { kind: 'failed', unit: failure(path, code, message) };
}

function failure(path: string, code: string, message: string): LoadedUnit {
  return {
    path,
    skills: [],
    diagnostics: [{ file: path, line: 1, column: 1, severity: 'error', code, message }],
  };
}
