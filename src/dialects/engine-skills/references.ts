import { join, relative } from 'node:path';
import type { FileSource } from '../../ir/file-source.js';

/** The reference pages as they go into the prompt, and what the budget left out. */
export interface References {
  text: string;
  tokens: number;
  /** Pages cut short or left out, for the note in the prompt. */
  cut: string[];
}

const PAGE = /\.(?:md|markdown|txt)$/i;

/**
 * Reads `references/` (Markdown and text pages, in path order) into one text of at most `budget`
 * tokens: pages go in whole while they fit; the page that does not is cut at a line break (or left out
 * when none of its text fits); later ones are left out. The prompt says what was left out.
 */
export async function readReferences(
  folder: string,
  budget: number,
  source: FileSource,
): Promise<References> {
  const root = join(folder, 'references');
  const files = (await listPages(root, source)).sort();
  if (!files.length) return { text: '', tokens: 0, cut: [] };
  // The tokenizer's tables are large: loaded only for a skill that has reference pages.
  const { count, cut } = await import('../../tokens/index.js');
  const parts: string[] = [];
  const left: string[] = [];
  const separator = count('\n\n');
  let used = 0;
  for (const file of files) {
    const name = relative(root, file).split('\\').join('/');
    const room = budget - used - (parts.length ? separator : 0);
    const heading = `### ${name}\n\n`;
    const page =
      room > 0
        ? cut(`${heading}${(await source.read(file)).replace(/^\uFEFF/, '').trim()}`, room)
        : undefined;
    // A page cut before any of its text (only its heading, or less) is left out.
    if (!page || page.text.length <= heading.length) {
      left.push(name);
      continue;
    }
    used += page.tokens + (parts.length ? separator : 0);
    parts.push(page.text);
    if (page.truncated) left.push(`${name} (cut)`);
  }
  let text = parts.join('\n\n');
  if (left.length)
    text += `\n\n(References were cut to ${budget} tokens; not shown in full: ${left.join(', ')}.)`;
  return { text, tokens: count(text), cut: left };
}

async function listPages(dir: string, source: FileSource): Promise<string[]> {
  let entries;
  try {
    entries = await source.list(dir);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.kind === 'folder') out.push(...(await listPages(path, source)));
    else if (PAGE.test(e.name)) out.push(path);
  }
  return out;
}
