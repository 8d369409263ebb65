import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { catalogView, docTokens } from '../src/documents/index.js';
import { loadPaths } from '../src/skills/load-paths.js';
import { count } from '../src/tokens/index.js';

const CORPUS = process.env.SKEIN_CORPUS ?? join(import.meta.dirname, '../../shared/corpus');
const RUNS = 20;

/**
 * Skill documents over corpus/anthropic (18 Agent Skills, ~1 MB of Markdown): the tokens of the
 * catalog view beside the full bodies and the bodies with their references, and the time to load
 * the whole folder (SKILL.md files parsed and checked, every folder listed, every reference's title read).
 */
export async function benchSkillDoc(): Promise<void> {
  const dir = join(CORPUS, 'anthropic');
  if (!existsSync(dir)) {
    console.log(`\n[skill docs] skipped: no corpus at ${dir}`);
    return;
  }
  const times: number[] = [];
  const t0 = performance.now();
  let skills = (await loadPaths([dir])).units.flatMap((u) => u.skills);
  const first = performance.now() - t0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    skills = (await loadPaths([dir])).units.flatMap((u) => u.skills);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);

  let full = 0;
  let withReferences = 0;
  let summary = 0;
  for (const s of skills) {
    const t = await docTokens(s);
    full += t.full;
    withReferences += t.withReferences;
    summary += t.summary;
  }
  const catalog = count(catalogView(skills));
  const n = (v: number) => v.toLocaleString('en-US');
  console.log(
    `\n[skill docs] corpus/anthropic, ${skills.length} skills (tokens: o200k_base)\n` +
      `  catalog view (name, description, chunks or reference files): ${n(catalog)} tokens (target <= 3,500)\n` +
      `  beside it: full bodies ${n(full)} tokens, bodies with references ${n(withReferences)} tokens, summaries ${n(summary)} tokens\n` +
      `  catalog = ${((catalog / full) * 100).toFixed(1)}% of the full bodies, ${((catalog / withReferences) * 100).toFixed(1)}% of the bodies with references\n` +
      `  load the whole folder: first ${first.toFixed(0)} ms, then median ${times[RUNS >> 1].toFixed(0)} ms, slowest ${times[RUNS - 1].toFixed(0)} ms over ${RUNS} loads (target <= 300 ms)`,
  );
}
