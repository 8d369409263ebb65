import { DuplicateToolError, ToolNotFoundError } from './errors.js';
import type { Tool } from '../runtime/index.js';

/** Every tool a run can call, by name: built-ins, TS modules and MCP servers. */
export class ToolRegistry {
  readonly #tools = new Map<string, Tool>();

  /** Adds a tool; a name that is already taken is an error naming both tools' sources. */
  register(tool: Tool): void {
    const existing = this.#tools.get(tool.name);
    if (existing)
      throw new DuplicateToolError(
        tool.name,
        existing.source ?? 'an earlier registration',
        tool.source ?? 'a later registration',
      );
    this.#tools.set(tool.name, tool);
  }

  /** The tool with this name, if any. */
  get(name: string): Tool | undefined {
    return this.#tools.get(name);
  }

  /** The tool with this name; otherwise a ToolNotFoundError that suggests the closest names. */
  require(name: string): Tool {
    const tool = this.#tools.get(name);
    if (tool) return tool;
    const names = [...this.#tools.keys()];
    throw new ToolNotFoundError(name, closestNames(name, names), names);
  }

  /** All tools, in registration order. */
  list(): Tool[] {
    return [...this.#tools.values()];
  }
}

/** Up to three names within a small edit distance of `name` (or containing it, or contained in it), closest first. */
function closestNames(name: string, names: readonly string[]): string[] {
  const wanted = name.toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return names
    .map((n) => {
      const candidate = n.toLowerCase();
      const contains =
        Math.min(wanted.length, candidate.length) >= 3 &&
        (candidate.includes(wanted) || wanted.includes(candidate));
      return { n, d: contains ? 0.5 : editDistance(wanted, candidate) };
    })
    .filter((c) => c.d <= limit)
    .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))
    .slice(0, 3)
    .map((c) => c.n);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length];
}
