import { standaloneLine } from '../expr/index.js';

/** A template in another syntax, or why it cannot be carried. */
export type Translated = { ok: true; text: string } | { ok: false; why: string };

const PATH = /^[A-Za-z_][\w]*(?:\.[\w]+)*$/;
const NONE: ReadonlySet<string> = new Set();

/** What Aegis counts as false in a section; a missing path reads as null (see `sectionTag`). */
const FALSY = '[null, false, "", 0]';

/**
 * The Inja statement of an Aegis section over `path`: `{{#path}}` renders its text when the value is
 * set and true for Aegis (not null, false, "" or 0; an empty list or object counts as true), `{{^path}}`
 * when it is not. Skein's Aegis renders a section as a condition, not as a loop over a list, and the
 * text inside still reads the outer variables, so an Inja `if` is the same.
 */
function sectionTag(path: string, inverted: boolean): string {
  const test = `default(${path}, null) in ${FALSY}`;
  return inverted ? `{% if ${test} %}` : `{% if not (${test}) %}`;
}

const SECTION_IN_INJA = /^if (not \()?default\(([A-Za-z_][\w.]*), null\) in \[null, false, "", 0\]\)?$/;

/**
 * An Aegis template as Inja: each `{{expr}}` kept (the operators Aegis has, Inja has), a plain path as
 * `default(path, "")` (Aegis renders missing data as ""; Inja fails on it), a section `{{#path}}…{{/path}}`
 * (or `{{^path}}`) as `{% if … %}…{% endif %}`; a section tag alone on its line goes with that line, as
 * Aegis drops it. `results`: steps whose result is stored under their name, which an older
 * `{{step.output}}` / `{{step.value}}` reads. Aegis filters, loops (`{{#for}}`) and tags are refused.
 */
export function aegisToInja(source: string, results: ReadonlySet<string> = NONE): Translated {
  if (/\{%|(?<!\{)\{#/.test(source)) return { ok: false, why: 'an Aegis template tag or comment' };
  let bad: string | undefined;
  const open: string[] = [];
  let text = '';
  let at = 0;
  for (const m of source.matchAll(/\{\{([\s\S]*?)\}\}/g)) {
    const [tag, raw] = m;
    const start = m.index;
    const end = start + tag.length;
    const expr = olderForms(raw.trim(), results);
    const block = /^([#^/])\s*([\s\S]*)$/.exec(expr);
    if (!block) {
      if (/\|/.test(expr.replace(/\|\|/g, ''))) bad ??= `the template filter in {{${raw}}}`;
      if (/[()[\]]|\bif\b/.test(expr)) bad ??= `the expression {{${raw}}}`;
      text += source.slice(at, start) + (PATH.test(expr) ? `{{ default(${expr}, "") }}` : `{{ ${expr} }}`);
      at = end;
      continue;
    }
    const [, sigil, path] = block;
    if (/^for\b/.test(path) && sigil !== '^') bad ??= `the template loop {{${raw}}}`;
    else if (!PATH.test(path)) bad ??= `the template section {{${raw}}}`;
    else if (sigil === '/' && open.pop() !== path) bad ??= `the unmatched {{${raw}}}`;
    const line = standaloneLine(source, start, end);
    text += source.slice(at, line ? line.from : start);
    at = line ? line.to : end;
    if (sigil !== '/') open.push(path);
    text += sigil === '/' ? '{% endif %}' : sectionTag(path, sigil === '^');
  }
  if (open.length) bad ??= `the unclosed {{#${open.at(-1)}}}`;
  return bad ? { ok: false, why: bad } : { ok: true, text: text + source.slice(at) };
}

/**
 * An Inja template as Aegis: the inverse of `aegisToInja`. A section tag alone on its line keeps what
 * Inja renders of that line (Aegis drops such a line). Other statements, comments, filters and
 * functions are refused.
 */
export function injaToAegis(source: string): Translated {
  if (/\{#/.test(source)) return { ok: false, why: 'an Inja comment' };
  let bad: string | undefined;
  const open: string[] = [];
  let text = '';
  let at = 0;
  for (const m of source.matchAll(/\{\{([\s\S]*?)\}\}|\{%([\s\S]*?)%\}/g)) {
    const [tag, output, statement] = m;
    const start = m.index;
    const end = start + tag.length;
    text += source.slice(at, start);
    at = end;
    if (statement === undefined) {
      const expr = output.trim();
      if (/^-|-$/.test(output)) bad ??= `the Inja whitespace control in {{${output}}}`;
      const missing = /^default\(\s*([A-Za-z_][\w.]*)\s*,\s*""\s*\)$/.exec(expr);
      if (missing) text += `{{${missing[1]}}}`;
      else {
        if (/[|([\]]/.test(expr) || /\b(?:in|not|and|or)\b/.test(expr))
          bad ??= `the Inja expression {{${output}}}`;
        text += `{{${expr}}}`;
      }
      continue;
    }
    const words = statement.trim();
    const section = SECTION_IN_INJA.exec(words);
    const sigil = section && sectionTag(section[2], !section[1]) === tag ? (section[1] ? '#' : '^') : '';
    if (sigil) open.push(section![2]);
    const closed = words === 'endif' ? open.pop() : undefined;
    if (!sigil && !closed) {
      bad ??= `the Inja statement ${tag}`;
      continue;
    }
    const aegisTag = sigil ? `{{${sigil}${section![2]}}}` : `{{/${closed}}}`;
    const line = standaloneLine(source, start, end);
    const lead = line ? source.slice(line.from, start) : '';
    const rest = line ? source.slice(end, line.to) : '';
    // Aegis drops the line of a tag alone on it; Inja drops only the tag. A bare line break is written
    // again after the tag; spaces around the tag are kept by an empty text before it (then not alone).
    if (line && !lead && /^(?:\r?\n)?$/.test(rest)) {
      text += aegisTag + rest + rest;
      at = line.to;
    } else if (line) text = `${text.slice(0, text.length - lead.length)}{{""}}${lead}${aegisTag}`;
    else text += aegisTag;
  }
  if (open.length) bad ??= 'an unclosed {% if %}';
  return bad ? { ok: false, why: bad } : { ok: true, text: text + source.slice(at) };
}

/** An expression with the older `step.output` / `step.value` of a stored step result read as `step`. */
function olderForms(expr: string, results: ReadonlySet<string>): string {
  let out = expr;
  for (const name of results)
    out = out.replace(
      new RegExp(`(?<![\\w.])(${name.replace(/[^\w]/g, '\\$&')})\\.(?:output|value)(?![\\w])`, 'g'),
      '$1',
    );
  return out;
}

/** A value as written (JSON with template strings) translated string by string. */
export function translateWritten(
  value: unknown,
  translate: (s: string) => Translated,
): Translated & { value?: unknown } {
  let why: string | undefined;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const t = translate(v);
      if (!t.ok) why ??= t.why;
      return t.ok ? t.text : v;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(value);
  return why ? { ok: false, why } : { ok: true, text: '', value: out };
}
