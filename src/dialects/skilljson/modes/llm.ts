import { compilePipelineTemplate } from '../../../expr/pipeline/index.js';
import { chain, type Graph } from '../../../ir/graph.js';
import type { Template } from '../../../ir/expr.js';
import type { LlmNode } from '../../../ir/nodes.js';
import { SourceText } from '../../../ir/source.js';
import type { FileSource } from '../../../ir/file-source.js';
import type { Companions } from '../companions.js';
import { entryOf } from '../../kit/json/json-node.js';
import type { SkillManifest } from '../manifest.js';
import { checkInputField } from '../pipeline/references.js';
import type { Reporter } from '../reporter.js';
import { RESULT, resultEnd } from './result-node.js';

/** The user's turn: the run's input as JSON. */
const INPUT_AS_MESSAGE: Template = {
  source: '{{input | json: 2}}',
  refs: ['input'],
  render: (scope) => JSON.stringify(scope.input ?? {}, null, 2),
};

/**
 * llm mode: prompt.md (a template over `input`) is the system prompt, the input (as JSON) the user's turn;
 * the answer must be JSON matching `output`, and a bad answer goes back to the model with its errors up to
 * `retry` times. Without prompt.md the description is the system prompt (a warning).
 */
export function compileLlmMode(
  manifest: SkillManifest,
  companions: Companions,
  report: Reporter,
): Graph | undefined {
  const mode = entryOf(manifest.root, 'mode')!.value;
  let system: Template | undefined;
  if (companions.prompt) system = readPrompt(companions.prompt, companions.files, manifest, report);
  else {
    report.warn(
      'missing-prompt',
      `mode "llm" takes its system prompt from ${companions.promptName} in the same folder, and there is none; the model gets only the description`,
      mode.start,
      mode.end,
    );
    const text = manifest.description;
    system = { source: text, refs: [], render: () => text };
  }
  if (manifest.pipeline) {
    const pipeline = entryOf(manifest.root, 'pipeline')!;
    report.warn(
      'pipeline-ignored',
      `"pipeline" is for mode "composite"; in mode "llm" it is ignored`,
      pipeline.keyStart,
      pipeline.keyEnd,
    );
  }
  if (!system) return undefined;
  const node: LlmNode = {
    kind: 'llm',
    id: manifest.name,
    at: report.ref(mode.start),
    system,
    prompt: INPUT_AS_MESSAGE,
    json: manifest.output,
    repairAttempts: manifest.retry,
    output: { set: [RESULT] },
    timeoutMs: manifest.timeout,
  };
  return chain([node, resultEnd]);
}

/** Compiles prompt.md; its tags may read `input.<field>` only. */
function readPrompt(
  file: string,
  files: FileSource,
  manifest: SkillManifest,
  report: Reporter,
): Template | undefined {
  let text: string;
  try {
    text = files.readSync(file).replace(/^\uFEFF/, '');
  } catch (e) {
    report.error('unreadable', `cannot read ${file}: ${(e as Error).message}`, 0);
    return undefined;
  }
  const prompt = report.forFile(new SourceText(file, text));
  const compiled = compilePipelineTemplate(text, prompt.ref(0));
  if (!compiled.ok) {
    prompt.error('bad-expression', compiled.message, compiled.offset, compiled.offset + compiled.length);
    return undefined;
  }
  for (const read of compiled.value.reads) {
    if (read.names[0] === 'input')
      checkInputField(manifest.input, read.names[1], read.start, read.end, prompt);
    else
      prompt.error(
        'unknown-variable',
        `"${read.names[0]}" is not a prompt variable; prompt.md reads the input as input.<field>`,
        read.start,
        read.end,
      );
  }
  return compiled.value;
}
