import type { Frontmatter } from './frontmatter.js';
import { checkMetadata } from './metadata.js';
import { moveUnderMetadata } from './move-to-metadata.js';
import { isValidName, nameProblems, slugName } from './names.js';
import type { Reporter } from './reporter.js';
import { characters, textField, written } from './written.js';

const SPEC_FIELDS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'];
const MAX_DESCRIPTION = 1024;
const MAX_COMPATIBILITY = 500;

/**
 * Top-level fields that clients read beside the spec's (Claude Code's skill frontmatter): accepted
 * with an info line, since moving them under metadata would switch them off.
 */
const CLIENT_FIELDS: Record<string, string> = Object.fromEntries(
  [
    'when_to_use',
    'argument-hint',
    'arguments',
    'disable-model-invocation',
    'user-invocable',
    'model',
    'effort',
    'context',
    'agent',
    'hooks',
    'paths',
    'shell',
  ].map((f) => [f, 'Claude Code']),
);

/**
 * The Agent Skills specification's rules on the frontmatter of a skill folder's SKILL.md. Each breach
 * is a warning, as the client implementation guide advises ("warn on issues but still load the
 * skill"); `--strict` makes them errors. Lengths count characters (code points), as the spec does.
 */
export function checkAgentSkillsFields(fm: Frontmatter, folderName: string, report: Reporter): void {
  const at = (key: string) => fm.keys.get(key)?.valueOffset ?? fm.offset;
  for (const key of Object.keys(fm.values)) {
    if (SPEC_FIELDS.includes(key)) continue;
    const keyAt = fm.keys.get(key)?.offset ?? fm.offset;
    if (CLIENT_FIELDS[key]) {
      report.info(
        'client-field',
        `"${key}" is a ${CLIENT_FIELDS[key]} field, not one of the Agent Skills spec's; ${CLIENT_FIELDS[key]} reads it at the top level, and other clients ignore it`,
        keyAt,
        keyAt + key.length,
      );
      continue;
    }
    const move = moveUnderMetadata(fm, key);
    report.warn(
      'unknown-field',
      `"${key}" is not an Agent Skills frontmatter field (${SPEC_FIELDS.join(', ')}); ${move ? `move it under metadata: as ${move.line.trim()}` : 'remove it, or keep it under metadata: as text'}`,
      keyAt,
      keyAt + key.length,
      move?.edit,
    );
  }
  const name = textField(fm, 'name');
  if (typeof name === 'string' && name.trim()) checkName(fm, name, folderName, report);
  const description = textField(fm, 'description');
  if (typeof description === 'string' && characters(description.trim()) > MAX_DESCRIPTION)
    report.warn(
      'description-too-long',
      `the description has ${characters(description.trim())} characters; the spec allows at most ${MAX_DESCRIPTION}: say what the skill does and when to use it, and move details into the body`,
      at('description'),
    );
  const compatibility = textField(fm, 'compatibility');
  if (compatibility !== undefined) {
    if (typeof compatibility !== 'string' || !compatibility.trim())
      report.warn(
        'bad-compatibility',
        'compatibility must be a non-empty text such as "Requires git and network access"',
        at('compatibility'),
      );
    else if (characters(compatibility) > MAX_COMPATIBILITY)
      report.warn(
        'compatibility-too-long',
        `compatibility has ${characters(compatibility)} characters; the spec allows at most ${MAX_COMPATIBILITY}`,
        at('compatibility'),
      );
  }
  if (fm.values.metadata !== undefined) checkMetadata(fm, report);
  if (textField(fm, 'license') === null)
    report.warn(
      'bad-license',
      'license must be text: a license name or the name of a bundled license file',
      at('license'),
    );
  const tools = fm.values['allowed-tools'];
  if (tools !== undefined && typeof textField(fm, 'allowed-tools') !== 'string' && !isTextList(tools))
    report.warn(
      'bad-allowed-tools',
      'allowed-tools must be a space-separated text of tool names, such as "Bash(git:*) Read"',
      at('allowed-tools'),
    );
}

function isTextList(value: unknown): boolean {
  return Array.isArray(value) && value.every((t) => typeof t === 'string');
}

/**
 * The naming rule and the folder match. The name suggested is the folder's when that keeps the rule
 * (so the one edit settles both), else the name made to keep it, with the folder renamed to match.
 */
function checkName(fm: Frontmatter, raw: string, folderName: string, report: Reporter): void {
  const name = raw.trim().normalize('NFKC');
  const folder = folderName.normalize('NFKC');
  const value = written(fm, ['name']);
  const start = value?.start ?? fm.offset;
  const end = value?.end ?? start;
  const fixTo = (text: string) => (value && !fm.repaired ? { start, end, text } : undefined);
  const problems = nameProblems(name);
  const suggestion = isValidName(folder) ? folder : slugName(name);
  if (problems.length)
    report.warn(
      'bad-name',
      `the name "${raw}" breaks the Agent Skills naming rule: ${problems.join('; ')} (lower-case letters, digits and single hyphens, at most 64 characters)` +
        (suggestion
          ? `: write name: ${suggestion}${suggestion !== folder ? ` and rename the folder to "${suggestion}"` : ''}`
          : ''),
      start,
      end,
      suggestion ? fixTo(suggestion) : undefined,
    );
  // A posted file with no folder in its name has no folder to match.
  if (!folder || folder === name) return;
  const rename = problems.length ? suggestion : name;
  report.warn(
    'name-mismatch',
    `the name "${raw}" differs from its folder "${folderName}"; the spec wants them equal: ` +
      (isValidName(folder)
        ? `write name: ${folder}`
        : rename
          ? `rename the folder to "${rename}"`
          : 'give the folder and the name one name that keeps the naming rule'),
    start,
    end,
    isValidName(folder) ? fixTo(folder) : undefined,
  );
}
