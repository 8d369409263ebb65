import validVersion from 'semver/functions/valid.js';
import { parseYamlValue } from '../kit/read-yaml.js';
import type { AegisDocument } from './document.js';
import type { Reporter } from './reporter.js';
import type { Block } from './scan.js';

export interface Header {
  id?: string;
  version: string;
  description: string;
  tags: string[];
  /** `## aliases`: other words for what the skill does (a Skein addition, for routing). */
  aliases: string[];
}

const LIST_ITEM = /^\s*[-*+]\s+(.*\S)\s*$/;
const SKILL_ID = /^[a-z][a-z0-9_]*$/;
/** `1` or `1.0`: versions older files write, read as `1.0.0`. */
const SHORT_VERSION = /^(\d+)(?:\.(\d+))?$/;
/** The frontmatter's version as written (YAML would read `1.0` as the number 1). */
const FRONTMATTER_VERSION = /^version[ \t]*:[ \t]*["']?([^"'\s#]+)/m;

/** Reads id, version (default 1.0.0), description, capabilityTags and aliases, accepting older forms with a warning. */
export function readHeader(doc: AegisDocument, report: Reporter): Header {
  const header: Header = { id: doc.id, version: '', description: '', tags: [], aliases: [] };
  const fm = readFrontmatter(doc, report);
  for (const a of doc.headerAttrs) {
    if (a.key === 'version') {
      header.version = checkVersion(a.value, a.valueOffset, report);
    } else if (a.key === 'description') {
      report.warn(
        'older-form',
        '**description**: is an older form; write a "## description" section',
        a.offset,
      );
      header.description = a.value;
    } else {
      report.warn(
        'unknown-attribute',
        `**${a.key}** is not an Aegis header attribute and is ignored`,
        a.offset,
      );
    }
  }
  const versionSection = doc.sections.get('version');
  if (versionSection) {
    report.warn(
      'older-form',
      '"## version" is an older form; write **version**: 1.0.0 under the header',
      versionSection.offset,
    );
    const line = versionSection.blocks.find((b) => b.kind === 'text');
    if (line && line.kind === 'text' && !header.version)
      header.version = checkVersion(
        line.text.trim(),
        line.offset + line.text.indexOf(line.text.trim()),
        report,
      );
  }
  const description = doc.sections.get('description');
  if (description) header.description = sectionText(description.blocks);
  const tags = doc.sections.get('capabilitytags') ?? doc.sections.get('intent');
  if (doc.sections.has('intent'))
    report.warn(
      'older-form',
      '"## intent" is an older name; the section is now "## capabilityTags"',
      doc.sections.get('intent')!.offset,
    );
  if (tags) header.tags.push(...listItems(tags.blocks));
  const aliases = doc.sections.get('aliases');
  if (aliases) header.aliases.push(...listItems(aliases.blocks));
  if (fm) readFrontmatterFields(doc, fm, header, report);
  header.version ||= '1.0.0';
  checkId(header, doc, report);
  return header;
}

/** Fills what the header lacks from an older frontmatter: id (instead of `# skill:`), version, description, intent. */
function readFrontmatterFields(
  doc: AegisDocument,
  fm: Record<string, unknown>,
  header: Header,
  report: Reporter,
): void {
  const fmId = typeof fm.id === 'string' || typeof fm.id === 'number' ? String(fm.id) : undefined;
  if (!header.id && fmId) {
    header.id = fmId;
    report.warn(
      'older-form',
      `the skill id "${fmId}" comes from the frontmatter, an older form; start the file with "# skill: ${fmId}"`,
      0,
    );
  } else if (fmId && doc.id && fmId !== doc.id)
    report.warn(
      'id-mismatch',
      `frontmatter id "${fmId}" differs from the header's "${doc.id}"; the header wins`,
      0,
    );
  if (!header.version && fm.version !== undefined && fm.version !== null) {
    const written = FRONTMATTER_VERSION.exec(doc.frontmatter!.content)?.[1] ?? String(fm.version);
    header.version = checkVersion(written, doc.frontmatter!.contentOffset, report);
  }
  header.description ||= typeof fm.description === 'string' ? fm.description : '';
  if (!header.tags.length && typeof fm.intent === 'string') header.tags.push(fm.intent);
}

function readFrontmatter(doc: AegisDocument, report: Reporter): Record<string, unknown> | undefined {
  if (!doc.frontmatter) return undefined;
  report.warn(
    'older-form',
    'a YAML frontmatter is an older form; Aegis skills start with "# skill: <id>" and **version**',
    0,
  );
  const read = parseYamlValue(doc.frontmatter.content);
  if ('problem' in read) {
    const at = doc.frontmatter.contentOffset;
    report.error(
      'yaml',
      `frontmatter YAML: ${read.problem.message}`,
      at + read.problem.start,
      at + read.problem.end,
    );
    return undefined;
  }
  const v = read.value;
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
}

/** The version to use: semantic versions as they are, `1.0` or `1` as `1.0.0` (with a warning); else an error. */
function checkVersion(version: string, offset: number, report: Reporter): string {
  if (validVersion(version)) return version;
  const short = SHORT_VERSION.exec(version);
  if (short) {
    const full = `${short[1]}.${short[2] ?? '0'}.0`;
    report.warn(
      'short-version',
      `version "${version}" has fewer than three parts; it is read as ${full}, so write **version**: ${full}`,
      offset,
      offset + version.length,
    );
    return full;
  }
  report.error(
    'bad-version',
    `version "${version}" is not a semantic version like 1.0.0 (major.minor.patch)`,
    offset,
    offset + version.length,
  );
  return version;
}

/** A skill id names the skill in `skein run`, calls and MCP tools, so it is held to varName's rule. */
function checkId(header: Header, doc: AegisDocument, report: Reporter): void {
  if (!header.id || SKILL_ID.test(header.id)) return;
  const suggestion = header.id
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^[^a-z]+/, '');
  const at = doc.id ? doc.idOffset : 0;
  report.error(
    'bad-id',
    `skill id "${header.id}" must match ^[a-z][a-z0-9_]*$ (lower case, digits, underscores)${suggestion ? `, e.g. "${suggestion}"` : ''}`,
    at,
    at + (doc.id ? header.id.length : 0),
  );
}

/** The items of a Markdown list (`- item`). */
function listItems(blocks: readonly Block[]): string[] {
  return blocks.flatMap((b) => {
    const m = b.kind === 'text' ? LIST_ITEM.exec(b.text) : null;
    return m ? [m[1]] : [];
  });
}

function sectionText(blocks: readonly Block[]): string {
  return blocks.flatMap((b) => (b.kind === 'text' ? [b.text.trim()] : [])).join('\n');
}
