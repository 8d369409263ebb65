const MAX = 128;

/**
 * An MCP tool name for a skill id: characters outside `[A-Za-z0-9_.-]` become `_` (DESIGN.md, "Serving");
 * a name already taken gets `_2`, `_3`, ….
 */
export function mcpToolName(id: string, taken: Set<string>): string {
  const base = id.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, MAX) || 'skill';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base.slice(0, MAX - String(n).length - 1)}_${n}`;
  taken.add(name);
  return name;
}
