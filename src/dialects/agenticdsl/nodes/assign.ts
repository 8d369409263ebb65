import { isMap, isScalar, type Node } from 'yaml';
import type { ValueExpr } from '../../../ir/expr.js';
import { EXAMPLES } from '../examples.js';
import { compileValue } from '../values.js';
import { spanOf } from '../../kit/yaml-block.js';
import type { NodeCompiler } from './compiled.js';

const KEY = /^[^.\s]+(?:\.[^.\s]+)*$/;

/**
 * `assign`: each key (dots write nested fields: `user.name`) gets its value; strings are Inja templates,
 * and one that is exactly `{{ expr }}` keeps the expression's type. All values see the same context.
 */
export const compileAssign: NodeCompiler = (fields, { report }) => {
  fields.checkKnown(['assign', 'output_keys']);
  if (fields.values.output_keys !== undefined)
    report.warn(
      'ignored-field',
      'output_keys has no effect on an assign node: each key under assign is written',
      ...fields.span('output_keys'),
    );
  if (fields.required('assign', EXAMPLES.assign) === undefined) return {};
  const map = fields.node('assign');
  const block = fields.decl.place.block;
  if (!isMap(map)) {
    report.error(
      'bad-field',
      `assign is a mapping of keys to values, e.g. ${EXAMPLES.assign}`,
      ...fields.span('assign'),
    );
    return {};
  }
  const assignments: { path: string[]; value: ValueExpr }[] = [];
  let ok = true;
  for (const pair of map.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!KEY.test(key)) {
      report.error(
        'bad-field',
        `"${key}" is not a key to assign; write a name or a dotted path such as user.name`,
        ...spanOf(block, pair.key as Node),
      );
      ok = false;
      continue;
    }
    const value = compileValue(block, pair.value as Node, report);
    const written = (pair.value as { toJSON?: () => unknown }).toJSON?.();
    if (value)
      assignments.push({
        path: key.split('.'),
        value: Object.assign(Object.create(value) as ValueExpr, { written }),
      });
    else ok = false;
  }
  if (!ok) return {};
  return { node: { kind: 'assign', id: fields.decl.path, at: report.ref(fields.decl.offset), assignments } };
};
