import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { toolSchema } from '../chat/index.js';
import type { JsonSchema } from '../ir/schema.js';
import type { Skill } from '../ir/skill.js';
import { CHUNK_TOOL_NAME } from '../documents/index.js';
import { isPureSkill } from './pure-skill.js';
import { mcpToolName } from './tool-name.js';

/** An executable skill as an MCP tool, and how its arguments and output map to the skill's. */
export interface SkillTool {
  skill: Skill;
  tool: Tool;
  /** The skill's input is not an object: the tool takes it as `{input}`. */
  wrappedInput: boolean;
  /** The skill's output is not an object: `structuredContent` holds it as `{output}`. */
  wrappedOutput: boolean;
}

/** The tools Skein adds beside the skills' (their names are never given to a skill). */
export const RESERVED_NAMES = ['skein_resume', CHUNK_TOOL_NAME];

/**
 * One tool per executable skill (the highest version of each id; skills that run only when named by
 * another are left out): named from the id, with the description, the input and output schemas, and
 * read-only and idempotent hints on skills that touch nothing outside their run.
 */
export function skillTools(latest: readonly Skill[]): SkillTool[] {
  const byId = new Map(latest.map((s) => [s.id, s]));
  const taken = new Set(RESERVED_NAMES);
  return latest
    .filter((s) => s.graph && !s.planning?.internal)
    .map((skill) => {
      const input = toolSchema(skill.input);
      const output = objectSchema(skill.output);
      const pure = isPureSkill(skill, byId);
      const tool: Tool = {
        name: mcpToolName(skill.id, taken),
        title: `${skill.id}@${skill.version}`,
        description: skill.description || `Runs the skill ${skill.id}`,
        inputSchema: withoutDialect(input.schema) as Tool['inputSchema'],
        outputSchema: withoutDialect(output.schema) as Tool['outputSchema'],
        ...(pure ? { annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false } } : {}),
      };
      return { skill, tool, wrappedInput: input.wrapped, wrappedOutput: output.wrapped };
    });
}

/** The output schema as MCP wants it (an object), wrapping any other shape as `{output}`. */
function objectSchema(output: JsonSchema): { schema: JsonSchema; wrapped: boolean } {
  const { schema, wrapped } = toolSchema(output);
  if (!wrapped) return { schema, wrapped };
  return { schema: { type: 'object', properties: { output: schema.properties!.input } }, wrapped };
}

/** `$schema` names a draft the client's validator may not load; the keywords themselves are plain. */
function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
