import type { Skill } from '../ir/skill.js';
import type { Loss } from './chain.js';
import { writeAegis } from './write-aegis.js';
import { writeAgenticDsl } from './write-agenticdsl.js';
import { writeSkillJson } from './write-skilljson.js';

/** The step dialects `skein convert` writes. */
export const CONVERT_TARGETS = ['aegis', 'agenticdsl', 'skilljson'] as const;
export type ConvertTarget = (typeof CONVERT_TARGETS)[number];

/**
 * A skill written in another step dialect, from its IR, with what could not be carried. Each target
 * has its own writer; no dialect's reader is involved.
 */
export function convertSkill(skill: Skill, to: ConvertTarget): { text: string; lost: Loss[] } {
  if (to === 'aegis') return writeAegis(skill);
  if (to === 'agenticdsl') return writeAgenticDsl(skill);
  return writeSkillJson(skill);
}
