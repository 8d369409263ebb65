import type { JsonSchema } from '../../ir/schema.js';
import { entryOf, toValue, type JsonArray, type JsonNode, type JsonObject } from '../kit/json/json-node.js';
import type { Reporter } from './reporter.js';

export type SkillMode = 'code' | 'llm' | 'composite';

/** A name in `calls`, with where it is written. */
export interface CallName {
  name: string;
  start: number;
  end: number;
}

/** A skill.json that passed the meta-schema, with spec §4's defaults filled in and the nodes later checks point at. */
export interface SkillManifest {
  root: JsonObject;
  name: string;
  description: string;
  category: string;
  input: JsonSchema;
  output: JsonSchema;
  mode: SkillMode;
  calls: CallName[];
  pipeline?: JsonArray;
  outputMapping?: JsonObject;
  version: string;
  tags: string[];
  author?: string;
  /** Milliseconds, default 30000. */
  timeout: number;
  /** Extra attempts (code, composite) or answers sent back for repair (llm), default 0. */
  retry: number;
}

const DEFAULT_VERSION = '1.0.0';
const DEFAULT_TIMEOUT = 30_000;
const SEMVER = /^\d+\.\d+\.\d+(?:-[\w.-]+)?(?:\+[\w.-]+)?$/;

/** Reads the fields of a skill.json that passed the meta-schema; checks what the meta-schema cannot say (positive timeout, whole retry count). */
export function readManifest(root: JsonObject, report: Reporter): SkillManifest {
  const value = toValue(root) as Record<string, unknown>;
  const calls = entryOf(root, 'calls')?.value;
  const pipeline = entryOf(root, 'pipeline')?.value;
  const outputMapping = entryOf(root, 'outputMapping')?.value;
  const manifest: SkillManifest = {
    root,
    name: value.name as string,
    description: value.description as string,
    category: value.category as string,
    input: value.input as JsonSchema,
    output: value.output as JsonSchema,
    mode: value.mode as SkillMode,
    calls:
      calls?.kind === 'array'
        ? calls.items.map((n) => ({
            name: String((n as { value: unknown }).value),
            start: n.start,
            end: n.end,
          }))
        : [],
    pipeline: pipeline?.kind === 'array' ? pipeline : undefined,
    outputMapping: outputMapping?.kind === 'object' ? outputMapping : undefined,
    version: (value.version as string | undefined) ?? DEFAULT_VERSION,
    tags: (value.tags as string[] | undefined) ?? [],
    author: value.author as string | undefined,
    timeout: (value.timeout as number | undefined) ?? DEFAULT_TIMEOUT,
    retry: (value.retry as number | undefined) ?? 0,
  };
  const at = (key: string): JsonNode => entryOf(root, key)!.value;
  if (!(manifest.timeout > 0))
    report.error(
      'bad-field',
      `"timeout" must be a positive number of milliseconds, e.g. "timeout": 30000`,
      at('timeout').start,
      at('timeout').end,
    );
  if (!Number.isInteger(manifest.retry) || manifest.retry < 0)
    report.error(
      'bad-field',
      `"retry" must be a whole number of extra attempts, 0 or more, e.g. "retry": 1`,
      at('retry').start,
      at('retry').end,
    );
  if (!SEMVER.test(manifest.version))
    report.warn(
      'version-not-semver',
      `"version" should be a semantic version such as "1.0.0"; "${manifest.version}" sorts below every semantic version when the highest is chosen`,
      at('version').start,
      at('version').end,
    );
  const seen = new Set<string>();
  for (const call of manifest.calls) {
    if (seen.has(call.name))
      report.warn(
        'duplicate-call',
        `"${call.name}" is listed twice in "calls"; list each skill once`,
        call.start,
        call.end,
      );
    seen.add(call.name);
  }
  return manifest;
}
