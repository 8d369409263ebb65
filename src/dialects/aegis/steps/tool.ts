import { isMap, isScalar, YAMLMap } from 'yaml';
import type { AegisOptions } from '../../../expr/index.js';
import { readFields } from '../fields.js';
import type { Reporter } from '../reporter.js';
import { yamlValueExpr } from '../value-expr.js';
import { deepestNodeAt } from '../../kit/yaml-block.js';
import { baseStep, warnUnknownKeys, type CompiledStep } from './compiled.js';
import type { GatheredStep } from './gather.js';

/**
 * Compiles a `tool` step: typed input rendered from the context, outputs written by the tool. Older
 * files put the parameters at the top level of the yaml block; when `input:` is a single value such as
 * "{{data}}" rather than a mapping, the Java engine passes every top-level key (that `input` included) as
 * a parameter, and so does Skein, with a warning.
 */
export function compileToolStep(g: GatheredStep, report: Reporter, options: AegisOptions): CompiledStep {
  const step = baseStep(g, report);
  const name = g.doc.name;
  if (!g.tool?.value)
    report.error(
      'missing-tool',
      `tool step "${name}" needs **tool**: <tool name>, e.g. **tool**: search_api`,
      g.doc.offset,
    );
  if (g.varName)
    report.warn(
      'older-form',
      `tool step "${name}": **varName** is an older form and is ignored; a tool writes its own output keys (declare them under output_schema:)`,
      g.varName.offset,
    );
  if (g.prompt || g.template)
    report.warn(
      'unknown-block',
      `tool step "${name}": prompt/template blocks are ignored on a tool step`,
      (g.prompt ?? g.template)!.offset,
    );
  if (!g.config || !g.yaml) {
    if (!g.yamlFence)
      report.error(
        'missing-input',
        `tool step "${name}" needs a \`\`\`yaml block with input: (the tool's parameters) and output_schema:`,
        g.doc.offset,
      );
    else step.opaque = true;
    return step;
  }
  const block = g.yaml;
  let inputNode: unknown;
  const written = deepestNodeAt(block, ['input']);
  const loneValue = 'input' in g.config && isScalar(written) && typeof written.value === 'string';
  if ('input' in g.config && !loneValue) {
    inputNode = written;
    if (!isMap(inputNode)) {
      report.error(
        'bad-input',
        `tool step "${name}": input must be a mapping of parameters, e.g. input:\\n  q: "{{query}}"`,
        block.base + (deepestNodeAt(block, ['input'])?.range?.[0] ?? 0),
      );
      return step;
    }
    warnUnknownKeys(g, ['input', 'output_schema', 'when'], report);
  } else {
    const params = Object.keys(g.config).filter((k) => k !== 'output_schema' && k !== 'when');
    if (!params.length) {
      report.error(
        'missing-input',
        `tool step "${name}" has no input:; put the tool's parameters under input:`,
        block.base,
      );
      return step;
    }
    if (loneValue)
      report.warn(
        'older-form',
        `tool step "${name}": input: is one value, not a mapping of parameters, an older form; as the Java engine does, every top-level key (${params.join(', ')}) is passed to the tool as a parameter: write them under input:`,
        block.base + (written?.range?.[0] ?? 0),
      );
    else
      report.warn(
        'older-form',
        `tool step "${name}": parameters at the top level of the yaml block are an older form; put them under input:`,
        block.base,
      );
    const top = block.doc.contents;
    inputNode = isMap(top) ? withoutKeys(top, ['output_schema', 'when']) : top;
  }
  if (g.config.output_schema !== undefined) {
    const fields = readFields(
      block,
      ['output_schema'],
      g.config.output_schema,
      `tool step "${name}" output_schema`,
      report,
    );
    for (const f of fields.names)
      step.defines.push({ name: f.name, offset: f.offset, schema: fields.schema.properties?.[f.name] });
  } else {
    step.undeclaredOutputs = true;
    report.warn(
      'undeclared-outputs',
      `tool step "${name}" declares no output_schema:, so the variables it writes cannot be checked`,
      block.base,
    );
  }
  const input = yamlValueExpr(inputNode, block, name, report, step.reads, options);
  if (!input || !g.tool?.value) return step;
  step.node = {
    kind: 'tool',
    id: name,
    at: step.at,
    guard: g.guard,
    tool: g.tool.value,
    input: Object.assign(Object.create(input) as typeof input, { written: toJson(inputNode) }),
    output: { merge: [] },
    declares: step.defines.map((d) => d.name),
  };
  return step;
}

/** A map of `map`'s pairs but those under `keys` (the pairs shared, not copied: cloning the document cost most of a load). */
function withoutKeys(map: YAMLMap, keys: readonly string[]): YAMLMap {
  const out = new YAMLMap();
  out.items = map.items.filter((p) => !keys.includes(String(isScalar(p.key) ? p.key.value : p.key)));
  out.range = map.range;
  return out;
}

/** A YAML node as the JSON it holds (what `ValueExpr.written` keeps). */
function toJson(node: unknown): unknown {
  return node && typeof node === 'object' && 'toJSON' in node
    ? (node as { toJSON(): unknown }).toJSON()
    : node;
}
