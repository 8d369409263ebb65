import { coreSectionOf, slugOf } from './core-headings.js';
import type { HeadingLine } from './scan-body.js';

/** An H2 (or later H1) section of a document without chunks, loadable on demand. */
export interface Section {
  id: string;
  title: string;
  content: string;
}

/** A chunkless body split at its headings: the core the agent always sees, and the sections. */
export interface SectionedBody {
  core: string;
  sections: Section[];
}

/**
 * Splits a document without chunks at its level-1 and level-2 headings (the first H1, the title,
 * stays in the core). The title, the text before the first section and the `## Overview` and
 * `## Interface` sections form the core; every other section is a part. A heading with no text of its
 * own (`# Process` followed at once by `## Workflow`) joins the section after it.
 */
export function splitSections(
  text: string,
  bodyStart: number,
  headings: readonly HeadingLine[],
): SectionedBody {
  const top = headings.filter((h) => h.level <= 2);
  const splits = top[0]?.level === 1 ? top.slice(1) : top;
  if (!splits.length) return { core: lf(text.slice(bodyStart)).trim(), sections: [] };
  const core = [text.slice(bodyStart, splits[0].offset)];
  const sections: Section[] = [];
  const used: UsedIds = { ids: new Set(), next: new Map() };
  let pending: { title: string; offset: number } | undefined;
  splits.forEach((h, i) => {
    const end = i + 1 < splits.length ? splits[i + 1].offset : text.length;
    if (!text.slice(h.end, end).trim()) {
      pending ??= { title: '', offset: h.offset };
      pending.title = pending.title ? `${pending.title} › ${h.text}` : h.text;
      return;
    }
    const offset = pending?.offset ?? h.offset;
    const content = lf(text.slice(offset, end)).trim();
    const title = pending ? `${pending.title} › ${h.text}` : h.text;
    pending = undefined;
    if (coreSectionOf(h.text)) core.push(content);
    else sections.push({ id: uniqueId(slugOf(h.text), sections.length + 1, used), title, content });
  });
  return {
    core: core
      .map((c) => lf(c).trim())
      .filter(Boolean)
      .join('\n\n'),
    sections,
  };
}

/** The section ids given so far, and per base the next suffix to try (from 2 every time was quadratic). */
interface UsedIds {
  ids: Set<string>;
  next: Map<string, number>;
}

function uniqueId(slug: string, n: number, used: UsedIds): string {
  const base = slug || `section-${n}`;
  let id = base;
  let k = used.next.get(base) ?? 2;
  if (used.ids.has(id)) for (id = `${base}-${k}`; used.ids.has(id);) id = `${base}-${++k}`;
  if (id !== base) used.next.set(base, k + 1);
  used.ids.add(id);
  return id;
}

function lf(s: string): string {
  return s.replace(/\r\n/g, '\n');
}
