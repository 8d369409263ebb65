/** A template in another syntax, or why it cannot be carried. */
export type Translated = { ok: true; text: string } | { ok: false; why: string };

const PATH = /^[A-Za-z_][\w]*(?:\.[\w]+)*$/;

/**
 * An Aegis template as Inja: each `{{expr}}` kept (the operators Aegis has, Inja has), a plain path as
 * `default(path, "")` (Aegis renders missing data as ""; Inja fails on it). Aegis filters and tags have
 * no counterpart here and are refused.
 */
export function aegisToInja(source: string): Translated {
  if (/\{%|(?<!\{)\{#/.test(source)) return { ok: false, why: 'an Aegis template tag or comment' };
  let bad: string | undefined;
  const text = source.replace(/\{\{([\s\S]*?)\}\}/g, (_m, raw: string) => {
    const expr = raw.trim();
    if (/^[#/^]/.test(expr)) bad ??= `the template section {{${raw}}}`;
    if (/\|/.test(expr.replace(/\|\|/g, ''))) bad ??= `the template filter in {{${raw}}}`;
    if (/[()[\]]|\bif\b/.test(expr)) bad ??= `the expression {{${raw}}}`;
    return PATH.test(expr) ? `{{ default(${expr}, "") }}` : `{{ ${expr} }}`;
  });
  if (bad) return { ok: false, why: bad };
  return { ok: true, text };
}

/** An Inja template as Aegis: the inverse of `aegisToInja`; statements, filters and other functions are refused. */
export function injaToAegis(source: string): Translated {
  if (/\{%|\{#/.test(source)) return { ok: false, why: 'an Inja statement or comment' };
  let bad: string | undefined;
  const text = source.replace(/\{\{([\s\S]*?)\}\}/g, (_m, raw: string) => {
    const expr = raw.trim();
    const missing = /^default\(\s*([A-Za-z_][\w.]*)\s*,\s*""\s*\)$/.exec(expr);
    if (missing) return `{{${missing[1]}}}`;
    if (/[|([\]]/.test(expr) || /\b(?:in|not|and|or)\b/.test(expr)) bad ??= `the Inja expression {{${raw}}}`;
    return `{{${expr}}}`;
  });
  return bad ? { ok: false, why: bad } : { ok: true, text };
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
