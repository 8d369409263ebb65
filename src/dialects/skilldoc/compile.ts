import { basename, dirname, resolve } from 'node:path';
import type { FileSource } from '../../ir/file-source.js';
import { SourceText } from '../../ir/source.js';
import { ANY_OBJECT } from '../../ir/schema.js';
import type { DocPart, LoadResult, Skill } from '../../ir/skill.js';
import { checkAgentSkillsFields } from './agent-skills-fields.js';
import { checkCoreSections } from './agentos-sections.js';
import { splitChunks, type ChunkedBody } from './chunks.js';
import { findFrontmatter } from './frontmatter-block.js';
import { parseFrontmatter } from './frontmatter.js';
import { agentosIdentity, agentSkillsIdentity, NO_DESCRIPTION, noFrontmatter } from './identity.js';
import { checkLinks } from './links.js';
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
  folder?: { path: string; name: string; files: readonly ResourceFile[]; source: FileSource };
  /** The name a document without `name:` gets (its file's or folder's name). */
  fallbackName?: string;
}

/**
 * Parses and checks one skill document into a `Skill` with a `doc`: summary, body and parts. The
 * skill is returned only when there are no errors; warnings (the spec's rules that real skills break)
 * leave it loadable. An Agent Skills SKILL.md without a frontmatter, a name or a description is an
 * error (the client implementation guide skips such skills); an AgentOS document without them loads
 * with AgentOS's defaults (the file's name, "No description provided"), with a warning.
 */
export function compileSkillDoc(input: DocInput): LoadResult {
  const { file, text, profile } = input;
  const report = new Reporter(new SourceText(file, text));
  const found = findFrontmatter(text);
  const folderName = input.folder?.name ?? basename(dirname(resolve(file)));
  if (found === undefined && profile === 'agent-skills') noFrontmatter(text, folderName, report);
  else if (found === undefined)
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
  const identity =
    profile === 'agentos'
      ? fm && agentosIdentity(fm, defaultName(input), found !== undefined, report)
      : fm && found && agentSkillsIdentity(fm, block, text, folderName, report);
  if (fm && found && profile === 'agent-skills') checkAgentSkillsFields(fm, folderName, report);
  if (input.folder) checkLinks(text, block.bodyStart, input.folder, report);

  const scanned = scanBody(text, block.bodyStart);
  const headings = scanned.marks.filter((m): m is HeadingLine => m.kind === 'heading');
  const chunked = splitChunks(text, block.bodyStart, scanned, report);
  if (profile === 'agentos') checkCoreSections(headings, chunked.chunkAt, block.bodyStart, report);
  if (report.failed || !fm || !identity) return { skills: [], diagnostics: report.diagnostics };

  const { core, parts } = collectParts(text, block.bodyStart, headings, chunked, input.folder, report);

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
  folder: DocInput['folder'],
  report: Reporter,
): { core: string; parts: DocPart[] } {
  const files = folder?.files ?? [];
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
    else parts.push(filePart(f, folder!.source));
  }
  return { core: sectioned?.core ?? chunked.core, parts };
}

/** The name of a document without `name:`: its file's (or folder's) name, as a skill id. */
function defaultName(input: DocInput): string {
  const base = input.fallbackName ?? input.file.replace(/^.*[\\/]/, '').replace(/\.md$/i, '');
  return base.replace(/[^\p{L}\p{N}_-]+/gu, '_') || 'unknown';
}
