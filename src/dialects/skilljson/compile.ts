import { basename } from 'node:path';
import type { SourceRef } from '../../ir/expr.js';
import type { Graph } from '../../ir/graph.js';
import { SourceText } from '../../ir/source.js';
import type { LoadResult, Skill } from '../../ir/skill.js';
import { checkSchemas } from './check-schemas.js';
import type { Companions } from './companions.js';
import { entryOf, type JsonObject } from '../kit/json/json-node.js';
import { parseJson } from '../kit/json/parse-json.js';
import { readManifest, type SkillManifest } from './manifest.js';
import { checkMeta } from './meta/check-meta.js';
import { compileCodeMode } from './modes/code.js';
import { compileCompositeMode } from './modes/composite.js';
import { compileLlmMode } from './modes/llm.js';
import { Reporter } from './reporter.js';

/**
 * Parses and checks one skill.json (with its prompt.md or index.ts) and compiles it to the IR; the skill
 * is returned only when there are no errors. The run's input is at `input`, step results at `steps.<name>`.
 */
export function compileSkillJson(file: string, text: string, companions: Companions): LoadResult {
  const report = new Reporter(new SourceText(file, text));
  const parsed = parseJson(text);
  if (!parsed.ok) {
    report.error(
      'bad-json',
      `${basename(file)} is not valid JSON: ${parsed.message}`,
      parsed.offset,
      parsed.offset + parsed.length,
    );
    return { skills: [], diagnostics: report.diagnostics };
  }
  for (const d of parsed.duplicates)
    report.error(
      'duplicate-key',
      `"${d.key}" appears twice in the same object; JSON keeps only the last one, so remove one of them`,
      d.keyStart,
      d.keyEnd,
    );
  if (!checkMeta(parsed.root, report)) return { skills: [], diagnostics: report.diagnostics };
  const manifest = readManifest(parsed.root as JsonObject, report);
  checkSchemas(manifest, report);
  warnIgnoredFields(manifest, report);
  const graph = compileMode(manifest, companions, report);
  if (report.failed || !graph) return { skills: [], diagnostics: report.diagnostics };
  return { skills: [toSkill(manifest, graph, companions, report)], diagnostics: report.diagnostics };
}

function compileMode(manifest: SkillManifest, companions: Companions, report: Reporter): Graph | undefined {
  switch (manifest.mode) {
    case 'llm':
      return compileLlmMode(manifest, companions, report);
    case 'code':
      return compileCodeMode(manifest, companions, report);
    case 'composite':
      return compileCompositeMode(manifest, companions, report);
  }
}

/** `pipeline` and `outputMapping` only mean something to a composite with a pipeline. */
function warnIgnoredFields(manifest: SkillManifest, report: Reporter): void {
  if (manifest.mode === 'code' && manifest.pipeline) {
    const key = entryOf(manifest.root, 'pipeline')!;
    report.warn(
      'pipeline-ignored',
      `"pipeline" is for mode "composite"; in mode "code" it is ignored`,
      key.keyStart,
      key.keyEnd,
    );
  }
  if (manifest.outputMapping && !(manifest.mode === 'composite' && manifest.pipeline)) {
    const key = entryOf(manifest.root, 'outputMapping')!;
    report.warn(
      'output-mapping-ignored',
      `"outputMapping" maps the steps of a composite "pipeline"; here it is ignored`,
      key.keyStart,
      key.keyEnd,
    );
  }
}

function toSkill(manifest: SkillManifest, graph: Graph, companions: Companions, report: Reporter): Skill {
  const callSites: SourceRef[] = manifest.calls.map((c) => report.ref(c.start));
  return {
    id: manifest.name,
    version: manifest.version,
    dialect: 'skilljson',
    description: manifest.description,
    tags: manifest.tags,
    source: companions.source,
    // skill.json's meta-schema is closed, so its words for routing are its tags and category.
    routing: { category: manifest.category, aliases: [], triggers: [], headings: [] },
    input: manifest.input,
    output: manifest.output,
    inputAt: ['input'],
    graph,
    calls: manifest.calls.map((c) => c.name),
    callSites,
    meta: {
      mode: manifest.mode,
      category: manifest.category,
      ...(manifest.author ? { author: manifest.author } : {}),
    },
  };
}
