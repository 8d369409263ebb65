import type { Diagnostic } from '../../ir/diagnostic.js';
import type { Condition } from '../../ir/expr.js';
import { compileCondition } from '../../expr/conditions/index.js';
import { FieldReader } from './fields.js';
import type { JsonFile, JsonPath } from './json-file.js';

/** skill.meta.json, checked. */
export interface EngineMeta {
  name: string;
  description: string;
  version: string;
  contexts: string[];
  /** `triggers.keywords`: words and phrases of requests the skill is for (a Skein addition, for routing). */
  keywords: string[];
  when: Condition[];
  requiresAll: Condition[];
  requiresAny: Condition[];
  tools: string[];
  /** `profile.x` entries and data field names, as written. */
  provides: string[];
  internal: boolean;
  /** `provider:model`. */
  model?: string;
  temperature?: number;
  maxRetries: number;
  maxSteps?: number;
  timeoutMs?: number;
  referenceTokens: number;
}

const KNOWN = [
  'name',
  'description',
  'version',
  'triggers',
  'requires',
  'tools',
  'outputs',
  'execution_config',
  'internal',
  'api_call_only',
];
const EXECUTION = [
  'provider',
  'model',
  'temperature',
  'max_retries',
  'max_steps',
  'timeout_ms',
  'max_reference_tokens',
];
const NAME = /^[a-z0-9][a-z0-9_-]*$/;
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const PROFILE_PATH = /^profile(?:\.[A-Za-z_][\w-]*)+$/;
const DATA_FIELD = /^[A-Za-z_][\w-]*$/;
/** Roots a condition may read. */
const CONDITION_ROOTS = ['state', 'context'];

/** Default retries of a rejected answer, and token budget of `references/`. */
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_REFERENCE_TOKENS = 4000;

/** Checks every field of skill.meta.json; undefined when the file is unusable (not an object, no name). */
export function readMeta(json: JsonFile, folderName: string, out: Diagnostic[]): EngineMeta | undefined {
  const r = new FieldReader(json, out);
  const root = json.value;
  if (typeof root !== 'object' || root === null || Array.isArray(root)) {
    r.error(
      'wrong-type',
      'skill.meta.json must be one JSON object: {"name": "…", "description": "…", "tools": [], "outputs": {"provides": []}}',
      [],
    );
    return undefined;
  }
  const m = root as Record<string, unknown>;
  r.unknownKeys(m, [], KNOWN, 'skill.meta.json');

  const name = r.string(m.name, ['name'], 'name');
  if (m.name === undefined)
    r.error('missing-name', `skill.meta.json has no "name"; add "name": "${folderName}"`, []);
  else if (name && !NAME.test(name))
    r.error(
      'bad-name',
      `name "${name}" must be lower case letters, digits, "-" and "_", e.g. "litigation-intake"`,
      ['name'],
    );
  else if (name && name !== folderName)
    r.warn(
      'name-mismatch',
      `name "${name}" differs from the folder name "${folderName}"; rename one so that they match`,
      ['name'],
    );
  const description = r.string(m.description, ['description'], 'description');
  if (m.description === undefined)
    r.error(
      'missing-description',
      'skill.meta.json has no "description"; say in one sentence what the skill does and when it is used',
      [],
    );
  const version = r.string(m.version, ['version'], 'version');
  if (version && !SEMVER.test(version))
    r.error('bad-version', `version "${version}" is not a semantic version such as "1.0.0"`, ['version']);

  const conditions = (value: unknown, path: JsonPath, label: string): Condition[] =>
    (r.strings(value, path, label) ?? []).flatMap((source, i) =>
      condition(json, r, source, [...path, i], `${label}[${i}]`),
    );

  const triggers = r.record(m.triggers, ['triggers'], 'triggers') ?? {};
  r.unknownKeys(triggers, ['triggers'], ['contexts', 'state_conditions', 'keywords'], 'triggers');
  const contexts = r.strings(triggers.contexts, ['triggers', 'contexts'], 'triggers.contexts') ?? [];
  const keywords = r.strings(triggers.keywords, ['triggers', 'keywords'], 'triggers.keywords') ?? [];
  const when = conditions(
    triggers.state_conditions,
    ['triggers', 'state_conditions'],
    'triggers.state_conditions',
  );

  const requires = r.record(m.requires, ['requires'], 'requires') ?? {};
  r.unknownKeys(requires, ['requires'], ['all', 'any'], 'requires');
  const requiresAll = conditions(requires.all, ['requires', 'all'], 'requires.all');
  const requiresAny = conditions(requires.any, ['requires', 'any'], 'requires.any');

  const tools = r.strings(m.tools, ['tools'], 'tools') ?? [];
  duplicates(r, tools, ['tools'], 'tools');

  const outputs = r.record(m.outputs, ['outputs'], 'outputs') ?? {};
  r.unknownKeys(outputs, ['outputs'], ['provides'], 'outputs');
  const listed = r.strings(outputs.provides, ['outputs', 'provides'], 'outputs.provides') ?? [];
  duplicates(r, listed, ['outputs', 'provides'], 'outputs.provides');
  const provides = [...new Set(listed.filter((p, i) => provided(r, p, ['outputs', 'provides', i])))];

  const internal = r.boolean(m.internal, ['internal'], 'internal');
  const apiOnly = r.boolean(m.api_call_only, ['api_call_only'], 'api_call_only');

  const exec = r.record(m.execution_config, ['execution_config'], 'execution_config') ?? {};
  r.unknownKeys(exec, ['execution_config'], EXECUTION, 'execution_config');
  const at = (key: string): JsonPath => ['execution_config', key];
  const provider = r.string(exec.provider, at('provider'), 'execution_config.provider');
  const modelName = r.string(exec.model, at('model'), 'execution_config.model');
  let model: string | undefined;
  if (provider && modelName) model = `${provider}:${modelName}`;
  else if (modelName?.includes(':')) model = modelName;
  else if (modelName)
    r.error(
      'model-without-provider',
      `execution_config.model "${modelName}" names no provider; add "provider" (openai, anthropic, openrouter, ollama or compat)`,
      at('model'),
    );
  else if (provider)
    r.error(
      'provider-without-model',
      `execution_config.provider "${provider}" names no model; add "model", e.g. "model": "gpt-4o-mini"`,
      at('provider'),
    );

  const temperature = r.number(exec.temperature, at('temperature'), 'execution_config.temperature', 0, 2);
  const maxRetries = r.number(
    exec.max_retries,
    at('max_retries'),
    'execution_config.max_retries',
    0,
    10,
    true,
  );
  const maxSteps = r.number(exec.max_steps, at('max_steps'), 'execution_config.max_steps', 1, 50, true);
  const timeoutMs = r.number(
    exec.timeout_ms,
    at('timeout_ms'),
    'execution_config.timeout_ms',
    1,
    3_600_000,
    true,
  );
  const referenceTokens = r.number(
    exec.max_reference_tokens,
    at('max_reference_tokens'),
    'execution_config.max_reference_tokens',
    0,
    1_000_000,
    true,
  );

  if (!name || description === undefined) return undefined;
  return {
    name,
    description,
    version: version && SEMVER.test(version) ? version : '1.0.0',
    contexts,
    keywords,
    when,
    requiresAll,
    requiresAny,
    tools,
    provides,
    internal: Boolean(internal || apiOnly),
    model,
    temperature,
    maxRetries: maxRetries ?? DEFAULT_MAX_RETRIES,
    maxSteps,
    timeoutMs,
    referenceTokens: referenceTokens ?? DEFAULT_REFERENCE_TOKENS,
  };
}

/** Compiles one condition; a bad one is reported where it goes wrong inside the string. */
function condition(
  json: JsonFile,
  r: FieldReader,
  source: string,
  path: JsonPath,
  label: string,
): Condition[] {
  const compiled = compileCondition(source);
  if (!compiled.ok) {
    const start = json.stringOffset(path, compiled.offset);
    const end = start === json.span(path)[0] ? json.span(path)[1] : start + compiled.length;
    r.out.push(
      json.src.diagnostic(
        'error',
        'engine/bad-condition',
        `${label} "${source}": ${compiled.message}`,
        start,
        end,
      ),
    );
    return [];
  }
  const roots = compiled.value.refs.filter((ref) => !CONDITION_ROOTS.includes(ref));
  if (roots.length) {
    r.error(
      'condition-root',
      `${label} "${source}" reads ${roots.map((x) => `"${x}"`).join(', ')}; conditions read the session state through state. (e.g. state.${roots[0]}) or the session's context`,
      path,
    );
    return [];
  }
  return [compiled.value];
}

/** Whether a provides entry is a `profile.x` path or a data field name; reports the other forms. */
function provided(r: FieldReader, entry: string, path: JsonPath): boolean {
  if (PROFILE_PATH.test(entry) || DATA_FIELD.test(entry)) {
    if (entry === 'profile')
      r.error(
        'bad-provides',
        'outputs.provides lists "profile" as a whole; list each field, e.g. "profile.summary"',
        path,
      );
    return entry !== 'profile';
  }
  const hint = entry.startsWith('state.')
    ? `write "${entry.slice(6)}" (no "state.": provides lists paths of the state)`
    : entry.startsWith('data.')
      ? `write the data field itself, "${entry.split('.').pop()}" (no "data." group)`
      : 'write "profile.<field>" or the name of a data field';
  r.error('bad-provides', `outputs.provides has "${entry}": ${hint}`, path);
  return false;
}

function duplicates(r: FieldReader, list: readonly string[], path: JsonPath, label: string): void {
  list.forEach((item, i) => {
    if (list.indexOf(item) !== i)
      r.warn('duplicate-entry', `${label} lists "${item}" twice; remove one`, [...path, i]);
  });
}
