import { extname, join } from 'node:path';
import type { FileSource } from '../../ir/file-source.js';
import { findFrontmatter } from './frontmatter-block.js';
import { atxHeading } from '../kit/headings.js';

/** A file of a skill folder besides SKILL.md: a reference, a script or an asset. */
export interface ResourceFile {
  /** Path relative to the skill folder, with `/`. */
  path: string;
  abs: string;
  size: number;
  kind: 'reference' | 'script' | 'asset';
}

/** What a folder walk found, and whether it stopped at the bound. */
export interface ResourceListing {
  files: ResourceFile[];
  truncated: boolean;
}

const MAX_DEPTH = 6;
const MAX_FILES = 2000;
const SKIPPED_DIRS = new Set(['node_modules', '__pycache__']);
const REFERENCE_EXT = new Set(['.md', '.mdx', '.markdown']);
const SCRIPT_EXT = new Set([
  '.py',
  '.js',
  '.mjs',
  '.cjs',
  '.ts',
  '.sh',
  '.bash',
  '.rb',
  '.go',
  '.ps1',
  '.pl',
  '.php',
  '.lua',
]);

/**
 * The files of a skill folder (SKILL.md and hidden files excepted), sorted by path, bounded in depth
 * and number. `scripts/` holds scripts, `assets/` assets; elsewhere Markdown is a reference, code a
 * script and anything else an asset.
 */
export function listResources(dir: string, skillFile: string, source: FileSource): ResourceListing {
  const files: ResourceFile[] = [];
  let truncated = false;
  const walk = (abs: string, rel: string, depth: number): void => {
    let entries;
    try {
      entries = source.listSync(abs);
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.name.startsWith('.') || (!rel && e.name === skillFile)) continue;
      const childAbs = join(abs, e.name);
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.kind === 'folder') {
        if (depth < MAX_DEPTH && !SKIPPED_DIRS.has(e.name)) walk(childAbs, childRel, depth + 1);
        else if (depth >= MAX_DEPTH) truncated = true;
      } else {
        if (files.length >= MAX_FILES) {
          truncated = true;
          return;
        }
        const size = source.size(childAbs);
        if (size !== undefined) files.push({ path: childRel, abs: childAbs, size, kind: kindOf(childRel) });
      }
    }
  };
  walk(dir, '', 0);
  return { files, truncated };
}

function kindOf(rel: string): ResourceFile['kind'] {
  const top = rel.split('/')[0];
  if (top === 'scripts') return 'script';
  if (top === 'assets') return 'asset';
  const ext = extname(rel).toLowerCase();
  if (REFERENCE_EXT.has(ext)) return 'reference';
  return SCRIPT_EXT.has(ext) ? 'script' : 'asset';
}

/** The first Markdown heading of a reference file (outside code fences), for its description. */
export function referenceTitle(path: string, source: FileSource): string | undefined {
  let text: string;
  try {
    text = source.readSync(path);
  } catch {
    return undefined;
  }
  const fm = findFrontmatter(text);
  if (typeof fm === 'object') text = text.slice(fm.bodyStart);
  let fenced = false;
  for (const line of text.split('\n', 200)) {
    if (/^ {0,3}(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) {
      // atxHeading reads without backtracking (a pattern here was quadratic in a run of blanks).
      const heading = atxHeading(line.endsWith('\r') ? line.slice(0, -1) : line);
      if (heading?.text) return heading.text;
    }
  }
  return undefined;
}
