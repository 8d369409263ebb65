import { wholeContext } from '../values.js';
import { addEdge, addMember, type GraphDraft } from './draft.js';

/** The end Skein adds to a graph whose flow can stop at a soft end. */
export const FINISH = '/__system__/finish';

/**
 * A graph with soft ends finishes when its flow does, as in the AgenticDSL engine (which runs until no
 * node is left): an added end, after every node without successors, returns the whole context once all of
 * them are decided. A hard end reached before still ends the run at once.
 */
export function finishSoftEnds(draft: GraphDraft): void {
  if (!draft.members.some((m) => m.soft) || draft.index.has(FINISH)) return;
  const sinks = draft.members.map((_, i) => i).filter((i) => !draft.succ[i].length);
  const first = draft.members[0].decl;
  addMember(draft, {
    decl: { path: FINISH, type: 'end', place: first.place, offset: first.offset },
    next: [],
    waitFor: [],
    fallback: [],
    broken: false,
    node: { kind: 'end', id: FINISH, output: wholeContext },
  });
  const finish = draft.index.get(FINISH)!;
  for (const s of sinks) addEdge(draft, s, finish);
}
