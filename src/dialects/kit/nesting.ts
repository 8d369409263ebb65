/**
 * The deepest nesting a skill file may hold (YAML collections, JSON arrays and objects). Real skills
 * nest a dozen levels; parsers and the code that walks their trees recurse, so a hostile file could
 * otherwise drive them past the stack.
 */
export const MAX_NESTING = 100;

/** Where nesting first went past MAX_NESTING: the offset of the opener, and how deep it was. */
export interface TooDeep {
  offset: number;
  depth: number;
}

const BLOCK_SCALAR =
  /:[ \t]+(?:[&!][^ \t]*[ \t]+)*[|>][-+0-9]*[ \t]*(?:#.*)?$|^(?:-[ \t]+)*[|>][-+0-9]*[ \t]*$/;

const FLOW_AT_START = /^(?:[&!][^ \t]*[ \t]+)*(?=[[{])/;
const FLOW_AFTER_KEY = /:[ \t]+(?:[&!][^ \t]*[ \t]+)*(?=[[{])/;

/**
 * Finds YAML nested deeper than `max` in one linear pass, before a parser sees it: block levels (by
 * indentation and `- ` entries) plus flow levels (`[` and `{` where a flow collection can start, and
 * inside one). Block scalar text and quoted strings inside flow collections are skipped. It can
 * overcount only text no real skill holds (a hundred levels of indentation, or of unclosed brackets
 * opening values); it never undercounts.
 */
export function yamlTooDeep(yaml: string, max = MAX_NESTING): TooDeep | undefined {
  const indents: number[] = [];
  let flow = 0;
  let scalarParent = -1;
  let pos = 0;
  while (pos <= yaml.length) {
    let end = yaml.indexOf('\n', pos);
    if (end === -1) end = yaml.length;
    let i = pos;
    while (i < end && yaml[i] === ' ') i++;
    const indent = i - pos;
    const blank = i >= end || yaml[i] === '#' || (yaml[i] === '\r' && i + 1 >= end);
    if (scalarParent >= 0 && (blank || indent > scalarParent)) {
      pos = end + 1;
      continue;
    }
    scalarParent = -1;
    if (flow === 0 && !blank) {
      while (indents.length && indents[indents.length - 1] >= indent) indents.pop();
      indents.push(indent);
      if (indents.length > max) return { offset: i, depth: indents.length };
      // `- - - x`, `- key: value`: each entry on the line is one more level.
      let levels = indents.length;
      while (
        i < end &&
        (yaml[i] === '-' || yaml[i] === '?') &&
        (yaml[i + 1] === ' ' || yaml[i + 1] === '\t')
      ) {
        if (++levels > max) return { offset: i, depth: levels };
        i += 2;
        while (yaml[i] === ' ' || yaml[i] === '\t') i++;
      }
      const line = yaml.slice(i, end);
      if (BLOCK_SCALAR.test(line.replace(/\r$/, ''))) scalarParent = indent;
      // A flow collection starts a value: the line's first token, or after "key: ".
      // A flow collection opens the line or a value, after any anchor or tag (`&a [`, `key: !t {`).
      const opens = FLOW_AT_START.exec(line) ?? FLOW_AFTER_KEY.exec(line);
      const start = opens ? i + opens.index + opens[0].length : -1;
      if (start >= 0) {
        const deep = scanFlow(yaml, start, end, levels, max, (d) => (flow = d));
        if (deep) return deep;
      }
    } else if (flow > 0) {
      // A line of `- - - …` inside an unclosed flow collection: the parser may leave the collection
      // there (not indented enough) and nest a block sequence per dash, so each counts here too.
      for (
        let levels = indents.length + flow;
        yaml[i] === '-' && (yaml[i + 1] === ' ' || yaml[i + 1] === '\t');
      ) {
        if (++levels > max) return { offset: i, depth: levels };
        i += 2;
        while (yaml[i] === ' ' || yaml[i] === '\t') i++;
      }
      const deep = scanFlow(yaml, i, end, indents.length + flow, max, (d) => (flow = d), flow);
      if (deep) return deep;
    }
    pos = end + 1;
  }
  return undefined;
}

/** Scans `[from, end)` inside flow collections, reporting the flow depth left open at the line's end. */
function scanFlow(
  text: string,
  from: number,
  end: number,
  base: number,
  max: number,
  leave: (flow: number) => void,
  flow = 0,
): TooDeep | undefined {
  const outer = base - flow;
  for (let i = from; i < end; i++) {
    const c = text[i];
    if (c === '[' || c === '{') {
      flow++;
      if (outer + flow > max) return { offset: i, depth: outer + flow };
    } else if (c === ']' || c === '}') {
      // After a collection closes, what follows on the line is still scanned (it may open another).
      flow = Math.max(0, flow - 1);
    } else if (c === '"' || c === "'") {
      const close = closingQuote(text, i, end, c);
      if (close === -1) break;
      i = close;
    } else if (c === '#' && (text[i - 1] === ' ' || text[i - 1] === '\t')) break;
  }
  leave(flow);
  return undefined;
}

function closingQuote(text: string, open: number, end: number, quote: string): number {
  for (let i = open + 1; i < end; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

/** Finds JSON nested deeper than `max` in one linear pass (brackets outside strings). */
export function jsonTooDeep(text: string, max = MAX_NESTING): TooDeep | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    } else if (c === '[' || c === '{') {
      if (++depth > max) return { offset: i, depth };
    } else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
  }
  return undefined;
}
