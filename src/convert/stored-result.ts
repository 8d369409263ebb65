import type { Node } from '../ir/nodes.js';

/**
 * An older Aegis tool step without varName that later steps read by its name: its result is merged
 * into the context and also stored under the step's name (`{all: [{merge: []}, {set: [name]}]}`).
 * AgenticDSL has no such write, so the `tool_call` stores the result under the name and an `assign`
 * node after it, `<name>_fields`, copies the fields the rest of the skill reads (`keys`) out of it,
 * each keeping the value it had when the result has no such field, as a merge does.
 */
export function storedName(node: Node): string | undefined {
  if (node.kind !== 'tool' || !('all' in node.output) || node.output.all.length !== 2) return undefined;
  const [merged, stored] = node.output.all;
  if (!('merge' in merged) || merged.merge.length || !('set' in stored) || stored.set.length !== 1)
    return undefined;
  return stored.set[0];
}

const NAME = /^[A-Za-z_]\w*$/;

/** The value `<name>_fields` assigns to `key`: the result's field, else what `key` held (null if nothing). */
const fieldValue = (name: string, key: string) => `{{ default(${name}.${key}, default(${key}, null)) }}`;

/** The `assign` node that copies `keys` out of the result stored under `name`; why not, for a key that is not a name. */
export function fieldsNode(
  name: string,
  keys: readonly string[],
): { id: string; type: 'assign'; assign: Record<string, string> } | { why: string } {
  const odd = [name, ...keys].find((k) => !NAME.test(k));
  if (odd !== undefined) return { why: `a tool result merged under a key that is not a plain name (${odd})` };
  return {
    id: `${name}_fields`,
    type: 'assign',
    assign: Object.fromEntries(keys.map((k) => [k, fieldValue(name, k)])),
  };
}

/** The keys a node written by `fieldsNode` for `name` copies, else undefined. */
export function fieldsOf(node: Node | undefined, name: string): string[] | undefined {
  if (node?.kind !== 'assign' || node.id.split('/').at(-1) !== `${name}_fields`) return undefined;
  const keys = node.assignments.map((a) => a.path.join('.'));
  const exact = node.assignments.every(
    (a) => a.path.length === 1 && a.value.written === fieldValue(name, a.path[0]),
  );
  return exact && keys.length ? keys : undefined;
}
