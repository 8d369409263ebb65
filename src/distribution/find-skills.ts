import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { Skill } from '../ir/skill.js';
import { errorsIn, loadPaths } from '../skills/index.js';
import { DistributionError } from './errors.js';

/** A skill folder (or file) found in a source, ready to show and to install. */
export interface Found {
  /** The folder it is installed as. */
  name: string;
  /** Its folder in the source, with `/` ("." for the source's root). */
  from: string;
  /** A whole folder, or files picked from one (a skill file and its companions). */
  whole: boolean;
  dialect: string;
  skills: { id: string; version: string }[];
  /** Its first skill's description. */
  description: string;
  /** Its files, relative to `from`'s folder, with `/`, sorted. */
  files: string[];
  /** Files that are code (scripts/, or a code extension): shown, never run. */
  scripts: string[];
  /** The tools it may call: allowed-tools, an engine skill's tools, the graph's tool steps. */
  tools: string[];
  /** The absolute folder its files are read from. */
  folder: string;
}

/** What a source holds: the skills found and the files that are no skill, with why. */
export interface Findings {
  found: Found[];
  rejected: { path: string; why: string }[];
}

const IGNORED = new Set(['.git', 'node_modules', '.skein', '__pycache__', '.venv']);
const CODE = /\.(?:py|js|mjs|cjs|ts|mts|sh|bash|rb|go|ps1|pl|php|lua)$/i;

/**
 * Finds the skills under `root` the way `skein validate` does, without running anything: each skill
 * folder is one entry with all its files; a skill file is one with its companions (`<stem>.*`).
 */
export async function findSkills(root: string): Promise<Findings> {
  const { units } = await loadPaths([root]);
  const found: Found[] = [];
  const rejected: Findings['rejected'] = [];
  const taken = new Set<string>();
  for (const unit of units) {
    if (!unit.skills.length) {
      const errors = errorsIn(unit.diagnostics);
      if (errors.length) rejected.push({ path: rel(root, unit.path), why: errors[0].message.split('\n')[0] });
      continue;
    }
    const isFolder = statSync(unit.path).isDirectory();
    const folder = isFolder ? unit.path : dirname(unit.path);
    const files = isFolder ? listFiles(folder) : companions(unit.path);
    const base = isFolder && unit.path !== root ? basename(unit.path) : unit.skills[0].id;
    found.push({
      name: unique(slug(base), taken),
      from: rel(root, folder),
      whole: isFolder,
      dialect: unit.dialect ?? unit.skills[0].dialect,
      skills: unit.skills.map((s) => ({ id: s.id, version: s.version })),
      description: unit.skills[0].description,
      files,
      scripts: files.filter((f) => f.startsWith('scripts/') || CODE.test(f)),
      tools: toolsOf(unit.skills),
      folder,
    });
  }
  if (!found.length)
    throw new DistributionError(
      'no_skills',
      `no skill found in the source${rejected.length ? `: ${rejected.map((r) => `${r.path}: ${r.why}`).join('; ')}` : ''}`,
    );
  return { found, rejected };
}

/** Every file under a folder (dot files and the ignored folders left out), with `/`, sorted. */
export function listFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (IGNORED.has(e.name) || e.name === '.DS_Store') continue;
      if (e.isDirectory()) walk(join(dir, e.name), `${prefix}${e.name}/`);
      else if (e.isFile()) out.push(`${prefix}${e.name}`);
    }
  };
  walk(folder, '');
  return out.sort();
}

/** A skill file and the files beside it that share its stem (`x.skill.json`, `x.prompt.md`, `x.ts`). */
function companions(file: string): string[] {
  const name = basename(file);
  const stem = name.replace(/(?:\.skill)?\.(?:json|md)$/i, '').replace(/\.SKILL$/i, '');
  return readdirSync(dirname(file))
    .filter((n) => n === name || (n.startsWith(`${stem}.`) && /\.skill\.json$/i.test(name)))
    .sort();
}

function toolsOf(skills: readonly Skill[]): string[] {
  const tools = new Set<string>();
  for (const s of skills) {
    const allowed = (s.meta?.frontmatter as Record<string, unknown> | undefined)?.['allowed-tools'];
    if (typeof allowed === 'string') for (const t of allowed.split(/\s+/).filter(Boolean)) tools.add(t);
    else if (Array.isArray(allowed)) for (const t of allowed) tools.add(String(t));
    for (const t of (s.meta?.tools as unknown[] | undefined) ?? []) tools.add(String(t));
    for (const node of [s.graph, ...Object.values(s.subgraphs ?? {})].flatMap((g) => g?.nodes ?? [])) {
      if (node.kind === 'tool') tools.add(node.tool);
      if (node.kind === 'agent') for (const t of node.tools) tools.add(t);
    }
  }
  return [...tools].sort();
}

function rel(root: string, path: string): string {
  return relative(root, path).split(sep).join('/') || '.';
}

function slug(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'skill';
}

function unique(name: string, taken: Set<string>): string {
  let n = name;
  for (let i = 2; taken.has(n); i++) n = `${name}-${i}`;
  taken.add(n);
  return n;
}
