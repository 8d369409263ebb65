import { basename, join } from 'node:path';
import { isError, type Diagnostic } from '../../ir/diagnostic.js';
import { chain } from '../../ir/graph.js';
import type { FileSource } from '../../ir/file-source.js';
import type { AgentNode, EndNode } from '../../ir/nodes.js';
import type { JsonSchema } from '../../ir/schema.js';
import type { LoadResult, PlanningFacts, Skill } from '../../ir/skill.js';
import { markdownHeadings } from '../kit/headings.js';
import { buildContract } from './contract.js';
import { JsonFile } from './json-file.js';
import { readMeta } from './meta.js';
import { readOutputSchema } from './output-schema.js';
import { readReferences } from './references.js';
import { readScripts } from './scripts.js';
import { readSkillMd } from './skill-md.js';
import { systemPrompt, userTurn } from './system-prompt.js';
import type { EngineSkillCode } from './codes.js';

/** The input key that holds the user's turn; every other key of a run's input is session state. */
const TURN = 'message';

const INPUT: JsonSchema = {
  type: 'object',
  properties: {
    [TURN]: { type: 'string', description: "the user's turn" },
    profile: { type: 'object', description: 'the profile part of the session state' },
  },
  additionalProperties: true,
};

const OUTPUT: JsonSchema = {
  type: 'object',
  required: ['response', 'state'],
  properties: { response: { type: 'string' }, state: { type: 'object' } },
  additionalProperties: false,
};

/**
 * Loads one engine skill folder (`SKILL.md`, `skill.meta.json`, `assets/output_schema.json`, optional
 * `scripts/`, `references/`) into a skill of one `agent` node; the skill is returned only without errors.
 */
export async function compileEngineFolder(folder: string, files: FileSource): Promise<LoadResult> {
  const out: Diagnostic[] = [];
  const name = basename(files.absolute(folder));
  const metaFile = await readJson(
    join(folder, 'skill.meta.json'),
    folder,
    out,
    'missing-meta',
    'a skill.meta.json with "name", "description", "tools" and "outputs"',
    files,
  );
  const meta = metaFile && readMeta(metaFile, name, out);

  const mdPath = join(folder, 'SKILL.md');
  const md = await readText(mdPath, files);
  if (md === undefined)
    out.push(missing(folder, 'missing-skill-md', 'SKILL.md', 'the prompt and business rules of the skill'));
  const skillMd = md === undefined ? '' : readSkillMd(mdPath, md, meta?.name, out);

  const schemaFile = await readJson(
    join(folder, 'assets', 'output_schema.json'),
    folder,
    out,
    'missing-output-schema',
    'assets/output_schema.json, the JSON Schema of the answer\'s "data"',
    files,
  );
  const schema = schemaFile && readOutputSchema(schemaFile, out);
  const scripts = await readScripts(folder, out, files);

  if (!meta || !metaFile || !schema || md === undefined || out.some(isError))
    return { skills: [], diagnostics: out };
  const contract = buildContract(meta.provides, schema, { meta: metaFile, output: schemaFile }, out);
  const references = await readReferences(folder, meta.referenceTokens, files);

  const agent: AgentNode = {
    kind: 'agent',
    id: meta.name,
    at: { file: mdPath, line: 1, column: 1 },
    system: systemPrompt(skillMd, references.text, TURN),
    prompt: userTurn(TURN),
    turnKey: TURN,
    tools: meta.tools,
    temperature: meta.temperature,
    contract,
    validate: scripts.validate,
    preprocess: scripts.preprocess,
    postprocess: scripts.postprocess,
    repairAttempts: meta.maxRetries,
    maxSteps: meta.maxSteps,
    timeoutMs: meta.timeoutMs,
    output: { merge: [] },
  };
  const end: EndNode = {
    kind: 'end',
    id: '__output__',
    output: {
      refs: ['response', 'state'],
      evaluate: (scope) => ({ response: scope.response, state: scope.state }),
    },
  };
  const planning: PlanningFacts = {
    contexts: meta.contexts,
    when: meta.when,
    requiresAll: meta.requiresAll,
    requiresAny: meta.requiresAny,
    provides: meta.provides,
    internal: meta.internal,
  };
  const skill: Skill = {
    id: meta.name,
    version: meta.version,
    dialect: 'engine',
    description: meta.description,
    tags: meta.contexts,
    source: folder,
    input: INPUT,
    output: OUTPUT,
    inputAt: [],
    graph: chain([agent, end]),
    model: meta.model,
    planning,
    routing: {
      aliases: meta.keywords,
      triggers: meta.contexts,
      headings: markdownHeadings(skillMd),
    },
    meta: {
      tools: meta.tools,
      references: { tokens: references.tokens, cut: references.cut },
      scripts: Object.keys(scripts),
    },
  };
  return { skills: [skill], diagnostics: out };
}

async function readText(path: string, files: FileSource): Promise<string | undefined> {
  try {
    return (await files.read(path)).replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

async function readJson(
  path: string,
  folder: string,
  out: Diagnostic[],
  code: EngineSkillCode,
  what: string,
  files: FileSource,
): Promise<JsonFile | undefined> {
  const text = await readText(path, files);
  if (text === undefined) {
    out.push(missing(folder, code, path.slice(folder.length + 1), what));
    return undefined;
  }
  const parsed = JsonFile.parse(path, text, 'engine/bad-json');
  out.push(...parsed.diagnostics);
  return parsed.json;
}

function missing(folder: string, code: EngineSkillCode, file: string, what: string): Diagnostic {
  return {
    file: folder,
    line: 1,
    column: 1,
    severity: 'error',
    code: `engine/${code}`,
    message: `the skill folder has no ${file}; add ${what}`,
  };
}
