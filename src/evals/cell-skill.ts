import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { chain } from '../ir/graph.js';
import type { Skill } from '../ir/skill.js';
import type { EvalCase } from './eval-case.js';

/** Largest file given with a prompt as text; longer or binary files are named only. */
const MAX_FILE_CHARS = 100_000;

const INTRO =
  'You are an assistant. Answer the request in the language it is written in; when a skill below applies, follow it.';

/** The skill a cell runs and its input, or why the case cannot run on this skill. */
export type CellPlan = { skill: Skill; input: unknown } | { problem: string };

/**
 * What a cell runs. An executable skill runs with the case's `input` (a `prompt` goes into its one text
 * field). A document skill runs as an answer step whose system prompt holds the skill's summary and body,
 * as an agent sees a skill it activated; `withoutSkill` gives the same step no skill (the baseline).
 */
export async function planCell(skill: Skill, c: EvalCase, withoutSkill = false): Promise<CellPlan> {
  const prompt = c.prompt === undefined ? undefined : await withFiles(c.prompt, c.files);
  if (withoutSkill && !skill.doc)
    return {
      problem: `${skill.id} runs steps of its own: without it there is nothing to run (--without-skill compares document skills)`,
    };
  if (skill.doc) {
    if (prompt === undefined)
      return { problem: `${skill.id} is a document skill: its eval cases give a prompt, not an input` };
    return { skill: answerSkill(skill, withoutSkill), input: { prompt } };
  }
  if (prompt === undefined) return { skill, input: c.input ?? {} };
  const field = textField(skill);
  if (!field)
    return {
      problem: `${skill.id} takes an input with several fields; give the case an input instead of a prompt`,
    };
  return { skill, input: { [field]: prompt } };
}

/** The one text field of a skill's input, if it has exactly one. */
function textField(skill: Skill): string | undefined {
  const texts = Object.entries(skill.input.properties ?? {}).filter(([, s]) => s.type === 'string');
  return texts.length === 1 ? texts[0][0] : undefined;
}

/** The prompt with its files: text files inline under their name, others named with their size. */
async function withFiles(prompt: string, files: readonly string[]): Promise<string> {
  const parts = [prompt];
  for (const file of files) {
    let data: Buffer;
    try {
      data = await readFile(file);
    } catch {
      parts.push(`(file ${basename(file)}: missing)`);
      continue;
    }
    const text = data.toString('utf8');
    const binary = text.includes('\uFFFD') || text.includes('\u0000');
    parts.push(
      binary || text.length > MAX_FILE_CHARS
        ? `(file ${basename(file)}: ${data.length} bytes, not shown)`
        : `--- file ${basename(file)} ---\n${text}`,
    );
  }
  return parts.join('\n\n');
}

/** A one-step skill that answers `prompt` with the document skill in its system prompt, or with none. */
function answerSkill(doc: Skill, withoutSkill: boolean): Skill {
  const system = withoutSkill
    ? INTRO
    : `${INTRO}\n\n## Skill: ${doc.id}\nDescription: ${doc.description}\n\n${doc.doc!.summary.trim()}\n\n${doc.doc!.body.trim()}`;
  return {
    id: doc.id,
    version: doc.version,
    dialect: doc.dialect,
    description: doc.description,
    tags: doc.tags,
    source: doc.source,
    input: { type: 'object', required: ['prompt'], properties: { prompt: { type: 'string' } } },
    output: { type: 'object' },
    inputAt: [],
    ...(doc.model ? { model: doc.model } : {}),
    graph: chain([
      {
        kind: 'llm',
        id: 'answer',
        system: { source: system, refs: [], render: () => system },
        prompt: { source: '{{prompt}}', refs: ['prompt'], render: (s) => String(s.prompt) },
        output: { set: ['response'] },
      },
      {
        kind: 'end',
        id: 'end',
        output: { refs: ['response'], evaluate: (s) => ({ response: s.response }) },
      },
    ]),
  };
}
