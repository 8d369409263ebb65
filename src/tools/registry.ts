import { DuplicateToolError, ToolNotFoundError } from './errors.js';
import type { Tool } from '../runtime/index.js';
import { nearestNames } from '../dialects/kit/did-you-mean.js';

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
    throw new ToolNotFoundError(name, nearestNames(name, names), names);
  }

  /** All tools, in registration order. */
  list(): Tool[] {
    return [...this.#tools.values()];
  }
}
