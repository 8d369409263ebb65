import type { Node, WriteTarget } from '../ir/nodes.js';
import { writesFor } from './context.js';
import type { NodeOutcome } from './executors/index.js';
import type { NodeRecord, Write } from './ports/store.js';

/** What a finished node leaves: its record (writes, a route's choice) and the value its event reports. */
export interface NodeResult {
  record: NodeRecord;
  value: unknown;
}

/** The result of a node whose executor did not ask to wait (`await` outcomes are the loop's). */
export function nodeResult(node: Node, outcome: Exclude<NodeOutcome, { await: unknown }>): NodeResult {
  let writes: Write[] = [];
  let value: unknown;
  if ('writes' in outcome) writes = outcome.writes;
  else if ('value' in outcome) {
    value = outcome.value;
    const target = writeTarget(node);
    if (target) writes = writesFor(target, value);
  } else if ('output' in outcome) value = outcome.output;
  const record: NodeRecord = { node: node.id, status: 'done', writes };
  if ('chosen' in outcome) {
    record.chosen = outcome.chosen;
    value = { next: outcome.chosen };
  }
  return { record, value };
}

/** Where a node's value goes, for the kinds that produce one. */
function writeTarget(node: Node): WriteTarget | undefined {
  return node.kind === 'end' || node.kind === 'assign' || node.kind === 'route' ? undefined : node.output;
}
