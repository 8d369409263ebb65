import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchema } from '../ir/schema.js';
import type { Skill } from '../ir/skill.js';
import { MCP_NAME, skillsAsTools, toolSchema } from '../ir/skill-tool.js';
import { CHUNK_TOOL_NAME } from '../documents/index.js';
import { isPureSkill } from './pure-skill.js';

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
 * One tool per executable skill (`skillsAsTools` over the highest version of each id, with MCP's
 * names), with its output schema, and read-only and idempotent hints on skills that touch nothing
 * outside their run.
 */
export function skillTools(latest: readonly Skill[]): SkillTool[] {
  const byId = new Map(latest.map((s) => [s.id, s]));
  return skillsAsTools(latest, MCP_NAME, new Set(RESERVED_NAMES)).map(
    ({ skill, name, description, inputSchema, wrappedInput }) => {
      const output = objectSchema(skill.output);
      const pure = isPureSkill(skill, byId);
      const tool: Tool = {
        name,
        title: `${skill.id}@${skill.version}`,
        description,
        inputSchema: withoutDialect(inputSchema) as Tool['inputSchema'],
        outputSchema: withoutDialect(output.schema) as Tool['outputSchema'],
        ...(pure ? { annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false } } : {}),
      };
      return { skill, tool, wrappedInput, wrappedOutput: output.wrapped };
    },
  );
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
