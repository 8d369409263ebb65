import type { ModelMessage } from 'ai';
import { compileSkillDoc } from '../../dialects/skilldoc/index.js';
import type { Skill } from '../../ir/skill.js';
import type { ResolvedModel } from '../../models/index.js';
import { generationRequest, generationSystemPrompt, repairRequest } from './prompt.js';
import { fieldNames, skillFacts } from './skill-facts.js';
import { SkeinError } from '../../errors/index.js';

export interface GenerateOptions {
  model: ResolvedModel;
  /** Answers asked for at most (the first and the repairs). Default 3. */
  attempts?: number;
  /** The name the document is checked under, for diagnostics. Default `<id>.SKILL.md`. */
  file?: string;
  signal?: AbortSignal;
  /** Called after each answer with the problems found in it (none: the answer is taken). */
  onAttempt?: (attempt: number, problems: readonly string[]) => void;
}

export interface GeneratedDoc {
  text: string;
  attempts: number;
}

/** The model could not write a document without problems within the attempts. */
export class GenerateError extends SkeinError {
  constructor(
    message: string,
    readonly problems: readonly string[],
    readonly lastText: string,
  ) {
    super('generate_failed', message);
    this.name = 'GenerateError';
  }
}

/**
 * Writes a chunked SKILL.md for a skill of any dialect from its IR with a model's help. Each answer is
 * checked by the skill-doc parser and against the skill (same name and version, every input and
 * output field named in the core, at least one chunk); any problem is sent back and the model asked
 * again, up to `attempts` answers in all.
 */
export async function generateSkillDoc(skill: Skill, options: GenerateOptions): Promise<GeneratedDoc> {
  const attempts = Math.max(1, options.attempts ?? 3);
  const file = options.file ?? `${skill.id}.SKILL.md`;
  const messages: ModelMessage[] = [{ role: 'user', content: generationRequest(skillFacts(skill)) }];
  let problems: string[] = [];
  let text = '';
  // The model stack loads when a document is first generated: serving documents never needs it.
  const { complete } = await import('../../models/index.js');
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const answer = await complete({
      model: options.model,
      system: generationSystemPrompt(),
      messages,
      temperature: 0.2,
      signal: options.signal,
    });
    text = unwrapFence(answer.text);
    problems = checkGenerated(skill, text, file);
    options.onAttempt?.(attempt, problems);
    if (!problems.length) return { text, attempts: attempt };
    messages.push(
      { role: 'assistant', content: answer.text },
      { role: 'user', content: repairRequest(problems) },
    );
  }
  throw new GenerateError(
    `the model's SKILL.md still had ${problems.length} problem${problems.length === 1 ? '' : 's'} after ${attempts} attempt${attempts === 1 ? '' : 's'}`,
    problems,
    text,
  );
}

/** What is wrong with a generated document: every diagnostic of the parser, and mismatches with the skill. */
export function checkGenerated(skill: Skill, text: string, file: string): string[] {
  const result = compileSkillDoc({ file, text, profile: 'agentos' });
  const problems = result.diagnostics.map((d) => `line ${d.line}: ${d.message}`);
  const doc = result.skills[0];
  if (doc) {
    if (doc.id !== skill.id)
      problems.push(`the frontmatter name is "${doc.id}"; it must be exactly "${skill.id}"`);
    if (doc.version !== skill.version)
      problems.push(`the frontmatter version is "${doc.version}"; it must be exactly "${skill.version}"`);
    if (!doc.doc!.parts.some((p) => p.kind === 'chunk'))
      problems.push('the document has no <chunk> blocks; put the steps, examples and limitations in chunks');
    const core = doc.doc!.summary;
    const missing = [...fieldNames(skill.input), ...fieldNames(skill.output)].filter(
      (f) => !mentions(core, f),
    );
    if (missing.length)
      problems.push(
        `the Interface does not name the field${missing.length === 1 ? '' : 's'} ${missing.map((f) => `\`${f}\``).join(', ')} (write each field name in backticks)`,
      );
  }
  return problems;
}

/** Whether a text names a field as the prompt asks, in backticks (or in bold). */
function mentions(text: string, field: string): boolean {
  return text.includes(`\`${field}\``) || text.includes(`**${field}**`);
}

/** The document without a ```markdown fence a model may have put around it. */
function unwrapFence(text: string): string {
  const m = /^\s*(`{3,}|~{3,})[\w-]*[ \t]*\n([\s\S]*?)\n\1\s*$/.exec(text);
  return `${(m ? m[2] : text).trim()}\n`;
}
