import { parse as parseYaml } from 'yaml';
import validVersion from 'semver/functions/valid.js';
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

/** Reads id, version (default 1.0.0), description, capabilityTags and aliases, accepting older forms with a warning. */
export function readHeader(doc: AegisDocument, report: Reporter): Header {
  const header: Header = { id: doc.id, version: '', description: '', tags: [], aliases: [] };
  const fm = readFrontmatter(doc, report);
  for (const a of doc.headerAttrs) {
    if (a.key === 'version') {
      header.version = a.value;
      checkVersion(a.value, a.valueOffset, report);
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
    if (line && line.kind === 'text' && !header.version) {
      header.version = line.text.trim();
      checkVersion(header.version, line.offset, report);
    }
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
  if (fm) {
    header.version ||=
      typeof fm.version === 'string' || typeof fm.version === 'number' ? String(fm.version) : '';
    header.description ||= typeof fm.description === 'string' ? fm.description : '';
    if (!header.tags.length && typeof fm.intent === 'string') header.tags.push(fm.intent);
    if (typeof fm.id === 'string' && doc.id && fm.id !== doc.id)
      report.warn(
        'id-mismatch',
        `frontmatter id "${fm.id}" differs from the header's "${doc.id}"; the header wins`,
        0,
      );
  }
  header.version ||= '1.0.0';
  return header;
}

function readFrontmatter(doc: AegisDocument, report: Reporter): Record<string, unknown> | undefined {
  if (!doc.frontmatter) return undefined;
  report.warn(
    'older-form',
    'a YAML frontmatter is an older form; Aegis skills start with "# skill: <id>" and **version**',
    0,
  );
  try {
    const v: unknown = parseYaml(doc.frontmatter.content);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch (e) {
    report.error(
      'yaml',
      `frontmatter YAML: ${(e as Error).message.split('\n')[0]}`,
      doc.frontmatter.contentOffset,
    );
    return undefined;
  }
}

function checkVersion(version: string, offset: number, report: Reporter): void {
  if (!validVersion(version))
    report.error(
      'bad-version',
      `version "${version}" is not a semantic version like 1.0.0 (major.minor.patch)`,
      offset,
      offset + version.length,
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
