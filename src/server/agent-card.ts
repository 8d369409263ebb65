import type { Skill } from '../ir/skill.js';
import { SKEIN_VERSION } from '../version.js';

/** The A2A protocol version whose AgentCard fields the card uses. */
export const A2A_PROTOCOL_VERSION = '0.3.0';

/** One skill of an A2A agent card (AgentSkill). */
export interface AgentSkillCard {
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples: string[];
  inputModes: string[];
  outputModes: string[];
}

const JSON_MODE = 'application/json';
const MAX_EXAMPLES = 5;

/**
 * The A2A agent card of a Skein server (`/.well-known/agent-card.json`): each skill (highest version
 * of each id) as an AgentSkill. Executable skills take and give JSON; document skills take a request
 * as text and give Markdown. `origin` is the server's as the client reached it.
 */
export function agentCard(skills: readonly Skill[], origin: string, withTokens: boolean) {
  const seen = new Set<string>();
  const cards: AgentSkillCard[] = [];
  for (const skill of skills) {
    if (seen.has(skill.id) || skill.planning?.internal) continue;
    seen.add(skill.id);
    cards.push(skillCard(skill));
  }
  return {
    protocolVersion: A2A_PROTOCOL_VERSION,
    name: 'Skein',
    description:
      'Skills of five dialects run by Skein: executable skills take JSON input and give JSON output (POST /v1/skills/{id}/runs); document skills are read as Markdown.',
    url: `${origin}/v1`,
    documentationUrl: `${origin}/openapi.json`,
    version: SKEIN_VERSION,
    provider: { organization: 'Skein', url: origin },
    capabilities: { streaming: false, pushNotifications: false, stateTransitionHistory: false },
    defaultInputModes: [JSON_MODE],
    defaultOutputModes: [JSON_MODE],
    ...(withTokens
      ? {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
          security: [{ bearer: [] as string[] }],
        }
      : {}),
    skills: cards,
  };
}

/** One skill as an AgentSkill: examples from its input schema's `examples`, then its aliases. */
export function skillCard(skill: Skill): AgentSkillCard {
  const schemaExamples = (skill.input as { examples?: unknown }).examples;
  const examples = [
    ...(Array.isArray(schemaExamples) ? schemaExamples.map((e) => JSON.stringify(e)) : []),
    ...(skill.routing?.aliases ?? []),
  ].slice(0, MAX_EXAMPLES);
  const doc = !skill.graph;
  return {
    id: skill.id,
    name: skill.id,
    description: skill.description || skill.id,
    tags: [...skill.tags, skill.dialect, doc ? 'document' : 'executable'],
    examples,
    inputModes: doc ? ['text/plain'] : [JSON_MODE],
    outputModes: doc ? ['text/markdown'] : [JSON_MODE],
  };
}
