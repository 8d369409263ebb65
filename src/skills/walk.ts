import { readdir, realpath, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { dialects, type FolderDialect } from '../dialects/index.js';
import type { Diagnostic } from '../ir/diagnostic.js';
import type { DialectName } from '../ir/skill.js';
import { READS_IN_FLIGHT, Slots } from './slots.js';

/** A file or folder a walk did not load, and why (`validate --verbose` lists them). */
export interface SkippedPath {
  path: string;
  reason: string;
}

/**
 * One thing to load, found by walking the paths: a file (named by the user, or met in a folder), a
 * skill folder that a folder dialect claims, or a finding about a path that is not loaded.
 */
export type LoadTarget =
  | { kind: 'file'; path: string; explicit: boolean }
  | { kind: 'folder'; path: string; dialect: DialectName }
  | { kind: 'report'; path: string; diagnostics: Diagnostic[] };

/** What walking some paths found. */
export interface Walk {
  targets: LoadTarget[];
  skipped: SkippedPath[];
}

/**
 * Folders a walk never enters: they hold no skills (the Agent Skills client guide: "Skip directories
 * that won't contain skills, such as .git/ and node_modules/"). Other dot folders are searched:
 * `.claude/skills`, `.agents/skills`, `skills/.curated` hold skills.
 */
const IGNORED_DIRS = new Map([
  ['.git', 'version control data'],
  ['.hg', 'version control data'],
  ['.svn', 'version control data'],
  ['node_modules', 'installed packages'],
  ['.skein', "Skein's run state"],
  ['dist', 'build output'],
  ['__pycache__', 'Python bytecode'],
  ['.venv', 'a Python environment'],
]);

/**
 * What to load under `paths`, in the order of a sorted walk (folders are read concurrently). A
 * symbolic link is followed when it points inside the folder named (a folder reached twice loads
 * once, by its own path); one pointing outside is not, and one to a skill folder is named in a warning.
 */
export async function findTargets(
  paths: readonly string[],
  options: { dialect?: DialectName } = {},
): Promise<Walk> {
  const slots = new Slots(READS_IN_FLIGHT);
  const walks = await Promise.all(
    paths.map(async (path): Promise<Walk> => {
      let info;
      try {
        info = await stat(path);
      } catch {
        return reportOnly(path, 'error', 'skein/not-found', `no such file or folder: ${path}`);
      }
      if (info.isDirectory()) return new FolderWalk(path, options.dialect, slots).run();
      if (info.isFile()) return { targets: [{ kind: 'file', path, explicit: true }], skipped: [] };
      // Reading a FIFO or a device can wait for ever, or never end.
      return reportOnly(
        path,
        'error',
        'skein/not-a-file',
        `${path} is not a regular file (a FIFO, socket or device); give a skill file or a folder`,
      );
    }),
  );
  return { targets: walks.flatMap((w) => w.targets), skipped: walks.flatMap((w) => w.skipped) };
}

/** The walk of one folder the user named. */
class FolderWalk {
  private readonly skipped: SkippedPath[] = [];
  private rootReal?: Promise<string>;
  private linked = false;

  constructor(
    private readonly root: string,
    private readonly dialect: DialectName | undefined,
    private readonly slots: Slots,
  ) {}

  async run(): Promise<Walk> {
    const targets = await this.walk(this.root);
    return { targets: this.linked ? await this.once(targets) : targets, skipped: this.skipped };
  }

  /** The targets under a folder: itself when a folder dialect claims it, else what its entries hold. */
  private async walk(path: string): Promise<LoadTarget[]> {
    const entries = await this.slots.run(() => readdir(path, { withFileTypes: true }));
    const claimed = this.folderDialect(
      path,
      entries.map((e) => e.name),
    );
    if (claimed) return [{ kind: 'folder', path, dialect: claimed.name }];
    const children = entries
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map(async (e): Promise<LoadTarget[]> => {
        const child = join(path, e.name);
        if (e.isSymbolicLink()) return this.viaLink(child);
        if (e.isDirectory()) {
          const ignored = IGNORED_DIRS.get(e.name);
          if (!ignored) return this.walk(child);
          this.skipped.push({ path: child, reason: `${ignored}, not searched` });
          return [];
        }
        if (e.isFile()) return [{ kind: 'file', path: child, explicit: false }];
        this.skipped.push({ path: child, reason: 'not a regular file' });
        return [];
      });
    return (await Promise.all(children)).flat();
  }

  private folderDialect(path: string, names: readonly string[]): FolderDialect | undefined {
    for (const d of dialects)
      if ('claimsFolder' in d && (!this.dialect || d.name === this.dialect) && d.claimsFolder(path, names))
        return d;
    return undefined;
  }

  /** A symbolic link met in the walk: followed when it stays inside the named folder. */
  private async viaLink(link: string): Promise<LoadTarget[]> {
    let target: string;
    let isDir: boolean;
    try {
      target = await realpath(link);
      isDir = (await stat(target)).isDirectory();
    } catch {
      this.skipped.push({ path: link, reason: 'a symbolic link to nothing' });
      return [];
    }
    const root = await (this.rootReal ??= realpath(this.root));
    if (!inside(target, root)) return this.outside(link, target, isDir);
    if (isDir && inside(await realpath(dirname(link)), target)) {
      this.skipped.push({ path: link, reason: `a symbolic link to ${target}, which holds it (a loop)` });
      return [];
    }
    this.linked = true;
    return isDir ? this.walk(link) : [{ kind: 'file', path: link, explicit: false }];
  }

  /** A link leading out of the named folder: not followed; a warning when it leads to a skill folder. */
  private async outside(link: string, target: string, isDir: boolean): Promise<LoadTarget[]> {
    const names = isDir ? await readdir(target).catch(() => []) : [];
    const skill = isDir ? this.folderDialect(target, names) : undefined;
    if (!skill) {
      this.skipped.push({ path: link, reason: `a symbolic link to ${target}, outside ${this.root}` });
      return [];
    }
    const message = `${link} links to the ${skill.name} skill folder ${target}, outside ${this.root}; links are followed only inside the folder searched: name ${target} to load it`;
    return reportOnly(link, 'warning', 'skein/link-outside', message).targets;
  }

  /** The targets with each real file or folder once: by its own path rather than through a link. */
  private async once(targets: LoadTarget[]): Promise<LoadTarget[]> {
    const root = await (this.rootReal ??= realpath(this.root));
    const reals = await Promise.all(
      targets.map((t) => (t.kind === 'report' ? undefined : realpath(t.path).catch(() => undefined))),
    );
    const kept = new Map<string, number>();
    reals.forEach((real, i) => {
      if (real === undefined) return;
      const direct = resolve(root, relative(this.root, targets[i].path)) === real;
      const first = kept.get(real);
      if (first === undefined || (direct && resolve(root, relative(this.root, targets[first].path)) !== real))
        kept.set(real, i);
    });
    return targets.filter((t, i) => {
      const real = reals[i];
      if (real === undefined || kept.get(real) === i) return true;
      this.skipped.push({
        path: t.path,
        reason: `the same as ${targets[kept.get(real)!].path}, loaded there`,
      });
      return false;
    });
  }
}

/** Whether `path` is `folder` or inside it. */
function inside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

function reportOnly(path: string, severity: Diagnostic['severity'], code: string, message: string): Walk {
  return {
    targets: [
      { kind: 'report', path, diagnostics: [{ file: path, line: 1, column: 1, severity, code, message }] },
    ],
    skipped: [],
  };
}
