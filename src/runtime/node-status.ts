/** Where a node stands in a run. `dead`: no activated predecessor leads to it (a route chose otherwise). */
export type NodeStatus = 'pending' | 'running' | 'done' | 'skipped' | 'dead' | 'failed' | 'awaiting';
