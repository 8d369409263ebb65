import { posix } from 'node:path';
import type { FileSource } from '../../ir/file-source.js';
import { closest } from '../kit/did-you-mean.js';
import type { Reporter } from './reporter.js';
import type { ResourceFile } from './resources.js';

/** `[text](target)` and `![alt](target)`: the target, in angle brackets or up to a blank or `)`. */
const INLINE_LINK = /!?\[[^\]\n]*\]\(\s*(<[^>\n]*>|[^)\s]+)/g;
/** `[label]: target`, a link reference definition (`[^1]: …` is a footnote). */
const DEFINITION = /^ {0,3}\[(?!\^)[^\]\n]+\]:\s*(<[^>\n]*>|\S+)/;
/** Claude Code's placeholder for the skill's folder. */
const BASE_DIR = /^\{baseDir\}\//;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const CODE_SPAN = /(`+)[^`]*?\1/g;

/**
 * Relative links in the body of a skill folder's SKILL.md that lead to no file ("use relative paths
 * from the skill root"): a warning naming the closest file of the folder, with the edit to link it.
 * Links inside code, to web addresses, to anchors and to absolute paths are not checked.
 */
export function checkLinks(
  text: string,
  bodyStart: number,
  folder: { path: string; files: readonly ResourceFile[]; source: FileSource },
  report: Reporter,
): void {
  let fence: string | undefined;
  let pos = bodyStart;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(pos, end);
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length && !line.slice(f[0].length).trim())
        fence = undefined;
    } else if (f) fence = f[1];
    else {
      // Code spans become blanks of the same length, so offsets stay right.
      const prose = line.replace(CODE_SPAN, (m) => ' '.repeat(m.length));
      const def = DEFINITION.exec(prose);
      if (def) check(def[1], pos + def.index + def[0].length - def[1].length, folder, report);
      for (const m of prose.matchAll(INLINE_LINK))
        check(m[1], pos + m.index + m[0].length - m[1].length, folder, report);
    }
    pos = end + 1;
  }
}

function check(
  written: string,
  at: number,
  folder: { path: string; files: readonly ResourceFile[]; source: FileSource },
  report: Reporter,
): void {
  const bracketed = written.startsWith('<');
  const target = bracketed ? written.slice(1, -1) : written;
  if (/^([a-z][a-z0-9+.-]*:|#|\/|~)/i.test(target)) return;
  const path = decode(target.replace(BASE_DIR, '').replace(/[?#].*$/, ''));
  if (!path || folder.source.exists(posix.join(folder.path, path))) return;
  const near = closest(path, nearCandidates(path, folder.files));
  const fixed = near && (/\s/.test(near) ? `<${near}>` : near);
  report.warn(
    'broken-link',
    `the link "${target}" leads to no file in the skill folder${near ? `; did you mean "${near}"?` : ''} (links are relative to the folder of SKILL.md)`,
    at,
    at + written.length,
    fixed
      ? { start: at, end: at + written.length, text: fixed + target.slice(target.search(/[?#]|$/)) }
      : undefined,
  );
}

/** The folder's files, and each under its own name alone (a link to `forms.md` may mean `references/forms.md`). */
function nearCandidates(path: string, files: readonly ResourceFile[]): string[] {
  const name = posix.basename(path);
  const sameName = files.filter((f) => posix.basename(f.path) === name).map((f) => f.path);
  return sameName.length === 1 ? sameName : files.map((f) => f.path);
}

function decode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
