import type { Document } from 'yaml';
import { readYaml, yamlValue } from '../kit/read-yaml.js';
import type { FrontmatterBlock } from './frontmatter-block.js';
import type { Reporter } from './reporter.js';

/** A top-level frontmatter key as written: where it is and its value's raw text. */
export interface KeyAt {
  offset: number;
  /** File offset of the value's text (just after `key: `). */
  valueOffset: number;
  /** The value's text on the key's line, without surrounding quotes. */
  raw: string;
}

/** A frontmatter parsed as YAML, with the file positions of its top-level keys. */
export interface Frontmatter {
  values: Record<string, unknown>;
  keys: Map<string, KeyAt>;
  /** The file offset of the frontmatter's first line, for diagnostics about missing keys. */
  offset: number;
  /** The YAML document, for the source text of values; its ranges are offsets into the block's YAML. */
  doc?: Document.Parsed;
  /** Whether unquoted `key: a: b` values were quoted to parse it (the document's ranges then differ). */
  repaired: boolean;
  /** The YAML text the document was parsed from. */
  yaml: string;
}

// Each pattern is anchored and has one run a long line can make it backtrack over, once (a lazy
// group followed by `[ \t]*` was quadratic in a run of spaces); trailing blanks are cut in code.
const TOP_KEY = /^([^\s#:'"][^:]*):(?:[ \t]+|$)/;
const KEY_AND_COLON = /^([A-Za-z_][\w.-]*)([ \t]*:[ \t]+)/;
const PLAIN_START = /^[^'"|>[{&*!#\s]/;
const LINE_BREAK = /[\r\u2028\u2029]/;

/**
 * Parses a frontmatter as real YAML. A value written unquoted with `: ` inside (valid for many
 * hand-rolled parsers, a nested-mapping error for YAML) is read as a string with a warning, as the
 * Agent Skills client guide recommends; any other YAML error is an error.
 */
export function parseFrontmatter(block: FrontmatterBlock, report: Reporter): Frontmatter | undefined {
  const keys = topLevelKeys(block);
  const first = readYaml(block.yaml);
  let doc = first.doc;
  let repaired = false;
  let yaml = block.yaml;
  if (!doc || first.problems.length) {
    const repair = quoteColonValues(block);
    const retry = doc && repair && readYaml(repair.yaml);
    if (!repair || !retry || !retry.doc || retry.problems.length) {
      for (const e of first.problems)
        report.error(
          'yaml',
          `frontmatter YAML: ${e.message}; write one "key: value" per line and quote values that contain ": " or start with a special character`,
          block.yamlStart + e.start,
          block.yamlStart + e.end,
        );
      return undefined;
    }
    for (const f of repair.fixes)
      report.warn(
        'unquoted-colon',
        `the value of "${f.key}" contains ": ", which YAML reads as a nested mapping; it is read as text here, but quote it: ${f.key}: ${JSON.stringify(f.value)}`,
        f.start,
        f.end,
        { start: f.start, end: f.end, text: JSON.stringify(f.value) },
      );
    doc = retry.doc;
    repaired = true;
    yaml = repair.yaml;
  }
  const read = yamlValue(doc);
  if ('problem' in read) {
    report.error(
      'yaml',
      `frontmatter YAML: ${read.problem.message}`,
      block.yamlStart + read.problem.start,
      block.yamlStart + read.problem.end,
    );
    return undefined;
  }
  const value = read.value;
  if (value === null || value === undefined)
    return { values: {}, keys, offset: block.yamlStart, repaired, yaml };
  if (typeof value !== 'object' || Array.isArray(value)) {
    report.error(
      'bad-frontmatter',
      'the frontmatter must be a YAML mapping of "key: value" lines (name:, description:, …)',
      block.yamlStart,
    );
    return undefined;
  }
  return { values: value as Record<string, unknown>, keys, offset: block.yamlStart, doc, repaired, yaml };
}

/** A plain value without its trailing ` # comment`, found in one pass (a regex would backtrack over long runs of spaces). */
function withoutComment(raw: string): string {
  const hash = raw.search(/\s#/);
  return hash < 0 ? raw : raw.slice(0, hash).trimEnd();
}

/** The top-level keys of the frontmatter, found line by line so positions survive a repaired parse. */
function topLevelKeys(block: FrontmatterBlock): Map<string, KeyAt> {
  const keys = new Map<string, KeyAt>();
  let pos = 0;
  for (const line of block.yaml.split('\n')) {
    const m = TOP_KEY.exec(line);
    const key = m && withoutTrailingBlanks(m[1]);
    if (m && key && !keys.has(key)) {
      const raw = line.slice(m[0].length).replace(/\r$/, '').trim();
      keys.set(key, {
        offset: block.yamlStart + pos,
        valueOffset: block.yamlStart + pos + m[0].length,
        raw: /^['"]/.test(raw) ? raw.replace(/^(['"])(.*)\1$/, '$2') : withoutComment(raw),
      });
    }
    pos += line.length + 1;
  }
  return keys;
}

/** A line `key: text: more` with a plain value, split; the value stops before trailing blanks. */
function plainWithColon(line: string): { key: string; colon: string; value: string; cr: string } | undefined {
  const m = KEY_AND_COLON.exec(line);
  if (!m) return undefined;
  const cr = line.endsWith('\r') ? '\r' : '';
  const rest = line.slice(m[0].length, line.length - cr.length);
  if (!PLAIN_START.test(rest) || LINE_BREAK.test(rest)) return undefined;
  let value = withoutTrailingBlanks(rest);
  // The shortest value holding `: ` (not at its start): a value ending in `:` keeps the blank after it.
  if (value.indexOf(': ', 1) < 0) value = rest.slice(0, value.length + 1);
  if (value.indexOf(': ', 1) < 0) return undefined;
  return { key: m[1], colon: m[2], value, cr };
}

/** `text` without the spaces and tabs at its end. */
function withoutTrailingBlanks(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return text.slice(0, end);
}

/** A value that was quoted to make the frontmatter parse. */
interface ColonFix {
  key: string;
  value: string;
  start: number;
  end: number;
}

/** The YAML with unquoted `key: text: more` values double-quoted; `undefined` if there are none. */
function quoteColonValues(block: FrontmatterBlock): { yaml: string; fixes: ColonFix[] } | undefined {
  const fixes: ColonFix[] = [];
  let pos = 0;
  const lines = block.yaml.split('\n').map((line) => {
    const m = plainWithColon(line);
    const at = block.yamlStart + pos;
    pos += line.length + 1;
    if (!m) return line;
    const start = at + m.key.length + m.colon.length;
    fixes.push({ key: m.key, value: m.value, start, end: start + m.value.length });
    return `${m.key}${m.colon}${JSON.stringify(m.value)}${m.cr}`;
  });
  return fixes.length ? { yaml: lines.join('\n'), fixes } : undefined;
}
