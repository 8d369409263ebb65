import type { Expr, Span } from '../ast.js';
import { parseTag } from './parse-tag.js';

const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const KEYWORDS: Readonly<Record<string, boolean | null>> = { true: true, false: false, null: null };

/** A chain of fallbacks, and the literals written without quotes (taken as text, as OpenEvo's engine does). */
export interface Fallbacks {
  exprs: Expr[];
  unquoted: Span[];
}

/**
 * Reads `{{a}} || {{b}} || 'text'` (OpenEvo's outputMapping fallbacks): parts separated by `||` outside
 * tags, each one whole tag or one literal; a literal without quotes (`|| none yet`) is that text,
 * trimmed. Returns undefined when the text is not such a chain (then it is ordinary text).
 */
export function parseFallbacks(source: string): Fallbacks | undefined {
  const parts: [number, number][] = [];
  let partStart = 0;
  let i = 0;
  while (i < source.length) {
    if (source.startsWith('{{', i)) {
      const close = source.indexOf('}}', i + 2);
      if (close === -1) return undefined;
      i = close + 2;
    } else if ((source[i] === '"' || source[i] === "'") && !source.slice(partStart, i).trim()) {
      const quote = source[i];
      for (i++; i < source.length && source[i] !== quote; i++) if (source[i] === '\\') i++;
      if (i >= source.length) return undefined;
      i++;
    } else if (source.startsWith('||', i)) {
      parts.push([partStart, i]);
      i += 2;
      partStart = i;
    } else i++;
  }
  parts.push([partStart, source.length]);
  if (parts.length < 2) return undefined;
  const exprs: Expr[] = [];
  const unquoted: Span[] = [];
  for (const [from, to] of parts) {
    const expr = partExpr(source, from, to, unquoted);
    if (!expr) return undefined;
    exprs.push(expr);
  }
  return exprs.some((e) => e.kind !== 'literal') ? { exprs, unquoted } : undefined;
}

function partExpr(source: string, from: number, to: number, unquoted: Span[]): Expr | undefined {
  const raw = source.slice(from, to);
  const text = raw.trim();
  const start = from + raw.indexOf(text);
  const end = start + text.length;
  if (text.startsWith('{{') && text.endsWith('}}'))
    return source.indexOf('}}', start + 2) === end - 2 ? parseTag(source, start + 2, end - 2) : undefined;
  const quoted = text.length >= 2 && (text[0] === "'" || text[0] === '"') && text.endsWith(text[0]);
  if (quoted) return { kind: 'literal', value: text.slice(1, -1), start, end };
  if (NUMBER.test(text)) return { kind: 'literal', value: Number(text), start, end };
  if (Object.hasOwn(KEYWORDS, text)) return { kind: 'literal', value: KEYWORDS[text], start, end };
  if (!text || text.includes('{{') || /^['"]/.test(text)) return undefined;
  unquoted.push({ start, end });
  return { kind: 'literal', value: text, start, end };
}
