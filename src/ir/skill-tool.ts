import type { JsonSchema } from './schema.js';
import type { Skill } from './skill.js';

/** Which characters a kind of tool name allows, and how long it may be. */
export interface NameRule {
  /** Matches every character the rule does not allow (global). */
  invalid: RegExp;
  max: number;
}

/** Function names every chat model provider accepts: `^[A-Za-z0-9_-]{1,64}$`. */
export const FUNCTION_NAME: NameRule = { invalid: /[^A-Za-z0-9_-]/g, max: 64 };

/** MCP tool names (docs/mcp.md) and OpenAPI component names: `[A-Za-z0-9_.-]`, up to 128. */
export const MCP_NAME: NameRule = { invalid: /[^A-Za-z0-9_.-]/g, max: 128 };

/**
 * A skill id as a name the rule allows: other characters become `_`, and it is cut to the rule's
 * length. Given the names `taken` so far, a name already taken gets `_2`, `_3`, … and is added.
 */
export function toolName(id: string, rule: NameRule, taken?: Set<string>): string {
  const base = id.replace(rule.invalid, '_').slice(0, rule.max) || 'skill';
  let name = base;
  for (let n = 2; taken?.has(name); n++) name = `${base.slice(0, rule.max - String(n).length - 1)}_${n}`;
  taken?.add(name);
  return name;
}

/** A skill offered as a tool (to a chat model or an MCP client): its name, description and parameters. */
export interface SkillAsTool {
  skill: Skill;
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** The skill's input is not an object: the tool takes it as `{input}`. */
  wrappedInput: boolean;
}

/**
 * One tool per executable skill, of any dialect (spec §6): skills that run only when another names
 * them (internal) are left out. Named from the id by `rule` (avoiding `taken`), described by the
 * skill's description, taking its input schema as an object.
 */
export function skillsAsTools(skills: readonly Skill[], rule: NameRule, taken: Set<string>): SkillAsTool[] {
  return skills
    .filter((s) => s.graph && !s.planning?.internal)
    .map((skill) => {
      const { schema, wrapped } = toolSchema(skill.input);
      return {
        skill,
        name: toolName(skill.id, rule, taken),
        description: skill.description || `Runs the skill ${skill.id}`,
        inputSchema: schema,
        wrappedInput: wrapped,
      };
    });
}

/** A schema as a tool's parameters: an object schema, without keywords of Skein's own (`x-…`, `$resolve`); any other shape as `{input}`. */
export function toolSchema(input: JsonSchema): { schema: JsonSchema; wrapped: boolean } {
  const clean = strip(input) as JsonSchema;
  if (clean.type === 'object' || (clean.type === undefined && clean.properties))
    return { schema: { ...clean, type: 'object' }, wrapped: false };
  return { schema: { type: 'object', properties: { input: clean }, required: ['input'] }, wrapped: true };
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k.startsWith('x-') || (k.startsWith('$') && !['$ref', '$defs', '$id', '$schema'].includes(k)))
      continue;
    out[k] = strip(v);
  }
  return out;
}
