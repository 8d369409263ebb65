import type { ToolService, Tool } from '../runtime/index.js';

/**
 * The tool service of a case: tools it gives canned outputs for answer with them (an output that is not
 * a record comes back as `{result: output}`); every other tool is the configured one.
 */
export function cannedTools(
  base: ToolService | undefined,
  canned: Readonly<Record<string, unknown>>,
): ToolService | undefined {
  const names = Object.keys(canned);
  if (!names.length) return base;
  const tools = new Map<string, Tool>(
    names.map((name) => [
      name,
      {
        name,
        description: `${name} (canned output from cases.yaml)`,
        source: 'cases.yaml',
        execute: () => asRecord(canned[name]),
      },
    ]),
  );
  return {
    require: (name) => tools.get(name) ?? requireBase(base, name),
    invoke: async (tool, input, options) =>
      tools.get(tool.name) === tool
        ? asRecord(canned[tool.name])
        : requireService(base).invoke(tool, input, options),
  };
}

function asRecord(output: unknown): Record<string, unknown> {
  return typeof output === 'object' && output !== null && !Array.isArray(output)
    ? (output as Record<string, unknown>)
    : { result: output };
}

function requireBase(base: ToolService | undefined, name: string): Tool {
  return requireService(base).require(name);
}

function requireService(base: ToolService | undefined): ToolService {
  if (!base) throw new Error('no tool registry is configured');
  return base;
}
