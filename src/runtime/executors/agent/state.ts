/** Session state: `profile` plus top-level data, as an agent node reads and writes it. */
export type State = Record<string, unknown>;

/** The deltas a turn adds to the state: `profile` merges into `state.profile`, `data` into the top level. */
export interface StateDelta {
  profile: Record<string, unknown>;
  data: Record<string, unknown>;
}

/** The session state in a node's context: every key but the user's turn. */
export function sessionState(scope: Readonly<Record<string, unknown>>, turnKey: string | undefined): State {
  const state: State = { ...scope };
  if (turnKey) delete state[turnKey];
  return state;
}

/** Applies a turn's deltas to a state (objects merge key by key, anything else replaces). */
export function applyDelta(state: State, delta: StateDelta): State {
  const out = mergeRecords(state, delta.data);
  if (Object.keys(delta.profile).length)
    out.profile = mergeRecords(isRecord(state.profile) ? state.profile : {}, delta.profile);
  return out;
}

/** Merges two deltas, the later one winning field by field. */
export function mergeDeltas(a: StateDelta, b: StateDelta): StateDelta {
  return { profile: mergeRecords(a.profile, b.profile), data: mergeRecords(a.data, b.data) };
}

/** Writes a value at a dotted key (`profile.plaintiff.id_number`) of a delta: `profile.…` into the profile, the rest into data. */
export function setInDelta(delta: StateDelta, dottedKey: string, value: unknown): StateDelta {
  const [head, ...rest] = dottedKey.split('.');
  if (head === 'profile' && rest.length) return { ...delta, profile: setPath(delta.profile, rest, value) };
  return { ...delta, data: setPath(delta.data, [head, ...rest], value) };
}

function setPath(
  obj: Record<string, unknown>,
  path: readonly string[],
  value: unknown,
): Record<string, unknown> {
  const [key, ...rest] = path;
  if (!rest.length) return { ...obj, [key]: value };
  return { ...obj, [key]: setPath(isRecord(obj[key]) ? obj[key] : {}, rest, value) };
}

function mergeRecords(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const old = out[key];
    out[key] = isRecord(old) && isRecord(value) ? mergeRecords(old, value) : value;
  }
  return out;
}

/** Whether a value is a plain record (not an array or null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
