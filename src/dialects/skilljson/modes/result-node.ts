import type { EndNode } from '../../../ir/nodes.js';

/** Where a one-step skill (llm or code mode) keeps its step's value. */
export const RESULT = 'result';

/** The end node of a one-step skill: the step's value is the run's output. */
export const resultEnd: EndNode = {
  kind: 'end',
  id: '__output__',
  output: { refs: [RESULT], evaluate: (scope) => scope[RESULT] },
};
