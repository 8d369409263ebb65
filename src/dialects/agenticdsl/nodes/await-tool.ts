import { isMap } from 'yaml';
import type { Node as IrNode } from '../../../ir/nodes.js';
import type { JsonSchema } from '../../../ir/schema.js';
import type { NodeFields } from '../fields.js';
import type { Reporter } from '../reporter.js';
import { compileText } from '../values.js';
import { readOutputKeys } from './output-keys.js';

/**
 * The tool a pause for a person is written as: `tool_call` of `skein_await` with `arguments:
 * {message, input_schema}` (an MCP tool that asks a person, on any engine). Skein reads it as an
 * `await` step: the run pauses with the message and the answer's fields are merged into the context
 * (and, with one `output_keys`, the whole answer is stored under it too).
 */
export const AWAIT_TOOL = 'skein_await';

/** The `await` node a `tool_call` of `skein_await` stands for; undefined after reporting a bad one. */
export function compileAwaitTool(fields: NodeFields, report: Reporter): IrNode | undefined {
  const args = fields.node('arguments');
  const schema = (fields.values.arguments as Record<string, unknown> | undefined)?.input_schema;
  if (!isMap(args) || !schema || typeof schema !== 'object' || Array.isArray(schema)) {
    report.error(
      'bad-field',
      `a ${AWAIT_TOOL} call (a pause for a person) needs arguments: {message: "...", input_schema: {type: object, properties: {...}}}`,
      ...fields.span('arguments'),
    );
    return undefined;
  }
  const message = compileText(fields.decl.place.block, args.get('message', true) as never, report);
  if (!message) {
    report.error(
      'bad-field',
      `a ${AWAIT_TOOL} call needs arguments.message: the text shown to the person`,
      ...fields.span('arguments'),
    );
    return undefined;
  }
  const keys = readOutputKeys(fields, 'output_keys: [answer]');
  if (!keys) return undefined;
  if (keys.length > 1) {
    report.error(
      'bad-field',
      `a ${AWAIT_TOOL} call names at most one output key (the whole answer is stored there too)`,
      ...fields.span('output_keys'),
    );
    return undefined;
  }
  return {
    kind: 'await',
    id: fields.decl.path,
    at: report.ref(fields.decl.offset),
    message,
    inputSchema: schema as JsonSchema,
    output: keys.length ? { all: [{ merge: [] }, { set: keys[0].split('.') }] } : { merge: [] },
  };
}
