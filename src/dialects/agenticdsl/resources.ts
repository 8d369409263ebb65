import type { Declarations } from './declarations.js';
import { EXAMPLES } from './examples.js';
import type { Reporter } from './reporter.js';
import { keyAt, nodeAt, spanOf } from '../kit/yaml-block.js';

const TYPES = ['postgres', 'file', 'api_endpoint', 'custom'];
const FIELDS = ['type', 'resource_type', 'uri', 'scope', 'metadata', 'description', 'name'];

/**
 * The resources, as the run's context holds them under `resources`: each by its name (the path's last
 * part), with its fields (`resource_type`, `uri`, `scope`, `metadata`), so `{{ resources.db.uri }}` works;
 * and by its full path too, as the engine keys them (`{{ at(resources, "/resources/db").uri }}`).
 */
export function readResources(
  decls: Declarations,
  report: Reporter,
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const r of decls.resources) {
    const { block, map, fields } = r.place;
    if (Object.hasOwn(out, r.name)) {
      report.error(
        'duplicate-id',
        `two resources are named "${r.name}"; templates reach them as resources.${r.name}, so give each a different last path part`,
        r.offset,
      );
      continue;
    }
    for (const key of Object.keys(fields))
      if (!FIELDS.includes(key))
        report.warn(
          'unknown-field',
          `resources have no field "${key}"; it is ignored (fields: resource_type, uri, scope, metadata)`,
          ...spanOf(block, keyAt(map, key)),
        );
    if (typeof fields.resource_type !== 'string' || !TYPES.includes(fields.resource_type))
      report.warn(
        'bad-field',
        `resource_type is one of ${TYPES.join(', ')}, e.g. ${EXAMPLES.resource}`,
        ...spanOf(block, nodeAt(block, ['resource_type']) ?? null, r.offset),
      );
    if (fields.uri === undefined)
      report.warn('missing-field', `resource \`${r.path}\` has no uri, e.g. ${EXAMPLES.resource}`, r.offset);
    const { type: _type, ...descriptor } = fields;
    out[r.name] = descriptor;
    out[r.path] = descriptor;
  }
  return out;
}
