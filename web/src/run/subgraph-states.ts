import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { followRun } from '../api/sse';
import type { RunSummary } from '../api/types';
import { applyEvent, EMPTY_RUN, type NodeState } from './run-state';

/**
 * The states of a run's subgraph nodes: a subgraph runs as a child run of the same skill, so the
 * runs of `skill` whose parent is this run (or one of its children) are found in `GET /v1/runs` and
 * followed like the run itself. Looked up again whenever `key` changes (a `call` step moved on).
 */
export function useSubgraphStates(
  runId: string,
  skill: string | undefined,
  key: string,
): Record<string, NodeState> {
  const [children, setChildren] = useState<string[]>([]);
  const [states, setStates] = useState<Record<string, Record<string, NodeState>>>({});

  useEffect(() => {
    setChildren([]);
    setStates({});
  }, [runId]);

  useEffect(() => {
    if (!skill || !key) return;
    const control = new AbortController();
    api<{ runs: RunSummary[] }>(`/runs?skill=${encodeURIComponent(skill)}&limit=100`, {
      signal: control.signal,
    }).then(
      ({ runs }) => {
        const family = new Set([runId]);
        // Newest first: a child is listed before its parent, so go round until nothing is added.
        for (let size = 0; size !== family.size;) {
          size = family.size;
          for (const r of runs) if (r.parentRunId && family.has(r.parentRunId)) family.add(r.runId);
        }
        family.delete(runId);
        setChildren((known) => (family.size > known.length ? [...family] : known));
      },
      () => undefined,
    );
    return () => control.abort();
  }, [runId, skill, key]);

  useEffect(() => {
    const control = new AbortController();
    for (const child of children) {
      let state = EMPTY_RUN;
      followRun(
        child,
        (event) => {
          state = applyEvent(state, event);
          const nodes = state.nodes;
          setStates((all) => ({ ...all, [child]: nodes }));
        },
        { signal: control.signal },
      ).catch(() => undefined);
    }
    return () => control.abort();
  }, [children]);

  return Object.assign({}, ...Object.values(states)) as Record<string, NodeState>;
}
