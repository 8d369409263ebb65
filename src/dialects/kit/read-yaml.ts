import { Composer, isAlias, isMap, isScalar, Parser, visit, YAMLParseError, type Document } from 'yaml';
import { MAX_NESTING, yamlTooDeep } from './nesting.js';

/** A mistake in a YAML text: what is wrong, and where (offsets into that text). */
export interface YamlProblem {
  message: string;
  start: number;
  end: number;
}

/** The largest YAML text read (a skill's YAML is a few KB; the parser takes about a second per MB). */
const MAX_YAML_BYTES = 256 * 1024;
/** The YAML mistakes reported per text; a broken file can make the parser find thousands. */
const MAX_PROBLEMS = 20;
/** How many nodes aliases (`*name`) may expand to in one text (billion-laughs files expand to billions). */
const MAX_ALIAS_NODES = 100;

/**
 * Parses YAML with bounds a hostile file cannot pass: texts over MAX_YAML_BYTES are refused, nesting deeper than MAX_NESTING is refused before
 * the parser (which recurses) sees it, at most MAX_PROBLEMS mistakes are kept, and duplicate keys are
 * found in linear time (the parser's own check is quadratic in the keys of a map).
 */
export function readYaml(yaml: string): { doc?: Document.Parsed; problems: YamlProblem[] } {
  if (yaml.length > MAX_YAML_BYTES)
    return {
      problems: [
        {
          message: `this YAML is ${Math.round(yaml.length / 1024)} KB, more than the ${MAX_YAML_BYTES / 1024} KB a skill's YAML may hold (is a code fence left open?); move data to a file`,
          start: 0,
          end: 1,
        },
      ],
    };
  const deep = yamlTooDeep(yaml);
  if (deep)
    return {
      problems: [
        {
          message: `collections nest deeper than ${MAX_NESTING} levels here; flatten the structure`,
          start: deep.offset,
          end: deep.offset + 1,
        },
      ],
    };
  const traces = Error.stackTraceLimit;
  // The parser makes an Error for each mistake; their stack traces are never read and cost the most.
  Error.stackTraceLimit = 0;
  let doc: Document.Parsed;
  try {
    doc = composeFirst(yaml);
  } finally {
    Error.stackTraceLimit = traces;
  }
  const problems = doc.errors.slice(0, MAX_PROBLEMS).map((e) => ({
    message: e.message.split('\n')[0],
    start: e.pos[0],
    end: Math.max(e.pos[1], e.pos[0] + 1),
  }));
  if (!problems.length) problems.push(...duplicateKeys(doc));
  return { doc, problems };
}

/**
 * The first document of a YAML text, as `parseDocument` composes it, except that reading stops once
 * MAX_PROBLEMS error tokens came between documents: a line of 80,000 `[0]` gives one per character, and
 * composing them took 1.5 s for 250 KB where the first MAX_PROBLEMS take microseconds.
 */
function composeFirst(yaml: string): Document.Parsed {
  const composer = new Composer({ uniqueKeys: false, logLevel: 'error' });
  let doc: Document.Parsed | undefined;
  let errors = 0;
  for (const token of new Parser().parse(yaml)) {
    for (const next of composer.next(token)) {
      if (doc) {
        doc.errors.push(
          new YAMLParseError(
            [next.range[0], next.range[1]],
            'MULTIPLE_DOCS',
            'Source contains multiple documents',
          ),
        );
        return doc;
      }
      doc = next as Document.Parsed;
    }
    if (token.type === 'error' && ++errors > MAX_PROBLEMS) break;
  }
  for (const last of composer.end(true, yaml.length)) {
    if (!doc) doc = last as Document.Parsed;
    else
      doc.errors.push(
        new YAMLParseError(
          [last.range[0], last.range[1]],
          'MULTIPLE_DOCS',
          'Source contains multiple documents',
        ),
      );
  }
  return doc!;
}

/** A parsed document as plain values, or why it cannot be (an alias without its anchor, or one that expands too much). */
export function yamlValue(doc: Document.Parsed): { value: unknown } | { problem: YamlProblem } {
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_ALIAS_NODES }) };
  } catch (e) {
    // One walk in document order (Alias.resolve walks the whole document for each alias: quadratic).
    let at: [number, number] = [0, 1];
    let unresolved = false;
    const anchors = new Set<string>();
    visit(doc, {
      Node(_key, node) {
        if (!isAlias(node)) {
          if (node.anchor) anchors.add(node.anchor);
          return;
        }
        if (!node.range) return;
        at = [node.range[0], Math.max(node.range[1], node.range[0] + 1)];
        if (!anchors.has(node.source)) {
          unresolved = true;
          return visit.BREAK;
        }
      },
    });
    const message = unresolved
      ? `${(e as Error).message.split('\n')[0]}`
      : `aliases (*name) here expand to more than ${MAX_ALIAS_NODES} nodes; write the values out instead`;
    return { problem: { message, start: at[0], end: at[1] } };
  }
}

/** Keys written twice in one map, each at its second occurrence. */
function duplicateKeys(doc: Document.Parsed): YamlProblem[] {
  const out: YamlProblem[] = [];
  visit(doc, {
    Map(_key, map) {
      if (!isMap(map)) return;
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const key = pair.key.value;
        if (seen.has(key) && out.length < MAX_PROBLEMS) {
          const r = pair.key.range ?? [0, 1];
          out.push({
            message: `Map keys must be unique; "${String(key)}" is repeated`,
            start: r[0],
            end: Math.max(r[1], r[0] + 1),
          });
        }
        seen.add(key);
      }
    },
  });
  return out;
}

/** A YAML text's plain value, or its first problem (readYaml and yamlValue in one). */
export function parseYamlValue(yaml: string): { value: unknown } | { problem: YamlProblem } {
  const { doc, problems } = readYaml(yaml);
  if (!doc || problems.length) return { problem: problems[0] };
  return yamlValue(doc);
}
