import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { byteOrder, fileDigest, skillDigest } from './digest.js';
import { DistributionError } from './errors.js';
import { findSkills, type Found } from './find-skills.js';
import { tarGz } from './tarball.js';

/** The version of the Agent Skills discovery index Skein writes (and reads: well-known.ts). */
export const INDEX_VERSION = '0.2.0';

/** A skill folder made ready to publish: its files with their digests, and its archive. */
export interface PackedSkill {
  /** Its name in the index: the folder's, lowercased to the naming rule (`a-z`, `0-9`, `-`). */
  name: string;
  description: string;
  /** The skill-level digest of its files (docs/distribution.md). */
  digest: string;
  /** Its files, SKILL.md first, then by path (byte order). */
  files: { path: string; digest: string; bytes: Buffer }[];
  /** The files as a reproducible tar.gz whose root is the skill folder. */
  archive: Buffer;
  archiveDigest: string;
  /** Whether it has a SKILL.md at its root (only those go into a discovery index). */
  agentSkill: boolean;
}

/** What a site publishes: the skills of its index, and those left out with why. */
export interface Publication {
  skills: PackedSkill[];
  skipped: { path: string; why: string }[];
}

/** One skill entry of a discovery index v0.2.0. */
export interface IndexEntry {
  name: string;
  description: string;
  digest: string;
  files: { path: string; digest: string }[];
  package: { url: string; digest: string };
}

/** The document at `/.well-known/agent-skills/index.json`. */
export interface DiscoveryIndex {
  version: string;
  skills: IndexEntry[];
}

const NAME = /^[a-z0-9](?:[a-z0-9]|-(?!-)){0,62}[a-z0-9]$|^[a-z0-9]$/;

/** A found skill's files, digests and archive, read once from its folder. */
export async function packSkill(found: Found, name = indexName(found.name)): Promise<PackedSkill> {
  const paths = [...found.files].sort((a, b) =>
    a === 'SKILL.md' ? -1 : b === 'SKILL.md' ? 1 : byteOrder(a, b),
  );
  const files = paths.map((path) => {
    const bytes = readFileSync(join(found.folder, path));
    return { path, digest: fileDigest(bytes), bytes };
  });
  const archive = await tarGz(files);
  return {
    name,
    description: found.description,
    digest: skillDigest(Object.fromEntries(files.map((f) => [f.path, f.digest]))),
    files,
    archive,
    archiveDigest: fileDigest(archive),
    agentSkill: found.whole && paths.includes('SKILL.md'),
  };
}

/**
 * The skills of some folders (the skills path) as a site publishes them: every Agent Skills folder
 * (a folder with SKILL.md: Agent Skills, engine skill and skill.json folders that carry one) under a
 * name of the naming rule, sorted by name; other skills are listed in `skipped`.
 */
export async function publishSkills(folders: readonly string[]): Promise<Publication> {
  const skills: PackedSkill[] = [];
  const skipped: Publication['skipped'] = [];
  const taken = new Set<string>();
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    let found: Found[];
    try {
      ({ found } = await findSkills(folder));
    } catch (e) {
      if (e instanceof DistributionError && e.code === 'no_skills') continue;
      throw e;
    }
    for (const f of found) {
      const where = join(folder, f.from);
      if (!f.whole || !f.files.includes('SKILL.md')) {
        skipped.push({ path: where, why: 'no SKILL.md: the index lists Agent Skills folders only' });
        continue;
      }
      let name = indexName(f.name);
      for (let i = 2; taken.has(name); i++) name = `${indexName(f.name).slice(0, 60)}-${i}`;
      if (!NAME.test(name)) {
        skipped.push({ path: where, why: `its folder name gives no skill name of the naming rule` });
        continue;
      }
      taken.add(name);
      skills.push(await packSkill(f, name));
    }
  }
  return { skills: skills.sort((a, b) => byteOrder(a.name, b.name)), skipped };
}

/** The discovery index of a publication; each package's URL is relative to the index (`<name>.tar.gz`). */
export function discoveryIndex(publication: Publication): DiscoveryIndex {
  return {
    version: INDEX_VERSION,
    skills: publication.skills.map((s) => ({
      name: s.name,
      description: s.description.slice(0, 1024),
      digest: s.digest,
      files: s.files.map(({ path, digest }) => ({ path, digest })),
      package: { url: `${s.name}.tar.gz`, digest: s.archiveDigest },
    })),
  };
}

/** A name of the index's naming rule made from a folder name: lowercase, `-` for runs of anything else. */
export function indexName(folder: string): string {
  return (
    folder
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 64)
      .replace(/-+$/, '') || 'skill'
  );
}

/** A skill's own files (its folder, or its file and companions) and the path to run among them (`.`: the folder). */
export async function originalFiles(
  source: string,
  id: string,
): Promise<{ files: Map<string, Uint8Array>; entry: string }> {
  const { found } = await findSkills(source);
  const hit = found.find((f) => f.skills.some((s) => s.id === id)) ?? found[0];
  const files = new Map(hit.files.map((f) => [f, readFileSync(join(hit.folder, f))] as const));
  return { files, entry: hit.whole ? '.' : basename(source) };
}

/** Files made ready to publish as a skill folder (an exported one): digests and archive, SKILL.md first. */
export async function packFiles(
  name: string,
  description: string,
  content: ReadonlyMap<string, string | Uint8Array>,
): Promise<PackedSkill> {
  const paths = [...content.keys()].sort((a, b) =>
    a === 'SKILL.md' ? -1 : b === 'SKILL.md' ? 1 : byteOrder(a, b),
  );
  const files = paths.map((path) => {
    const bytes = Buffer.from(content.get(path)!);
    return { path, digest: fileDigest(bytes), bytes };
  });
  const archive = await tarGz(files);
  return {
    name,
    description,
    digest: skillDigest(Object.fromEntries(files.map((f) => [f.path, f.digest]))),
    files,
    archive,
    archiveDigest: fileDigest(archive),
    agentSkill: paths.includes('SKILL.md'),
  };
}
