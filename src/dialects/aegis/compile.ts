import { SourceText } from '../../ir/source.js';
import { chain } from '../../ir/graph.js';
import type { Node } from '../../ir/nodes.js';
import type { JsonSchema } from '../../ir/schema.js';
import type { LoadResult, Skill } from '../../ir/skill.js';
import { checkNames } from './check-names.js';
import { checkVariables } from './check-variables.js';
import { outlineAegis, type AegisDocument, type SectionDoc } from './document.js';
import { readFields } from './fields.js';
import { readHeader } from './header.js';
import { outputExpr } from './output.js';
import { Reporter } from './reporter.js';
import { storeStepResults } from './step-results.js';
import { compileAwaitStep } from './steps/await.js';
import type { CompiledStep } from './steps/compiled.js';
import { gatherStep, trimFinalNewline, type GatheredStep } from './steps/gather.js';
import { inferType } from './steps/infer-type.js';
import { compileTextStep } from './steps/text.js';
import { compileToolStep } from './steps/tool.js';
import { parseYamlBlock } from './yaml-block.js';

const STEP_TYPES = ['tool', 'prompt', 'template', 'await'];

/** Parses and checks one Aegis skill file; the skill is returned only when there are no errors. */
export function compileAegis(file: string, text: string): LoadResult {
  const report = new Reporter(new SourceText(file, text));
  const doc = outlineAegis(text, report);
  const header = readHeader(doc, report);

  const input = readSchemaSection(
    olderName(doc, 'input_schema', 'input', report),
    'input_schema',
    false,
    report,
  );
  const output = readSchemaSection(
    olderName(doc, 'output_schema', 'output', report),
    'output_schema',
    true,
    report,
  );

  const stepsSection = doc.sections.get('steps');
  if (!stepsSection)
    report.error('missing-steps', 'no "## steps" section; a skill needs at least one "### step: <name>"', 0);
  else if (!doc.steps.length)
    report.error(
      'missing-steps',
      'the "## steps" section has no "### step: <name>" headings',
      stepsSection.offset,
    );

  // Older files read a step's result by the step's name ({{step.output}}) when it has no varName.
  const options = {
    stepResults: new Set(
      doc.steps.filter((d) => !d.attrs.some((a) => a.key === 'varName')).map((d) => d.name),
    ),
  };
  const steps: CompiledStep[] = [];
  for (const stepDoc of doc.steps) {
    const g = gatherStep(stepDoc, report, options);
    if (g.type && !g.type.value)
      report.error(
        'missing-type',
        `step "${stepDoc.name}" has an empty **type**; write **type**: tool, prompt, template or await`,
        g.type.offset,
      );
    const type = g.type ? g.type.value : inferType(g, report);
    if (!type) {
      steps.push(opaqueStep(g, ''));
      continue;
    }
    if (!STEP_TYPES.includes(type)) {
      report.error(
        'unknown-step-type',
        `step "${stepDoc.name}" has unknown type "${type}"; use tool, prompt, template or await`,
        g.type!.valueOffset,
        g.type!.valueOffset + type.length,
      );
      steps.push(opaqueStep(g, type));
      continue;
    }
    g.type ??= { key: 'type', value: type, offset: stepDoc.offset, valueOffset: stepDoc.offset, plain: true };
    if (type === 'tool') steps.push(compileToolStep(g, report, options));
    else if (type === 'await') steps.push(compileAwaitStep(g, report, options));
    else steps.push(compileTextStep(g, type as 'template' | 'prompt', output.schema, report, options));
  }
  storeStepResults(steps, report);

  checkNames(
    steps,
    input.names.map((n) => n.name),
    report,
  );
  checkVariables(
    steps,
    input.schema,
    output.schema,
    new Map(output.names.map((n) => [n.name, n.offset])),
    report,
  );

  if (report.failed || !header.id) return { skills: [], diagnostics: report.diagnostics };
  const nodes: Node[] = steps.map((s) => s.node!);
  nodes.push({ kind: 'end', id: '__output__', output: outputExpr(output.schema) });
  const skill: Skill = {
    id: header.id,
    version: header.version,
    dialect: 'aegis',
    description: header.description,
    tags: header.tags,
    source: file,
    routing: { aliases: header.aliases, triggers: [], headings: [] },
    input: input.schema,
    output: output.schema,
    inputAt: [],
    graph: chain(nodes),
  };
  return { skills: [skill], diagnostics: report.diagnostics };
}

function opaqueStep(g: GatheredStep, type: string): CompiledStep {
  return { name: g.doc.name, offset: g.doc.offset, type, defines: [], reads: [], opaque: true };
}

/** A section under its name, or under the older name (`## input`, `## output`) with a warning. */
function olderName(
  doc: AegisDocument,
  name: string,
  older: string,
  report: Reporter,
): SectionDoc | undefined {
  const section = doc.sections.get(name);
  const old = doc.sections.get(older);
  if (section || !old) return section;
  report.warn('older-form', `"## ${older}" is an older name; the section is now "## ${name}"`, old.offset);
  return old;
}

interface SchemaSection {
  schema: JsonSchema;
  names: { name: string; offset: number }[];
}

function readSchemaSection(
  section: SectionDoc | undefined,
  name: string,
  required: boolean,
  report: Reporter,
): SchemaSection {
  const empty: SchemaSection = { schema: { type: 'object', properties: {} }, names: [] };
  if (!section) {
    // The spec requires an output_schema; the Java engine runs without one (the output is then empty).
    if (required)
      report.warn(
        'missing-output-schema',
        `no "## ${name}" section, so the skill's output is empty ({}); declare the fields it returns as YAML fields`,
        0,
      );
    return empty;
  }
  const fence = section.blocks.find((b) => b.kind === 'fence');
  if (!fence || fence.kind !== 'fence') {
    report.error(
      'missing-schema-block',
      `"## ${name}" needs a \`\`\`yaml block of fields (name: type)`,
      section.offset,
    );
    return empty;
  }
  if (fence.lang !== 'yaml' && fence.lang !== 'yml')
    report.warn('schema-block-language', `"## ${name}" block should be marked \`\`\`yaml`, fence.offset);
  const block = parseYamlBlock(trimFinalNewline(fence.content), fence.contentOffset, report);
  if (!block) return empty;
  if (required && (block.value === null || block.value === undefined))
    report.error('empty-output-schema', `"## ${name}" declares no fields`, fence.offset);
  return readFields(block, [], block.value, name, report);
}
