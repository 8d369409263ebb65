// Skills travel (docs/distribution.md): `skein add` from a folder, a git repository, a tarball or a
// site's discovery index; skein.lock with every file's digest; install, update and remove.
export { DistributionError, type DistributionCode } from './errors.js';
export { fileDigest, skillDigest } from './digest.js';
export { readLock, LOCK_FILE, type Lock, type LockEntry } from './lock.js';
export { applyAdd, installFromLock, planAdd, removeSkills, type AddPlan, type Project } from './install.js';
export { applyUpdate, planUpdate, type SkillUpdate } from './update.js';
export type { Found } from './find-skills.js';
export {
  discoveryIndex,
  indexName,
  originalFiles,
  packFiles,
  packSkill,
  publishSkills,
  INDEX_VERSION,
  type DiscoveryIndex,
  type IndexEntry,
  type PackedSkill,
  type Publication,
} from './publish.js';
export { findSkills } from './find-skills.js';
export { skillFrontmatter } from './frontmatter.js';
