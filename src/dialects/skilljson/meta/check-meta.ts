import type { ErrorObject, ValidateFunction } from 'ajv';
import { entryOf, nodeAt, toValue, type JsonNode, type JsonObject } from '../../kit/json/json-node.js';
import type { Reporter, SkillJsonCode } from '../reporter.js';
import { FIELD_HINTS, snakeCase, STEP_HINTS } from './field-hints.js';
import { SKILL_JSON_FIELDS } from './meta-schema.js';
import validateMeta from './meta-validator.generated.js';
import { reportOtherSchema } from './other-schema.js';

// Compiled ahead of time (scripts/meta-validator-source.ts) by an Ajv of its own: the meta-schema must report
// JSON pointers and must not fill in the draft-07 meta-schema's own defaults (`properties: {}`,
// `items: true`, …) inside the skill's schemas.
const metaValidator = () => validateMeta as ValidateFunction;

/**
 * Enforces the meta-schema of spec §8 on a parsed skill.json; each error is placed at the field it is
 * about (the key for an unknown field, the object for a missing one, else the value). Returns whether the
 * file passed.
 */
export function checkMeta(root: JsonNode, report: Reporter): boolean {
  if (root.kind !== 'object') {
    report.error(
      'not-an-object',
      `a skill.json holds one JSON object ({"name": …, "mode": …}); this one holds ${root.kind === 'array' ? 'an array' : `a ${root.kind}`}`,
      root.start,
      root.end,
    );
    return false;
  }
  const validate = metaValidator();
  if (validate(toValue(root))) return true;
  const otherSchema = reportOtherSchema(root, report);
  const seen = new Set<string>();
  for (const e of validate.errors ?? []) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    if (otherSchema && e.keyword === 'required' && e.instancePath === '') continue;
    const placed = place(root, e);
    const message = describe(root, e, otherSchema);
    const key = `${placed.start}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    report.error(code(e), message, placed.start, placed.end);
  }
  return false;
}

function code(e: ErrorObject): SkillJsonCode {
  if (e.keyword === 'required') return 'missing-field';
  if (e.keyword === 'additionalProperties') return 'unknown-field';
  return /^\/(?:input|output)(?:\/|$)/.test(e.instancePath) ? 'bad-schema' : 'bad-field';
}

/** Where an error belongs: the unknown key, the object missing a field, or the bad value (its first character, for containers). */
function place(root: JsonObject, e: ErrorObject): { start: number; end: number } {
  const node = nodeAt(root, e.instancePath) ?? root;
  if (e.keyword === 'additionalProperties') {
    const entry = entryOf(node, (e.params as { additionalProperty: string }).additionalProperty);
    if (entry) return { start: entry.keyStart, end: entry.keyEnd };
  }
  if (node.kind === 'object' || node.kind === 'array') return { start: node.start, end: node.start + 1 };
  return { start: node.start, end: node.end };
}

function describe(root: JsonObject, e: ErrorObject, otherSchema: boolean): string {
  const path = e.instancePath.slice(1).split('/').filter(Boolean);
  const where = displayPath(path);
  const top = path.length === 1 ? path[0] : undefined;
  const inStep = path[0] === 'pipeline' && path.length === 2; // the step object itself
  switch (e.keyword) {
    case 'required': {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      if (!path.length) return `skill.json needs "${missing}": ${FIELD_HINTS[missing] ?? 'see spec §4'}`;
      if (inStep)
        return `pipeline step ${Number(path[1]) + 1} needs "${missing}": ${STEP_HINTS[missing] ?? ''}`;
      return `${where} needs "${missing}"`;
    }
    case 'additionalProperties': {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      if (!path.length && otherSchema)
        return `"${extra}" belongs to the other schema, not to skill.json; remove it`;
      if (!path.length)
        return `"${extra}" is not a skill.json field (the meta-schema allows no others); the fields are ${SKILL_JSON_FIELDS.join(', ')}${suggestion(extra)}`;
      return `"${extra}" is not allowed in ${where}`;
    }
    case 'pattern':
      if (top === 'name') {
        const name = nodeAt(root, e.instancePath);
        const value = name?.kind === 'string' ? String(name.value) : '';
        return `"name" must be snake_case: lowercase letters, digits and _, starting with a letter (^[a-z][a-z0-9_]*$), e.g. "${snakeCase(value)}"`;
      }
      return `${where} ${e.message}`;
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
      if (path.at(-1) === 'type' && (path[0] === 'input' || path[0] === 'output'))
        return `${where} must be a JSON Schema type (string, number, integer, boolean, object, array, null) or a list of them`;
      return `${where} must be ${allowed
        .map((v) => JSON.stringify(v))
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1')}${top ? `: ${FIELD_HINTS[top]}` : ''}`;
    }
    case 'type': {
      const type = (e.params as { type: unknown }).type;
      if (path.at(-1) === 'type' && (path[0] === 'input' || path[0] === 'output'))
        return `${where} must be a JSON Schema type (string, number, integer, boolean, object, array, null) or a list of them`;
      const stepField = path[0] === 'pipeline' && path.length === 3 ? STEP_HINTS[path[2]] : undefined;
      const hint = top ? FIELD_HINTS[top] : stepField;
      return `${where} must be ${article(type)}${hint ? `: ${hint}` : ''}`;
    }
    case 'minLength':
      return `${where} must not be empty${top ? `: ${FIELD_HINTS[top]}` : ''}`;
    default:
      return `${where} ${e.message ?? 'is invalid'}`;
  }
}

function displayPath(path: readonly string[]): string {
  if (!path.length) return 'the skill.json object';
  if (path[0] === 'pipeline' && path.length >= 2) {
    const rest = path.slice(2);
    return `pipeline step ${Number(path[1]) + 1}${rest.length ? ` field "${rest.join('.')}"` : ''}`;
  }
  return `"${path.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i ? `.${s}` : s)).join('')}"`;
}

function article(type: unknown): string {
  const kinds = Array.isArray(type) ? type.map(String) : String(type).split(',');
  return kinds.map((k) => (k === 'object' || k === 'array' ? `an ${k}` : `a ${k}`)).join(' or ');
}

/** " (did you mean "input"?)" for a near miss of a known field, else "". */
function suggestion(extra: string): string {
  const lower = extra.toLowerCase();
  const near = SKILL_JSON_FIELDS.find(
    (f) =>
      lower.startsWith(f.toLowerCase()) ||
      lower.replace(/[_-]?schema$/, '') === f.toLowerCase() ||
      distance(lower, f.toLowerCase()) <= 1,
  );
  return near ? ` (did you mean "${near}"?)` : '';
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = up;
    }
  }
  return row[b.length];
}
