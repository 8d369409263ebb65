import type { Budget } from '../../ir/skill.js';
import { ref, type Declarations, type Ref } from './declarations.js';
import { EXAMPLES } from './examples.js';
import type { Reporter } from './reporter.js';
import { didYouMean } from '../kit/did-you-mean.js';
import { keyAt, nodeAt, spanOf } from '../kit/yaml-block.js';

const FIELDS = [
  'version',
  'mode',
  'entry_point',
  'execution_budget',
  'requires',
  'description',
  'name',
  'layer_profile',
  'context_merge_strategy',
  'tags',
  'aliases',
  'metadata',
  'input_schema',
  'output_schema',
];
const BUDGET = ['max_nodes', 'max_llm_calls', 'max_duration_sec'];

/** What `/__meta__` says about the run. */
export interface Meta {
  budget?: Budget;
  entryPoint?: Ref;
  description?: string;
  name?: string;
  tags: string[];
  /** Other words for what the graph does (a Skein addition, for routing). */
  aliases: string[];
  /** The run's input as a JSON Schema of an object (a Skein addition, for forms and checks). */
  inputSchema?: Record<string, unknown>;
  /** The run's output as a JSON Schema of an object (a Skein addition, checked at the end). */
  outputSchema?: Record<string, unknown>;
}

/** Reads `/__meta__`: the execution budget (enforced by the runtime), the entry point, a description. */
export function readMeta(decls: Declarations, report: Reporter): Meta {
  const meta = decls.meta;
  if (!meta) return { tags: [], aliases: [] };
  const { block, map, fields } = meta;
  const out: Meta = { tags: [], aliases: [] };
  for (const key of Object.keys(fields))
    if (!FIELDS.includes(key))
      report.warn(
        'unknown-field',
        `/__meta__ has no field "${key}"; it is ignored${didYouMean(key, FIELDS)}`,
        ...spanOf(block, keyAt(map, key)),
      );
  if (typeof fields.description === 'string') out.description = fields.description;
  if (typeof fields.name === 'string') out.name = fields.name;
  for (const key of ['tags', 'aliases'] as const) {
    const value = fields[key];
    if (value === undefined) continue;
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) out[key] = value;
    else
      report.warn(
        'meta-list',
        `${key} is a list of words, e.g. ${key}: ["order", "订单"]; it is ignored`,
        ...spanOf(block, nodeAt(block, [key])),
      );
  }
  const output = fields.output_schema;
  if (output !== undefined) {
    if (typeof output === 'object' && output !== null && !Array.isArray(output))
      out.outputSchema = { type: 'object', ...(output as Record<string, unknown>) };
    else
      report.warn(
        'meta-input-schema',
        'output_schema is a JSON Schema of the output object, e.g. output_schema: {properties: {summary: {type: string}}}; it is ignored',
        ...spanOf(block, nodeAt(block, ['output_schema'])),
      );
  }
  const schema = fields.input_schema;
  if (schema !== undefined) {
    if (typeof schema === 'object' && schema !== null && !Array.isArray(schema))
      out.inputSchema = { type: 'object', ...(schema as Record<string, unknown>) };
    else
      report.warn(
        'meta-input-schema',
        'input_schema is a JSON Schema of the input object, e.g. input_schema: {properties: {text: {type: string}}}; it is ignored',
        ...spanOf(block, nodeAt(block, ['input_schema'])),
      );
  }
  if (fields.entry_point !== undefined)
    out.entryPoint = ref(block, nodeAt(block, ['entry_point']), fields.entry_point, 'entry_point', report);
  const budget = fields.execution_budget;
  if (budget === undefined) return out;
  const node = nodeAt(block, ['execution_budget']);
  if (typeof budget !== 'object' || budget === null || Array.isArray(budget)) {
    report.error('budget', `execution_budget is a mapping, e.g. ${EXAMPLES.meta}`, ...spanOf(block, node));
    return out;
  }
  const b: Budget = {};
  for (const [key, value] of Object.entries(budget as Record<string, unknown>)) {
    const at = spanOf(block, nodeAt(block, [key], node));
    if (!BUDGET.includes(key)) {
      report.warn(
        'budget',
        `${key} is not enforced by Skein; execution_budget knows ${BUDGET.join(', ')}${didYouMean(key, BUDGET)}`,
        ...spanOf(block, keyAt(node, key)),
      );
      continue;
    }
    const whole = key !== 'max_duration_sec';
    if (typeof value !== 'number' || value <= 0 || (whole && !Number.isInteger(value))) {
      report.error(
        'budget',
        `${key} must be a positive ${whole ? 'whole ' : ''}number, e.g. ${EXAMPLES.meta}`,
        ...at,
      );
      continue;
    }
    if (key === 'max_nodes') b.maxNodes = value;
    else if (key === 'max_llm_calls') b.maxLlmCalls = value;
    else b.maxDurationMs = Math.round(value * 1000);
  }
  if (Object.keys(b).length) out.budget = b;
  return out;
}
