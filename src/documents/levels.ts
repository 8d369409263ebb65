import { scanBody, slugOf, type HeadingLine } from '../dialects/skilldoc/index.js';
import { DocLookupError } from './errors.js';

/** Heading levels of a document, for documents without chunks (spec §3.3). */
export type HeadingLevel = 1 | 2 | 3;

const LEAD_CHARS = 200;

interface H2Section {
  id: string;
  heading: HeadingLine;
  end: number;
}

/**
 * A view of a Markdown body by heading level. Level 1: the H1 and H2 titles (of the whole body). Level 2: under each H2
 * (or only the one whose id is `sectionId`), the first 200 characters of its text and its H3 titles.
 * Level 3: everything (or the whole of the one section).
 */
export function headingLevel(body: string, level: HeadingLevel, sectionId?: string): string {
  const headings = scanBody(body, 0).marks.filter((m): m is HeadingLine => m.kind === 'heading');
  if (level === 1)
    return headings
      .filter((h) => h.level <= 2)
      .map((h) => `${'#'.repeat(h.level)} ${h.text}`)
      .join('\n');
  const sections = h2Sections(body, headings);
  const chosen = sectionId === undefined ? sections : [pick(sections, sectionId)];
  if (level === 3)
    return sectionId === undefined ? body : body.slice(chosen[0].heading.offset, chosen[0].end).trim();
  return chosen.map((s) => levelTwo(body, s, headings)).join('\n\n');
}

/** The ids `headingLevel` accepts as `sectionId`: each H2's title as a slug. */
export function sectionIds(body: string): string[] {
  const headings = scanBody(body, 0).marks.filter((m): m is HeadingLine => m.kind === 'heading');
  return h2Sections(body, headings).map((s) => s.id);
}

function h2Sections(body: string, headings: readonly HeadingLine[]): H2Section[] {
  const used = new Set<string>();
  const out: H2Section[] = [];
  headings.forEach((h, i) => {
    if (h.level !== 2) return;
    const next = headings.slice(i + 1).find((n) => n.level <= 2);
    const base = slugOf(h.text) || `section-${out.length + 1}`;
    let id = base;
    for (let k = 2; used.has(id); k++) id = `${base}-${k}`;
    used.add(id);
    out.push({ id, heading: h, end: next?.offset ?? body.length });
  });
  return out;
}

function pick(sections: readonly H2Section[], id: string): H2Section {
  const found = sections.find((s) => s.id === id);
  if (found) return found;
  throw new DocLookupError(
    `no "## " section with the id "${id}"; ${sections.length ? `sections: ${sections.map((s) => s.id).join(', ')}` : 'the document has no "## " headings'}`,
  );
}

function levelTwo(body: string, section: H2Section, headings: readonly HeadingLine[]): string {
  const inside = headings.filter((h) => h.offset > section.heading.offset && h.offset < section.end);
  let text = '';
  let pos = section.heading.end;
  for (const h of inside) {
    text += body.slice(pos, h.offset);
    pos = h.end;
  }
  text = (text + body.slice(pos, section.end)).replace(/\s+/g, ' ').trim();
  const chars = [...text];
  const lead = chars.length > LEAD_CHARS ? `${chars.slice(0, LEAD_CHARS).join('').trimEnd()}…` : text;
  const lines = [`## ${section.heading.text}`];
  if (lead) lines.push(lead);
  for (const h of inside) if (h.level === 3) lines.push(`### ${h.text}`);
  return lines.join('\n');
}
