// The routing libraries of test/fixtures/routing: the project's own (its skill files and cases.yaml)
// and the held-out ones (<name>/library.json, compact descriptions extracted from real repositories by
// scripts/extract-route-library.ts, and <name>/requests.yaml). Read by the held-out evaluation
// (bench/route-heldout.ts) and its test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import type { JsonSchema } from '../src/ir/schema.js';
import type { DialectName, Skill } from '../src/ir/skill.js';
import { loadPaths } from '../src/skills/index.js';
import { readRouteSection } from '../src/skill-tests/route-cases-file.js';

export const ROUTING_FIXTURES = join(import.meta.dirname, '../test/fixtures/routing');

/** The libraries, each from its own source: the project's own routing set first. */
export const LIBRARY_NAMES = [
  'fixtures',
  'anthropic',
  'superpowers',
  'openai',
  'trailofbits',
  'scientific',
  'corpus',
] as const;

/** A request and the skill it must reach (null: none). */
export interface LabelledRequest {
  request: string;
  expect: string | null;
}

export interface RouteLibrary {
  name: string;
  skills: Skill[];
  requests: LabelledRequest[];
}

/** One skill of a library.json. */
interface CompactSkill {
  id: string;
  dialect: DialectName;
  description: string;
  opening: string;
  tags?: string[];
  aliases?: string[];
  triggers?: string[];
  category?: string;
  headings?: string[];
  inputs?: string[];
}

/** Reads one library: its skills as the router sees them, and its labelled requests. */
export async function loadRouteLibrary(name: string): Promise<RouteLibrary> {
  if (name === 'fixtures') {
    const loaded = await loadPaths([ROUTING_FIXTURES]);
    return {
      name,
      skills: loaded.units.flatMap((u) => u.skills),
      requests: readRequests(join(ROUTING_FIXTURES, 'cases.yaml')),
    };
  }
  const dir = join(ROUTING_FIXTURES, name);
  const library = JSON.parse(readFileSync(join(dir, 'library.json'), 'utf8')) as { skills: CompactSkill[] };
  return {
    name,
    skills: library.skills.map((s) => skillOf(name, s)),
    requests: readRequests(join(dir, 'requests.yaml')),
  };
}

/** Every library. */
export function loadRouteLibraries(): Promise<RouteLibrary[]> {
  return Promise.all(LIBRARY_NAMES.map(loadRouteLibrary));
}

function readRequests(file: string): LabelledRequest[] {
  const lines = new LineCounter();
  const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter: lines });
  const section = readRouteSection(file, doc, lines, (_node, _code, message) => {
    throw new Error(`${file}: ${message}`);
  });
  return (section?.cases ?? []).map((c) => ({ request: c.request, expect: c.expect }));
}

/** A compact description as an IR skill: what each dialect would have given the router. */
function skillOf(library: string, s: CompactSkill): Skill {
  return {
    id: s.id,
    version: '1.0.0',
    dialect: s.dialect,
    description: s.description,
    tags: s.tags ?? [],
    source: `${library}/${s.id}`,
    input: inputSchema(s.inputs ?? []),
    output: {},
    inputAt: [],
    ...(s.opening ? { doc: { summary: s.description, body: s.opening, parts: [] } } : {}),
    routing: {
      aliases: s.aliases ?? [],
      triggers: s.triggers ?? [],
      headings: s.headings ?? [],
      ...(s.category ? { category: s.category } : {}),
    },
  };
}

/** Input texts (`name`, then its descriptions) back as a schema's properties. */
function inputSchema(texts: readonly string[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  let last: JsonSchema | undefined;
  for (const text of texts) {
    if (/^[\w-]+$/.test(text)) properties[text] = last = {};
    else if (last) last.description = last.description ? `${last.description} ${text}` : text;
  }
  return { type: 'object', properties };
}
