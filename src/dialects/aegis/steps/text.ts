import { compileAegisTemplate, type AegisOptions, type AegisTemplate } from '../../../expr/index.js';
import type { JsonSchema } from '../../../ir/schema.js';
import { warnOlderForms } from '../older-forms.js';
import type { Reporter } from '../reporter.js';
import type { Fence } from '../scan.js';
import { baseStep, warnUnknownKeys, type CompiledStep } from './compiled.js';
import { trimFinalNewline, type GatheredStep } from './gather.js';

/**
 * Compiles a `template` step (text rendered into varName) or a `prompt` step (a model's answer). Without
 * a varName (older files) the result is stored under the step's name, with a warning.
 */
export function compileTextStep(
  g: GatheredStep,
  kind: 'template' | 'prompt',
  output: JsonSchema,
  report: Reporter,
  options: AegisOptions,
): CompiledStep {
  const step = baseStep(g, report);
  const fence = kind === 'prompt' ? g.prompt : g.template;
  const other = kind === 'prompt' ? g.template : g.prompt;
  warnUnknownKeys(g, ['when'], report);
  if (g.tool)
    report.warn(
      'unknown-attribute',
      `step "${g.doc.name}": **tool** is ignored on a ${kind} step`,
      g.tool.offset,
    );
  const target = g.varName
    ? { name: g.varName.value, offset: g.varName.valueOffset }
    : { name: g.doc.name, offset: g.doc.nameOffset };
  if (!g.varName)
    report.warn(
      'missing-varname',
      `${kind} step "${g.doc.name}" has no **varName**, an older form; its result is stored under the step's name "${g.doc.name}": write **varName**: <name> (usually an output_schema field)`,
      g.doc.offset,
    );
  step.defines.push({ ...target, schema: output.properties?.[target.name] });
  if (!fence) {
    report.error(
      'missing-block',
      `${kind} step "${g.doc.name}" needs a \`\`\`${kind} block` +
        (other
          ? ` (it has a \`\`\`${kind === 'prompt' ? 'template' : 'prompt'} block: is **type** wrong?)`
          : ''),
      g.doc.offset,
    );
    return step;
  }
  const template = compileFence(fence, g.doc.name, report, options);
  if (!template) return step;
  step.reads.push({
    refs: template.refs,
    loops: template.loops,
    offset: fence.contentOffset,
    text: fence.content,
  });
  const name = target.name;
  if (kind === 'template') {
    step.node = {
      kind: 'template',
      id: step.name,
      at: step.at,
      guard: g.guard,
      template,
      output: { set: [name] },
    };
  } else {
    const json = jsonShape(output.properties?.[name]);
    step.node = {
      kind: 'llm',
      id: step.name,
      at: step.at,
      guard: g.guard,
      prompt: template,
      output: { set: [name] },
    };
    if (json) {
      step.node.json = json;
      step.node.repairAttempts = 2;
    }
  }
  return step;
}

function compileFence(
  fence: Fence,
  stepName: string,
  report: Reporter,
  options: AegisOptions,
): AegisTemplate | undefined {
  const compiled = compileAegisTemplate(
    trimFinalNewline(fence.content),
    report.ref(fence.contentOffset),
    options,
  );
  if (!compiled.ok) {
    const at = fence.contentOffset + compiled.offset;
    report.error('bad-template', `step "${stepName}": ${compiled.message}`, at, at + compiled.length);
    return undefined;
  }
  warnOlderForms(compiled.value.olderForms, fence.contentOffset, stepName, report);
  return compiled.value;
}

/** An output field of type object or array makes the prompt ask for JSON of that shape. */
function jsonShape(field: JsonSchema | undefined): JsonSchema | undefined {
  if (!field) return undefined;
  const types = Array.isArray(field.type) ? field.type : [field.type];
  return types.includes('object') || types.includes('array') ? field : undefined;
}
