import type { SourceRef } from '../../../ir/expr.js';
import type { Node } from '../../../ir/nodes.js';
import type { JsonSchema } from '../../../ir/schema.js';
import type { Reporter } from '../reporter.js';
import type { GatheredStep, Reads } from './gather.js';

/** A variable a step writes. */
export interface Defined {
  name: string;
  offset: number;
  schema?: JsonSchema;
}

/** One step after its type compiled it: the IR node (absent on errors) and what it reads and writes. */
export interface CompiledStep {
  name: string;
  offset: number;
  type: string;
  varName?: { name: string; offset: number };
  node?: Node;
  defines: Defined[];
  reads: Reads[];
  /** True when errors hide what the step writes; later variable warnings would only be noise. */
  opaque?: boolean;
  /** True when the step has a `when`. */
  guarded?: boolean;
  /** True for a tool step that declares no output_schema: what it writes is unknown. */
  undeclaredOutputs?: boolean;
}

/** The fields every compiled step starts from. */
export function baseStep(g: GatheredStep, report: Reporter): CompiledStep & { at: SourceRef } {
  return {
    name: g.doc.name,
    offset: g.doc.offset,
    type: g.type?.value ?? '',
    varName: g.varName ? { name: g.varName.value, offset: g.varName.valueOffset } : undefined,
    defines: [],
    reads: g.reads,
    guarded: Boolean(g.guard),
    at: report.ref(g.doc.nameOffset),
  };
}

/** Warns about keys of the step's yaml block that its type does not read. */
export function warnUnknownKeys(g: GatheredStep, known: readonly string[], report: Reporter): void {
  if (!g.config || !g.yaml) return;
  for (const key of Object.keys(g.config)) {
    if (known.includes(key)) continue;
    report.warn(
      'unknown-key',
      `step "${g.doc.name}": "${key}" is not read by a ${g.type?.value} step (it reads ${known.join(', ')})`,
      g.yaml.base + (g.yaml.doc.contents && 'items' in g.yaml.doc.contents ? findKeyOffset(g, key) : 0),
    );
  }
}

function findKeyOffset(g: GatheredStep, key: string): number {
  const contents = g.yaml!.doc.contents as {
    items: { key: { value?: unknown; range?: [number, number, number] } }[];
  };
  return contents.items.find((p) => String(p.key?.value) === key)?.key.range?.[0] ?? 0;
}
