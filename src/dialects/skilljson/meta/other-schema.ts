import type { JsonObject } from '../../kit/json/json-node.js';
import type { Reporter } from '../reporter.js';
import { SKILL_JSON_FIELDS } from './meta-schema.js';

/** Fields of OpenClaw skill manifests (`skills-registry/<name>/skill.json`), an older and different schema. */
const OPENCLAW_FIELDS = new Set([
  'displayName',
  'emoji',
  'builtin',
  'tools',
  'platforms',
  'homepage',
  'checks',
  'actions',
  'requires',
  'install',
  'metadata',
]);
const FUNCTION_FIELDS = ['input', 'output', 'mode'];

/**
 * Recognises a skill.json of another schema (fields of its own and no `input`, `output` or `mode`, as in
 * OpenClaw manifests) and says so once, with what a skill.json of this dialect needs. Returns whether it did.
 */
export function reportOtherSchema(root: JsonObject, report: Reporter): boolean {
  const keys = root.entries.map((e) => e.key);
  const unknown = keys.filter((k) => !SKILL_JSON_FIELDS.includes(k));
  if (FUNCTION_FIELDS.some((f) => keys.includes(f)) || !unknown.length) return false;
  const openclaw = unknown.filter((k) => OPENCLAW_FIELDS.has(k));
  const looksLike = openclaw.length
    ? `an OpenClaw skill manifest (it has ${openclaw.map((k) => `"${k}"`).join(', ')})`
    : `a manifest of another schema (it has ${unknown.map((k) => `"${k}"`).join(', ')})`;
  report.error(
    'other-schema',
    `this skill.json looks like ${looksLike}, not a skill.json function declaration: it has no "input", "output" or "mode". ` +
      'A skill.json here declares a function: "name" (snake_case), "description", "category", "input" and "output" (JSON Schemas), ' +
      'and "mode": "code" (execute(input, ctx) in index.ts), "llm" (system prompt in prompt.md) or "composite" (a "pipeline" of other skills)',
    root.start,
    root.start + 1,
  );
  return true;
}
