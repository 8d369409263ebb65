/** A `**key**: value` attribute (or the older plain `key: value` form) found on a text line. */
export interface Attribute {
  key: string;
  value: string;
  offset: number;
  valueOffset: number;
  plain: boolean;
}

// `**type**: tool`, `**type:** tool`, full-width colon too; several may share one line.
const BOLD = /\*\*\s*([A-Za-z_][\w.]*)\s*(?:[:：]\s*\*\*|\*\*\s*[:：])[ \t]*/g;
const PLAIN = /^[ \t]*(type|varName|tool|when)[ \t]*:[ \t]*(\S.*)$/;

/** Reads the attributes on one line of text; `plain` allows the older unstarred form. */
export function parseAttributes(line: string, offset: number, plain: boolean): Attribute[] {
  const found: Attribute[] = [];
  const matches = [...line.matchAll(BOLD)];
  if (matches.length && line.slice(0, matches[0].index).trim() === '') {
    for (let i = 0; i < matches.length; i++) {
      const m = matches[i];
      const start = m.index + m[0].length;
      const end = i + 1 < matches.length ? matches[i + 1].index : line.length;
      const raw = line.slice(start, end);
      const lead = raw.length - raw.trimStart().length;
      found.push({
        key: m[1],
        value: unquote(raw.trim()),
        offset: offset + m.index,
        valueOffset: offset + start + lead + (raw.trim().startsWith('`') ? 1 : 0),
        plain: false,
      });
    }
    return found;
  }
  const p = plain ? PLAIN.exec(line) : null;
  if (p) {
    const valueAt = line.indexOf(p[2], p[1].length);
    found.push({
      key: p[1],
      value: unquote(p[2].trim()),
      offset: offset + line.indexOf(p[1]),
      valueOffset: offset + valueAt,
      plain: true,
    });
  }
  return found;
}

/** Strips surrounding backticks from an attribute value. */
function unquote(v: string): string {
  return v.length >= 2 && v.startsWith('`') && v.endsWith('`') ? v.slice(1, -1).trim() : v;
}
