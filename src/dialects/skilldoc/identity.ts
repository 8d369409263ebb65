import validVersion from 'semver/functions/valid.js';
import type { FrontmatterBlock } from './frontmatter-block.js';
import type { Frontmatter } from './frontmatter.js';
import { isValidName, slugName } from './names.js';
import type { Reporter } from './reporter.js';
import { textField, written } from './written.js';

/** A document's name, description and version. */
export interface Identity {
  name: string;
  description: string;
  version: string;
}

/** AgentOS's default description of a document that has none. */
export const NO_DESCRIPTION = 'No description provided';

/**
 * The identity of an Agent Skills SKILL.md, as the client implementation guide has clients read it: a
 * missing or empty name or description is an error and the skill is not loaded ("Description is
 * missing or empty → skip the skill"); the naming rules are checked elsewhere, as warnings. Each error
 * offers the edit that adds what is missing when Skein can tell what it should be (the folder's name;
 * the body's first paragraph, which Claude Code also uses for a missing description).
 */
export function agentSkillsIdentity(
  fm: Frontmatter,
  block: FrontmatterBlock,
  text: string,
  folderName: string,
  report: Reporter,
): Identity | undefined {
  const name = textField(fm, 'name');
  const description = textField(fm, 'description');
  const at = (key: string) => fm.keys.get(key)?.valueOffset ?? fm.offset;
  const folder = folderName.normalize('NFKC');
  if (name === null) report.error('bad-name', 'name must be text, such as name: pdf-processing', at('name'));
  else if (name === undefined || !name.trim()) {
    const fix = isValidName(folder) ? insertOrReplace(fm, 'name', folder) : undefined;
    report.error(
      'missing-name',
      `${name === undefined ? 'the frontmatter has no name' : 'the name is empty'}; the spec requires one ("name: Required"), equal to the folder's name: write name: ${fix ? folder : slugName(folder) || 'pdf-processing'}`,
      at('name'),
      undefined,
      fix,
    );
  }
  if (description === null)
    report.error(
      'missing-description',
      'description must be text: what the skill does and when to use it',
      at('description'),
    );
  else if (description === undefined || !description.trim()) {
    const first = firstParagraph(text, block.bodyStart);
    const fix = first ? insertOrReplace(fm, 'description', JSON.stringify(first)) : undefined;
    report.error(
      'missing-description',
      `${description === undefined ? 'the frontmatter has no description' : 'the description is empty'}, so the skill is not loaded (clients list and pick skills by it): write what the skill does and when to use it${first ? `, for example the body's first paragraph: description: ${JSON.stringify(first)}` : ''}`,
      at('description'),
      undefined,
      fix,
    );
  }
  if (typeof name !== 'string' || !name.trim() || typeof description !== 'string' || !description.trim())
    return undefined;
  // The id is the name normalised as the spec compares names (NFKC), so a decomposed "café" is "café".
  return {
    name: name.trim().normalize('NFKC'),
    description: description.trim(),
    version: metadataVersion(fm),
  };
}

/**
 * The identity of an AgentOS document: name and description default as AgentOS does (with a warning,
 * since agents list and pick skills by them; `warn` is false when a missing frontmatter was already
 * reported), and the version.
 */
export function agentosIdentity(
  fm: Frontmatter,
  fallback: string,
  warn: boolean,
  report: Reporter,
): Identity {
  const name = textField(fm, 'name');
  const description = textField(fm, 'description');
  const at = (key: string) => fm.keys.get(key)?.valueOffset ?? fm.offset;
  const hasName = typeof name === 'string' && name.trim() !== '';
  const hasDescription = typeof description === 'string' && description.trim() !== '';
  if (!hasName && warn)
    report.warn(
      'missing-name',
      `the frontmatter has no name, so the document is named "${fallback}" after its file; write the id agents and tools use for it: name: ${fallback}`,
      at('name'),
      undefined,
      insertOrReplace(fm, 'name', fallback),
    );
  if (!hasDescription && warn)
    report.warn(
      'missing-description',
      `${description === undefined ? 'the frontmatter has no description' : 'the description is empty'}, so AgentOS's "${NO_DESCRIPTION}" stands in; write what the skill does and when to use it: agents pick skills by it`,
      at('description'),
    );
  return {
    name: hasName ? (name as string).trim() : fallback,
    description: hasDescription ? (description as string).trim() : NO_DESCRIPTION,
    version: agentosVersion(fm, report),
  };
}

/** The edit that sets `key` to `value`: its empty value replaced, or a line added at the frontmatter's top. */
function insertOrReplace(fm: Frontmatter, key: string, value: string) {
  const w = fm.repaired ? undefined : written(fm, [key]);
  if (w?.scalar) {
    const afterColon = fm.yaml[w.start - fm.offset - 1] === ':';
    return { start: w.start, end: w.end, text: `${afterColon ? ' ' : ''}${value}` };
  }
  return { start: fm.offset, end: fm.offset, text: `${key}: ${value}\n` };
}

/**
 * Skein's version of an Agent Skills folder: `metadata.version` (free text by the spec) when it is a
 * semantic version, padded when it is a partial one ("1.0" → 1.0.0), else 1.0.0.
 */
function metadataVersion(fm: Frontmatter): string {
  const raw = written(fm, ['metadata', 'version'])?.text ?? written(fm, ['version'])?.text;
  return (raw !== undefined && semanticVersion(raw)) || '1.0.0';
}

/** `version:` of an AgentOS document, as written; 1.0.0 when there is none. */
function agentosVersion(fm: Frontmatter, report: Reporter): string {
  const value = written(fm, ['version']) ?? written(fm, ['metadata', 'version']);
  if (value === undefined) return '1.0.0';
  if (!validVersion(value.text)) {
    const padded = semanticVersion(value.text);
    report.warn(
      'bad-version',
      `version "${value.text}" is not a semantic version like 1.0.0 (major.minor.patch)${padded ? `: write ${padded}` : ''}`,
      value.start,
      value.end,
      padded ? { start: value.start, end: value.end, text: padded } : undefined,
    );
  }
  return value.text;
}

/** A version as semver: itself when valid, "1" and "1.0" padded with zeros, else undefined. */
function semanticVersion(text: string): string | undefined {
  const t = text.trim();
  if (validVersion(t)) return t;
  const m = /^v?(\d+)(?:\.(\d+))?$/.exec(t);
  return m ? `${Number(m[1])}.${Number(m[2] ?? 0)}.0` : undefined;
}

/**
 * A SKILL.md without a frontmatter: an error ("The SKILL.md file must contain YAML frontmatter"), with
 * the edit that adds one when the folder's name keeps the naming rule and the body has a paragraph.
 */
export function noFrontmatter(text: string, folderName: string, report: Reporter): void {
  const folder = folderName.normalize('NFKC');
  const first = firstParagraph(text, 0);
  const head = `---\nname: ${isValidName(folder) ? folder : slugName(folder) || 'pdf-processing'}\ndescription: ${first ? JSON.stringify(first) : 'What the skill does and when to use it.'}\n---\n`;
  report.error(
    'missing-frontmatter',
    `no frontmatter: the spec requires "YAML frontmatter followed by Markdown content", with name: and description:, so the skill is not loaded; start the file with ${JSON.stringify(head)}`,
    0,
    undefined,
    isValidName(folder) && first ? { start: 0, end: 0, text: head } : undefined,
  );
}

/**
 * The first paragraph of the body (headings, code, lists, tables and HTML passed over), on one line,
 * cut at 1024 characters; undefined when there is none.
 */
function firstParagraph(text: string, bodyStart: number): string | undefined {
  const lines: string[] = [];
  let fenced = false;
  for (const raw of text.slice(bodyStart).split('\n')) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && line && !/^([#>|<*+-]|\d+[.)]\s)/.test(line)) lines.push(line);
    else if (lines.length) break;
  }
  const paragraph = lines.join(' ').replace(/\s+/g, ' ');
  if (!paragraph) return undefined;
  const chars = [...paragraph];
  return chars.length <= 1024 ? paragraph : chars.slice(0, 1021).join('') + '…';
}
