import type { Scope, ValueExpr } from '../../ir/expr.js';
import type { JsonSchema } from '../../ir/schema.js';

/**
 * The run's output: each output_schema field read from the context. Template and prompt results are
 * text, so a field declared number, integer, boolean, object or array takes the parsed value of text
 * that reads as one (`"300"` → 300, `"true"` → true, JSON text → the value); anything else is left
 * as it is for output validation to report.
 */
export function outputExpr(output: JsonSchema): ValueExpr {
  const fields = Object.entries(output.properties ?? {}).map(([name, schema]) => ({
    name,
    types: typesOf(schema),
  }));
  return {
    refs: fields.map((f) => f.name),
    evaluate(scope: Scope) {
      const out: Record<string, unknown> = {};
      for (const { name, types } of fields) {
        const value = scope[name];
        if (value === undefined || value === null) continue;
        out[name] = typeof value === 'string' ? fromText(value, types) : value;
      }
      return out;
    },
  };
}

function typesOf(schema: JsonSchema): string[] {
  const t = schema.type;
  return (Array.isArray(t) ? t : t ? [t] : []).filter((x) => x !== 'null');
}

function fromText(text: string, types: readonly string[]): unknown {
  if (!types.length || types.includes('string')) return text;
  const t = text.trim();
  if ((types.includes('number') || types.includes('integer')) && t !== '' && Number.isFinite(Number(t)))
    return Number(t);
  if (types.includes('boolean') && (t === 'true' || t === 'false')) return t === 'true';
  if ((types.includes('object') || types.includes('array')) && /^[[{]/.test(t)) {
    try {
      return JSON.parse(t);
    } catch {
      return text;
    }
  }
  return text;
}
