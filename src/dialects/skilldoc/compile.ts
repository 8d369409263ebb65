import validVersion from 'semver/functions/valid.js';
import { SourceText } from '../../ir/source.js';
import { ANY_OBJECT } from '../../ir/schema.js';
import type { DocPart, LoadResult, Skill } from '../../ir/skill.js';
import { checkAgentSkillsFields } from './agent-skills-fields.js';
import { checkCoreSections } from './agentos-sections.js';
import { splitChunks, type ChunkedBody } from './chunks.js';
import { findFrontmatter } from './frontmatter-block.js';
import { parseFrontmatter, type Frontmatter } from './frontmatter.js';
import { chunkPart, filePart, sectionPart } from './parts.js';
import { Reporter } from './reporter.js';
import { docRouting } from './routing.js';
import type { ResourceFile } from './resources.js';
import { scanBody, type HeadingLine } from './scan-body.js';
import { splitSections } from './sections.js';
import { renderSummary } from './summary.js';

/** Files are listed references first, then scripts, then assets (each group by path). */
const KIND_ORDER: readonly ResourceFile['kind'][] = ['reference', 'script', 'asset'];

/** Which rules a document follows: an AgentOS SKILL.md file, or the SKILL.md of an Agent Skills folder. */
export type DocProfile = 'agentos' | 'agent-skills';

/** One skill document to compile. */
export interface DocInput {
  file: string;
  text: string;
  profile: DocProfile;
  /** For an Agent Skills folder: the folder (the skill's source), its name and its other files. */
  folder?: { path: string; name: string; files: readonly ResourceFile[] };
  /** The name a document without `name:` gets (its file's or folder's name). */
  fallbackName?: string;
}

/** AgentOS's default description of a document that has none. */
const NO_DESCRIPTION = 'No description provided';

/**
 * Parses and checks one skill document into a `Skill` with a `doc`: summary, body and parts. The
 * skill is returned only when there are no errors; warnings (the spec's rules that real skills break)
 * leave it loadable. A document without a frontmatter, or without name or description, loads with
 * AgentOS's defaults (the file's name, "No description provided"), with a warning.
 */
export function compileSkillDoc(input: DocInput): LoadResult {
  const { file, text, profile } = input;
  const report = new Reporter(new SourceText(file, text));
  const found = findFrontmatter(text);
  if (found === undefined)
    report.warn(
      'missing-frontmatter',
      `no frontmatter, so the document is loaded with AgentOS's defaults (name "${defaultName(input)}", description "${NO_DESCRIPTION}"); start it with "---", name: and description: lines, then "---"`,
      0,
    );
  const block = found ?? { yaml: '', yamlStart: 0, bodyStart: 0 };
  if (block === 'unclosed') {
    report.error(
      'unclosed-frontmatter',
      'the frontmatter opened by "---" on line 1 is never closed; end it with a line "---"',
      0,
      3,
    );
    return { skills: [], diagnostics: report.diagnostics };
  }
  const fm = parseFrontmatter(block, report);
  const identity = fm && readIdentity(fm, defaultName(input), found !== undefined, report);
  if (fm && profile === 'agent-skills') checkAgentSkillsFields(fm, input.folder?.name, report);

  const scanned = scanBody(text, block.bodyStart);
  const headings = scanned.marks.filter((m): m is HeadingLine => m.kind === 'heading');
  const chunked = splitChunks(text, block.bodyStart, scanned, report);
  if (profile === 'agentos') checkCoreSections(headings, chunked.chunkAt, block.bodyStart, report);
  if (report.failed || !fm || !identity) return { skills: [], diagnostics: report.diagnostics };

  const { core, parts } = collectParts(
    text,
    block.bodyStart,
    headings,
    chunked,
    input.folder?.files ?? [],
    report,
  );

  const { tags, routing } = docRouting(fm, headings, parts);
  const skill: Skill = {
    id: identity.name,
    version: identity.version,
    dialect: 'skilldoc',
    description: identity.description,
    tags,
    source: input.folder?.path ?? file,
    routing,
    input: ANY_OBJECT,
    output: ANY_OBJECT,
    inputAt: [],
    doc: {
      summary: renderSummary(core, parts),
      body: text.slice(block.bodyStart).replace(/\r\n/g, '\n').trim(),
      parts,
    },
    meta: { profile, frontmatter: fm.values },
  };
  return { skills: [skill], diagnostics: report.diagnostics };
}

/**
 * The core and the parts: the chunks when there are any, else the sections; then a folder's files,
 * references first, then scripts, then assets.
 */
function collectParts(
  text: string,
  bodyStart: number,
  headings: readonly HeadingLine[],
  chunked: ChunkedBody,
  files: readonly ResourceFile[],
  report: Reporter,
): { core: string; parts: DocPart[] } {
  const sectioned = chunked.chunks.length ? undefined : splitSections(text, bodyStart, headings);
  const parts: DocPart[] = sectioned ? sectioned.sections.map(sectionPart) : chunked.chunks.map(chunkPart);
  const taken = new Set(parts.map((p) => p.id));
  for (const f of [...files].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind))) {
    if (taken.has(f.path))
      report.warn(
        'duplicate-part',
        `the file ${f.path} has the same id as a chunk; the chunk wins: rename one of them`,
        0,
      );
    else parts.push(filePart(f));
  }
  return { core: sectioned?.core ?? chunked.core, parts };
}

interface Identity {
  name: string;
  description: string;
  version: string;
}

/**
 * name and description, each defaulting as AgentOS does (with a warning, since agents list and pick
 * skills by them; `warn` is false when the missing frontmatter was already reported), and the version.
 */
function readIdentity(fm: Frontmatter, fallback: string, warn: boolean, report: Reporter): Identity {
  const { name, description } = fm.values;
  const at = (key: string) => fm.keys.get(key)?.valueOffset ?? fm.offset;
  const hasName = typeof name === 'string' && name.trim() !== '';
  const hasDescription = typeof description === 'string' && description.trim() !== '';
  if (!hasName && warn)
    report.warn(
      'missing-name',
      `the frontmatter has no name, so the document is named "${fallback}" after its file; write the id agents and tools use for it, such as name: data_analyzer`,
      at('name'),
    );
  if (!hasDescription && warn)
    report.warn(
      'missing-description',
      `the frontmatter has no description, so AgentOS's "${NO_DESCRIPTION}" stands in; write what the skill does and when to use it: agents pick skills by it`,
      at('description'),
    );
  return {
    name: hasName ? (name as string).trim() : fallback,
    description: hasDescription ? (description as string).trim() : NO_DESCRIPTION,
    version: readVersion(fm, report),
  };
}

/** The name of a document without `name:`: its file's (or folder's) name, as a skill id. */
function defaultName(input: DocInput): string {
  const base = input.fallbackName ?? input.file.replace(/^.*[\\/]/, '').replace(/\.md$/i, '');
  return base.replace(/[^\p{L}\p{N}_-]+/gu, '_') || 'unknown';
}

/** `version:` (AgentOS) or `metadata.version` (Agent Skills), as written; 1.0.0 when there is none. */
function readVersion(fm: Frontmatter, report: Reporter): string {
  const key = fm.keys.get('version');
  const meta = fm.values.metadata;
  const fromMeta = meta && typeof meta === 'object' ? (meta as Record<string, unknown>).version : undefined;
  const raw =
    fm.values.version !== undefined
      ? (key?.raw ?? String(fm.values.version))
      : typeof fromMeta === 'string'
        ? fromMeta
        : undefined;
  if (raw === undefined) return '1.0.0';
  if (!validVersion(raw))
    report.warn(
      'bad-version',
      `version "${raw}" is not a semantic version like 1.0.0 (major.minor.patch)`,
      key?.valueOffset ?? fm.keys.get('metadata')?.valueOffset ?? fm.offset,
    );
  return raw;
}
