import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Skill } from '../src/ir/skill.js';
import { loadPaths } from '../src/skills/index.js';

const ROUTING = join(import.meta.dirname, '../test/fixtures/routing');

/** The requests of the routing set (test/fixtures/routing/cases.yaml). */
export function routingRequests(): string[] {
  const file = parse(readFileSync(join(ROUTING, 'cases.yaml'), 'utf8')) as { route: { request: string }[] };
  return file.route.map((c) => c.request);
}

/**
 * `size` skills made from the routing set's 44 (five dialects): copy k of a skill gets its own id and
 * four words and a Chinese pair of its own, so that the vocabulary grows with the library as it would.
 */
export async function syntheticSkills(size: number): Promise<Skill[]> {
  const base = (await loadPaths([ROUTING])).units.flatMap((u) => u.skills);
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const word = () =>
    Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');
  const han = () => String.fromCharCode(0x4e00 + Math.floor(random() * 0x5000));
  return Array.from({ length: size }, (_, k) => {
    const s = base[k % base.length];
    const extra = [word(), word(), word(), word(), han() + han()].join(' ');
    return {
      ...s,
      id: k < base.length ? s.id : `${s.id}_${k}`,
      description: `${s.description} ${extra}`,
      tags: [...s.tags, word()],
    };
  });
}
