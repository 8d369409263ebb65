/** The error of a commit that gives a finished node a second result: a driver that lost its run. */
export function alreadyStored(runId: string, node?: string): Error {
  const which = node === undefined ? "a node's" : `node "${node}"'s`;
  return new Error(`run ${runId}: ${which} result is already stored (another driver finished it)`);
}
