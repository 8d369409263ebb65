import { readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv';
import { isMap, isScalar, LineCounter, type Document, type Node } from 'yaml';
import type { JsonSchema } from '../ir/schema.js';
import { nearestNames } from '../text/did-you-mean.js';
import { ConfigError } from './config-error.js';
import validateConfig from './config-validator.generated.js';

// The schema ships in the package (schema/skein.schema.json) for editors; src/config and dist/config
// (and the CLI bundle in dist/cli-bundle) are all two folders below the package root.
const SCHEMA_URL = new URL('../../schema/skein.schema.json', import.meta.url);

// Compiled ahead of time from the same file (scripts/validator-source.ts): compiling it here took ~80 ms of
// every command's start.
const validate = validateConfig as ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };
let schema: JsonSchema | undefined;

/**
 * Checks skein.yaml against its JSON Schema; throws a ConfigError naming each mistake at its
 * file:line:col: an unknown key with the nearest known one, a wrong shape with the key's path.
 */
export function checkConfig(file: string, doc: Document, lines: LineCounter, value: unknown): void {
  if (validate(value)) return;
  schema ??= JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as JsonSchema;
  const errors = validate.errors ?? [];
  // An anyOf speaks for its branches: their errors would each blame the value for another branch.
  const anyOf = errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath);
  const shown = errors.filter(
    (e) =>
      e.keyword === 'anyOf' || !anyOf.some((p) => e.instancePath === p || e.instancePath.startsWith(`${p}/`)),
  );
  const messages = [...new Set(shown.map((e) => describe(e, file, doc, lines)))];
  throw new ConfigError(messages.join('\n'));
}

function describe(e: ErrorObject, file: string, doc: Document, lines: LineCounter): string {
  const path = e.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const name = path.join('.');
  const at = (node: Node | null | undefined) => {
    const { line, col } = lines.linePos(node?.range?.[0] ?? 0);
    return `${file}:${line}:${col}`;
  };
  const node = (doc.getIn(path, true) as Node | undefined) ?? (path.length ? undefined : doc.contents);
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(e.params.additionalProperty);
      const parent = path.length ? doc.getIn(path, true) : doc.contents;
      const keyNode = isMap(parent)
        ? (parent.items.find((p) => isScalar(p.key) && p.key.value === key)?.key as Node | undefined)
        : undefined;
      const known = Object.keys(propertiesAt(path));
      const near = nearestNames(key, known, 1)[0];
      const hint = near ? `; did you mean "${near}"?` : `; known keys: ${known.join(', ')}`;
      return `${at(keyNode ?? node)}: unknown key "${key}"${name ? ` in ${name}` : ''}${hint}`;
    }
    case 'type':
      return `${at(node)}: "${name}" must be ${SHAPES[String(e.params.type)] ?? e.params.type}`;
    case 'enum':
      return `${at(node)}: "${name}" must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}`;
    case 'minimum':
      return `${at(node)}: "${name}" must be ${e.params.comparison} ${e.params.limit}`;
    case 'anyOf': {
      if (path[0] === 'store')
        return `${at(node)}: "store" must be one of: sqlite, memory, or a postgres:// URL`;
      if (path[0] !== 'mcpServers') return `${at(node)}: "${name}" must be a path or a list of paths`;
      const known = Object.keys(propertiesAt(path));
      const unknown = isMap(node)
        ? node.items
            .map((p) => String(isScalar(p.key) ? p.key.value : p.key))
            .filter((k) => !known.includes(k))
        : [];
      const hints = unknown.map((k) => {
        const near = nearestNames(k, known, 1)[0];
        return `; unknown key "${k}"${near ? `, did you mean "${near}"?` : ''}`;
      });
      return `${at(node)}: "${name}" needs "command" (stdio) or "url" (streamable HTTP)${hints.join('')}`;
    }
    default:
      return `${at(node)}: "${name}" ${e.message ?? 'is not valid'}`;
  }
}

const SHAPES: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  array: 'a list',
  object: 'a mapping',
  boolean: 'true or false',
};

/** The keys the schema knows at a path of the config (those of every branch of an anyOf). */
function propertiesAt(path: string[]): Record<string, unknown> {
  let at: JsonSchema | undefined = schema;
  for (const key of path) {
    const extra: unknown = at?.additionalProperties;
    at = at?.properties?.[key] ?? (typeof extra === 'object' ? (extra as JsonSchema) : undefined);
  }
  const branches = (at?.anyOf as JsonSchema[] | undefined) ?? [at ?? {}];
  return Object.assign({}, ...branches.map((b) => b.properties ?? {})) as Record<string, unknown>;
}
