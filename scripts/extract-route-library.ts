// Extracts a compact routing library from real skills: for each skill the fields the router reads
// (id, dialect, description, tags, aliases, triggers, category, headings, input fields) and its
// body's opening paragraph, loaded with Skein's own dialects. Run once per source; the result is a
// data file of this repository (test/fixtures/routing/<library>/library.json), so tests never need
// the source. Usage:
//   node --import tsx scripts/extract-route-library.ts OUT.json "SOURCE NOTE" PATH... && npx prettier --write OUT.json
import { writeFileSync } from 'node:fs';
import { loadPaths } from '../src/skills/index.js';
import { openingParagraph, inputText } from '../src/routing/fields.js';

const [out, source, ...paths] = process.argv.slice(2);
if (!out || !source || !paths.length) throw new Error('usage: extract-route-library OUT.json SOURCE PATH...');

const loaded = await loadPaths(paths);
const seen = new Set<string>();
const skills = loaded.units
  .flatMap((u) => u.skills)
  .filter((s) => !seen.has(s.id) && seen.add(s.id))
  .map((s) => ({
    id: s.id,
    dialect: s.dialect,
    description: s.description.replace(/\s+/g, ' ').trim(),
    opening: openingParagraph(s.doc?.body ?? ''),
    ...(s.tags.length ? { tags: s.tags } : {}),
    ...(s.routing?.aliases.length ? { aliases: s.routing.aliases } : {}),
    ...(s.routing?.triggers.length ? { triggers: s.routing.triggers } : {}),
    ...(s.routing?.category ? { category: s.routing.category } : {}),
    ...(s.routing?.headings.length ? { headings: s.routing.headings.slice(0, 16) } : {}),
    ...(inputText(s.input).length ? { inputs: inputText(s.input) } : {}),
  }));
writeFileSync(out, JSON.stringify({ source, skills }, null, 1) + '\n');
console.log(`${out}: ${skills.length} skills`);
