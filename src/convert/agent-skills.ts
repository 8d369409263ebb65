import { stringify } from 'yaml';
import type { Node } from '../ir/nodes.js';
import type { JsonSchema } from '../ir/schema.js';
import type { Skill } from '../ir/skill.js';

/** The files of an Agent Skills folder, by path. */
export type FileMap = Map<string, string | Uint8Array>;

/** Where the original skill's files go in the exported folder. */
export const ORIGINAL_DIR = 'assets/original';

const NAME_MAX = 64;

/**
 * An executable skill of any dialect as an Agent Skills folder (docs/distribution.md, "Export"):
 * SKILL.md whose instructions come from the skill's description, schemas and steps; the original
 * files under `assets/original/`; `scripts/run.sh` and `scripts/resume.sh`, which run the bundled
 * original with Skein. `entry` is the original's skill file or folder, relative to its folder (`.`).
 */
export function exportAgentSkill(
  skill: Skill,
  original: ReadonlyMap<string, Uint8Array>,
  entry: string,
): { name: string; files: FileMap } {
  const name = agentSkillName(skill.id);
  const target = entry === '.' ? ORIGINAL_DIR : `${ORIGINAL_DIR}/${entry}`;
  const files: FileMap = new Map();
  files.set('SKILL.md', skillMd(skill, name, target));
  files.set('scripts/run.sh', runScript(target));
  files.set('scripts/resume.sh', resumeScript());
  for (const [path, bytes] of original) files.set(`${ORIGINAL_DIR}/${path}`, bytes);
  return { name, files };
}

/** A skill id as an Agent Skills name: lowercase letters, digits and single hyphens, at most 64. */
export function agentSkillName(id: string): string {
  return (
    id
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, NAME_MAX)
      .replace(/-+$/, '') || 'skill'
  );
}

function skillMd(skill: Skill, name: string, target: string): string {
  const frontmatter = {
    name,
    description: oneLine(skill.description || `Runs the ${skill.id} skill.`).slice(0, 1024),
    compatibility: 'Needs Node.js 20+ and the skein command (npm install -g skein, or set SKEIN)',
    metadata: { 'skein-id': skill.id, 'skein-version': skill.version, 'skein-dialect': skill.dialect },
  };
  const tools = toolsOf(skill);
  const lines = [
    '---',
    stringify(frontmatter).trimEnd(),
    '---',
    `# ${skill.id}`,
    '',
    oneLine(skill.description) || `The ${skill.id} skill (${skill.dialect}).`,
    '',
    '## How to run it',
    '',
    `Run \`scripts/run.sh '<input JSON>'\`: it runs the original skill (\`${target}\`, ${skill.dialect}) with`,
    'Skein and prints the run as JSON. Its `output` is the result when `status` is `completed`. When',
    '`status` is `awaiting`, the run waits for a person: show them `await.message`, collect an answer',
    "matching `await.inputSchema`, and continue with `scripts/resume.sh <runId> '<answer JSON>'`.",
    'When `status` is `failed`, `error.message` says why.',
    '',
    ...(tools.length
      ? [
          `It calls the tools ${tools.map((t) => `\`${t}\``).join(', ')}: they must be configured in the`,
          "Skein project's skein.yaml (`tools:`) where it runs.",
          '',
        ]
      : []),
    ...(usesModel(skill)
      ? ['Some steps ask a model: Skein needs one configured (`SKEIN_MODEL` or `model:` in skein.yaml).', '']
      : []),
    '## Input',
    '',
    ...schemaLines(skill.input),
    '',
    '## Output',
    '',
    ...schemaLines(skill.output),
    '',
    '## Steps',
    '',
    'What the skill does, in order (Skein runs them; this is for understanding the result):',
    '',
    ...stepLines(skill),
    '',
  ];
  return lines.join('\n');
}

function schemaLines(schema: JsonSchema): string[] {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(props).map(
    ([key, p]) =>
      `| \`${key}\` | ${typeText(p)} | ${required.has(key) ? 'yes' : 'no'} | ${oneLine(p.description ?? '').replace(/\|/g, '\\|')} |`,
  );
  return [
    ...(rows.length ? ['| field | type | required | description |', '|---|---|---|---|', ...rows, ''] : []),
    '```json',
    JSON.stringify(schema, null, 2),
    '```',
  ];
}

function typeText(p: JsonSchema): string {
  const type = Array.isArray(p.type) ? p.type.join(' or ') : (p.type ?? 'any');
  return p.enum ? `${type} (one of ${p.enum.map((v) => JSON.stringify(v)).join(', ')})` : type;
}

function stepLines(skill: Skill): string[] {
  const graphs = [['', skill.graph] as const, ...Object.entries(skill.subgraphs ?? {})];
  return graphs.flatMap(([graphName, graph]) => {
    if (!graph) return [];
    const head = graphName ? ['', `Subgraph \`${graphName}\`:`, ''] : [];
    return [...head, ...graph.nodes.map((n, i) => `${i + 1}. ${stepText(n)}`)];
  });
}

function stepText(node: Node): string {
  const when = node.guard ? ` Only when \`${oneLine(node.guard.source)}\`.` : '';
  const what = ((): string => {
    switch (node.kind) {
      case 'template':
        return `renders the text \`${short(node.template.source)}\``;
      case 'llm':
        return `asks a model: "${short(node.prompt.source)}"${node.json ? ' (answers JSON)' : ''}`;
      case 'tool':
        return `calls the tool \`${node.tool}\``;
      case 'await':
        return `asks a person: "${short(node.message.source)}" (the run pauses)`;
      case 'assign':
        return `sets ${node.assignments.map((a) => `\`${a.path.join('.')}\``).join(', ')}`;
      case 'code':
        return `runs ${node.code.language} code (\`${node.code.entry}\`)`;
      case 'call':
        return 'skill' in node.target
          ? `runs the skill \`${node.target.skill}\`${node.each ? ' for each item' : ''}`
          : `runs the subgraph \`${node.target.graph}\`${node.each ? ' for each item' : ''}`;
      case 'route':
        return `chooses the next step among ${Object.keys(node.targets)
          .map((t) => `\`${t}\``)
          .join(', ')}`;
      case 'agent':
        return `an agent turn with the tools ${node.tools.map((t) => `\`${t}\``).join(', ') || '(none)'}`;
      case 'end':
        return 'ends the run with its output';
    }
  })();
  return `\`${node.id}\` (${node.kind}): ${what}.${when}`;
}

function toolsOf(skill: Skill): string[] {
  const all = [skill.graph, ...Object.values(skill.subgraphs ?? {})].flatMap((g) => g?.nodes ?? []);
  const tools = new Set<string>();
  for (const n of all) {
    if (n.kind === 'tool') tools.add(n.tool);
    if (n.kind === 'agent') n.tools.forEach((t) => tools.add(t));
  }
  return [...tools].sort();
}

function usesModel(skill: Skill): boolean {
  const all = [skill.graph, ...Object.values(skill.subgraphs ?? {})].flatMap((g) => g?.nodes ?? []);
  return all.some((n) => n.kind === 'llm' || n.kind === 'agent');
}

function runScript(target: string): string {
  return [
    '#!/bin/sh',
    '# Runs the bundled skill with Skein and prints the run as JSON: scripts/run.sh \'{"field": "value"}\'',
    '# SKEIN names the command (default: skein on the PATH).',
    'set -e',
    'here="$(cd "$(dirname "$0")/.." && pwd)"',
    'input="${1:-}"',
    `[ -n "$input" ] || input='{}'`,
    `exec \${SKEIN:-skein} run "$here/${target}" --input "$input" --json`,
    '',
  ].join('\n');
}

function resumeScript(): string {
  return [
    '#!/bin/sh',
    '# Answers a run that awaits a person: scripts/resume.sh RUN_ID \'{"confirm": true}\'',
    'set -e',
    'input="${2:-}"',
    `[ -n "$input" ] || input='{}'`,
    'exec ${SKEIN:-skein} resume "$1" --input "$input" --json',
    '',
  ].join('\n');
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const short = (text: string) => {
  const line = oneLine(text).replace(/`/g, "'");
  return line.length > 120 ? `${line.slice(0, 117)}…` : line;
};
