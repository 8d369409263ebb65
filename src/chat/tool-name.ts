const MAX = 64;

/**
 * A function name for a skill id that every provider accepts (`^[a-zA-Z0-9_-]{1,64}$`): other characters
 * become `_`; a name already taken gets `_2`, `_3`, ….
 */
export function toolName(id: string, taken: Set<string>): string {
  const base = id.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, MAX) || 'skill';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base.slice(0, MAX - String(n).length - 1)}_${n}`;
  taken.add(name);
  return name;
}
