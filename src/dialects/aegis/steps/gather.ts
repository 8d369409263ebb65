import { isMap, isScalar } from 'yaml';
import { compileAegisWhen, type AegisOptions } from '../../../expr/index.js';
import type { Condition } from '../../../ir/expr.js';
import type { Attribute } from '../attributes.js';
import type { StepDoc } from '../document.js';
import { warnOlderForms } from '../older-forms.js';
import type { Reporter } from '../reporter.js';
import type { Fence } from '../scan.js';
import { deepestNodeAt, type YamlBlock } from '../../kit/yaml-block.js';
import { parseYamlBlock } from '../yaml-block.js';

/** Where a compiled expression reads variables, for the variable checks. */
export interface Reads {
  refs: readonly string[];
  loops?: readonly { over: readonly string[]; names: readonly string[] }[];
  offset: number;
  /** The source text at `offset`, when it is verbatim (a fenced block): a finding then points at its `{{`. */
  text?: string;
}

/** A step's raw parts, gathered and checked for shape before its type compiles it. */
export interface GatheredStep {
  doc: StepDoc;
  type?: Attribute;
  varName?: Attribute;
  tool?: Attribute;
  yaml?: YamlBlock;
  /** The YAML block's value when it is a mapping. */
  config?: Record<string, unknown>;
  yamlFence?: Fence;
  prompt?: Fence;
  template?: Fence;
  guard?: Condition;
  reads: Reads[];
}

const KNOWN_ATTRS = new Set(['type', 'varName', 'tool', 'when']);

/** Collects a step's attributes, blocks and `when`, reporting duplicates and older forms. */
export function gatherStep(doc: StepDoc, report: Reporter, options: AegisOptions = {}): GatheredStep {
  const g: GatheredStep = { doc, reads: [] };
  const seen = new Map<string, Attribute>();
  let when: Attribute | undefined;
  for (const a of doc.attrs) {
    if (!KNOWN_ATTRS.has(a.key)) {
      report.warn(
        'unknown-attribute',
        `step "${doc.name}": unknown attribute **${a.key}** is ignored (known: type, varName, tool, when)`,
        a.offset,
      );
      continue;
    }
    if (seen.has(a.key)) {
      report.error('duplicate-attribute', `step "${doc.name}": **${a.key}** is given twice`, a.offset);
      continue;
    }
    seen.set(a.key, a);
    if (a.plain)
      report.warn(
        'older-form',
        `step "${doc.name}": "${a.key}:" without ** is an older form; write **${a.key}**: ${a.value}`,
        a.offset,
      );
    if (a.key === 'when') when = a;
    else if (a.key === 'type') g.type = a;
    else if (a.key === 'varName') g.varName = a;
    else g.tool = a;
  }
  for (const f of doc.fences) {
    if (!f.closed)
      report.error(
        'unclosed-fence',
        `step "${doc.name}": this code block is never closed with \`\`\``,
        f.offset,
      );
    const slot = f.lang === 'yml' ? 'yaml' : f.lang;
    if (slot === 'yaml' || slot === 'prompt' || slot === 'template') {
      const key = slot === 'yaml' ? 'yamlFence' : slot;
      if (g[key]) {
        report.error(
          'duplicate-block',
          `step "${doc.name}": more than one \`\`\`${slot} block; keep one`,
          f.offset,
        );
        continue;
      }
      g[key] = f;
    } else {
      report.warn(
        'unknown-block',
        `step "${doc.name}": a \`\`\`${f.lang || '(no language)'} block is ignored; steps use yaml, prompt or template blocks`,
        f.offset,
      );
    }
  }
  if (g.yamlFence) {
    g.yaml = parseYamlBlock(trimFinalNewline(g.yamlFence.content), g.yamlFence.contentOffset, report);
    const v = g.yaml?.value;
    if (g.yaml && v !== null && v !== undefined && (typeof v !== 'object' || Array.isArray(v)))
      report.error(
        'yaml-not-map',
        `step "${doc.name}": the yaml block must be a mapping (key: value lines)`,
        g.yamlFence.contentOffset,
      );
    else if (g.yaml && v) g.config = v as Record<string, unknown>;
  }
  g.guard = compileGuard(g, when, report, options);
  return g;
}

function compileGuard(
  g: GatheredStep,
  when: Attribute | undefined,
  report: Reporter,
  options: AegisOptions,
): Condition | undefined {
  const yamlWhen = g.config?.when;
  if (when && yamlWhen !== undefined) {
    report.error(
      'duplicate-when',
      `step "${g.doc.name}": "when" is given both as **when** and in the yaml block; keep one`,
      when.offset,
    );
    return undefined;
  }
  let source: string;
  let offset: number;
  if (when) {
    source = when.value;
    offset = when.valueOffset;
  } else if (yamlWhen !== undefined && g.yaml) {
    const expr = isMap(g.yaml.doc.get('when', true)) ? (yamlWhen as Record<string, unknown>).expr : yamlWhen;
    const node = deepestNodeAt(g.yaml, isMap(g.yaml.doc.get('when', true)) ? ['when', 'expr'] : ['when']);
    offset = g.yaml.base + (node?.range?.[0] ?? 0) + (isScalar(node) && node.type !== 'PLAIN' ? 1 : 0);
    if (typeof expr !== 'string' || !expr.trim()) {
      report.error(
        'bad-when',
        `step "${g.doc.name}": when must be an expression, e.g. when:\\n  expr: "{{count}} > 10"`,
        offset,
      );
      return undefined;
    }
    source = expr;
  } else return undefined;
  const unquoted = unquoteWhen(source);
  if (unquoted !== source) {
    report.warn(
      'quoted-when',
      `step "${g.doc.name}": the quotes around this when are not part of the condition and are dropped; write it without them: ${unquoted}`,
      offset,
      offset + source.length,
    );
    offset += source.indexOf(unquoted);
    source = unquoted;
  }
  const compiled = compileAegisWhen(source, report.ref(offset), options);
  if (!compiled.ok) {
    report.error(
      'bad-when',
      `step "${g.doc.name}": when "${source}": ${compiled.message}`,
      offset + compiled.offset,
      offset + compiled.offset + compiled.length,
    );
    return undefined;
  }
  warnOlderForms(compiled.value.olderForms, offset, g.doc.name, report);
  g.reads.push({ refs: compiled.value.refs, offset });
  return compiled.value;
}

/**
 * A condition written whole inside quotes (`**when**: "confirm == true"`), as older files do, without
 * them; the Java engine drops such quotes. Quotes that are the condition's own strings stay.
 */
function unquoteWhen(source: string): string {
  const t = source.trim();
  const q = t[0];
  if (t.length < 2 || (q !== '"' && q !== "'") || t.at(-1) !== q) return source;
  const inner = t.slice(1, -1);
  return inner.includes(q) || !inner.trim() ? source : inner;
}

/** A fenced block's text without the line break before the closing fence. */
export function trimFinalNewline(s: string): string {
  return s.endsWith('\r\n') ? s.slice(0, -2) : s.endsWith('\n') ? s.slice(0, -1) : s;
}
