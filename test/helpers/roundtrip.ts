import { join } from 'node:path';
import { convertSkill } from '../../src/convert/index.js';
import { loadText, type Skein, type Skill } from '../../src/index.js';

/** An input for a schema: a sample value of each field's type (the first choice where there are choices). */
export function sampleInput(skill: Skill): Record<string, unknown> {
  const sample = (type: unknown) =>
    type === 'number' || type === 'integer'
      ? 3
      : type === 'boolean'
        ? true
        : type === 'array'
          ? []
          : type === 'object'
            ? {}
            : 'ACME';
  return Object.fromEntries(
    Object.entries(skill.input.properties ?? {}).map(([k, p]) => [
      k,
      p.enum?.[0] ??
        (p.items?.enum
          ? [p.items.enum[0]]
          : sample(Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type)),
    ]),
  );
}

/** The shape of a skill's graph: each step's local id and kind, and the edges between them. */
export function shape(skill: Skill) {
  const local = (id: string) => id.split('/').filter(Boolean).at(-1)!;
  const steps = skill.graph!.nodes.filter(
    (n) => n.kind !== 'end' && !(n.kind === 'assign' && !n.assignments.length),
  );
  const ids = new Set(steps.map((n) => n.id));
  return {
    steps: steps.map((n) => `${local(n.id)}:${n.kind === 'assign' ? 'template' : n.kind}`),
    edges: skill
      .graph!.edges.filter((e) => ids.has(e.from) && ids.has(e.to))
      .map((e) => `${local(e.from)}>${local(e.to)}`),
  };
}

/** How a run of a skill ended: its status and output, or its error code. */
export interface Outcome {
  status: string;
  output?: unknown;
  error?: string;
}

/** What an Aegis file became on its way to AgenticDSL and back. */
export type RoundTrip =
  | { lost: string }
  | {
      original: Skill;
      /** The AgenticDSL file read back (undefined: it did not load). */
      dsl?: Skill;
      /** The Aegis file written back, read (undefined: it did not load). */
      again?: Skill;
      outcomes: { original: Outcome; dsl?: Outcome; again?: Outcome };
    };

/**
 * Takes an Aegis file to AgenticDSL and back (`skein convert`'s conversions), writing nothing: the
 * first construct lost on the way, or the three skills and how each ran on the same sample input with
 * `lib` (docs/distribution.md, "Round trip over the corpus").
 */
export async function roundTrip(lib: Skein, file: string, text: string, dir: string): Promise<RoundTrip> {
  const original = loadText(file, text).skills[0];
  const there = convertSkill(original, 'agenticdsl');
  if (there.lost.length) return { lost: there.lost[0].construct };
  const dsl = loadText(join(dir, 'roundtrip.agent.md'), there.text, { dialect: 'agenticdsl' }).skills[0];
  const back = dsl && convertSkill(dsl, 'aegis');
  if (back?.lost.length) return { lost: `back: ${back.lost[0].construct}` };
  const again = back && loadText(join(dir, 'roundtrip.md'), back.text, { dialect: 'aegis' }).skills[0];
  const input = sampleInput(original);
  const outcome = async (s: Skill): Promise<Outcome> => {
    const r = await lib.run(s, input);
    return {
      status: r.status,
      ...(r.status === 'completed' ? { output: r.output } : { error: r.error?.code }),
    };
  };
  return {
    original,
    dsl,
    again,
    outcomes: {
      original: await outcome(original),
      dsl: dsl && (await outcome(dsl)),
      again: again && (await outcome(again)),
    },
  };
}
