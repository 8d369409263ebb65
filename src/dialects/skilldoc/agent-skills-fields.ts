import type { Frontmatter } from './frontmatter.js';
import type { Reporter } from './reporter.js';

const ALLOWED = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'];
const MAX_NAME = 64;
const MAX_DESCRIPTION = 1024;
const MAX_COMPATIBILITY = 500;

/**
 * The Agent Skills specification's rules on the frontmatter of a skill folder's SKILL.md. Each breach
 * is a warning: real skills break them (a name that differs from its folder, a long description), and
 * clients are told to load such skills anyway.
 */
export function checkAgentSkillsFields(
  fm: Frontmatter,
  folderName: string | undefined,
  report: Reporter,
): void {
  const at = (key: string) => fm.keys.get(key)?.valueOffset ?? fm.offset;
  for (const key of Object.keys(fm.values))
    if (!ALLOWED.includes(key))
      report.warn(
        'unknown-field',
        `"${key}" is not an Agent Skills frontmatter field (${ALLOWED.join(', ')}); move it under metadata: as "${key}: …"`,
        fm.keys.get(key)?.offset ?? fm.offset,
      );
  const { name, description, compatibility, metadata, license } = fm.values;
  if (typeof name === 'string') checkName(name, folderName, at('name'), report);
  if (typeof description === 'string' && description.length > MAX_DESCRIPTION)
    report.warn(
      'description-too-long',
      `the description has ${description.length} characters; the spec allows at most ${MAX_DESCRIPTION}: say what the skill does and when to use it, and move details into the body`,
      at('description'),
    );
  if (compatibility !== undefined) {
    if (typeof compatibility !== 'string' || !compatibility.trim())
      report.warn(
        'bad-compatibility',
        'compatibility must be a non-empty text such as "Requires git and network access"',
        at('compatibility'),
      );
    else if (compatibility.length > MAX_COMPATIBILITY)
      report.warn(
        'compatibility-too-long',
        `compatibility has ${compatibility.length} characters; the spec allows at most ${MAX_COMPATIBILITY}`,
        at('compatibility'),
      );
  }
  if (metadata !== undefined) checkMetadata(metadata, at('metadata'), report);
  if (license !== undefined && typeof license !== 'string')
    report.warn(
      'bad-license',
      'license must be text: a license name or the name of a bundled license file',
      at('license'),
    );
  const tools = fm.values['allowed-tools'];
  if (
    tools !== undefined &&
    typeof tools !== 'string' &&
    !(Array.isArray(tools) && tools.every((t) => typeof t === 'string'))
  )
    report.warn(
      'bad-allowed-tools',
      'allowed-tools must be a space-separated text of tool names, such as "Bash(git:*) Read"',
      at('allowed-tools'),
    );
}

function checkName(raw: string, folderName: string | undefined, offset: number, report: Reporter): void {
  const name = raw.trim().normalize('NFKC');
  const end = offset + raw.length;
  const problems: string[] = [];
  if (name.length > MAX_NAME) problems.push(`it has ${name.length} characters (at most ${MAX_NAME})`);
  if (name !== name.toLowerCase()) problems.push('it has upper-case letters');
  if (!/^[\p{L}\p{N}-]*$/u.test(name))
    problems.push('it has characters other than letters, digits and hyphens');
  if (name.startsWith('-') || name.endsWith('-')) problems.push('it starts or ends with a hyphen');
  if (name.includes('--')) problems.push('it has consecutive hyphens');
  if (problems.length)
    report.warn(
      'bad-name',
      `the name "${raw}" breaks the Agent Skills naming rule: ${problems.join('; ')}; use lower-case words joined by single hyphens, such as "pdf-processing"`,
      offset,
      end,
    );
  if (folderName !== undefined && folderName.normalize('NFKC') !== name)
    report.warn(
      'name-mismatch',
      `the name "${raw}" differs from its folder "${folderName}"; the spec wants them equal: rename the folder or the name`,
      offset,
      end,
    );
}

function checkMetadata(metadata: unknown, offset: number, report: Reporter): void {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
    report.warn(
      'bad-metadata',
      'metadata must be a mapping of string keys to string values, such as metadata: { author: example-org, version: "1.0" }',
      offset,
    );
    return;
  }
  const bad = Object.entries(metadata).filter(([, v]) => typeof v !== 'string');
  if (bad.length)
    report.warn(
      'bad-metadata',
      `metadata values must be strings; quote ${bad.map(([k, v]) => `${k}: "${typeof v === 'object' ? JSON.stringify(v) : String(v)}"`).join(', ')}`,
      offset,
    );
}
