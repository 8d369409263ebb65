import { basename } from 'node:path';
import type { JsonSchema } from '../../ir/schema.js';
import { SourceText } from '../../ir/source.js';
import type { LoadResult, Skill } from '../../ir/skill.js';
import { markdownHeadings } from '../kit/headings.js';
import { checkCodelet } from './codelets.js';
import { derivedInput } from './input-fields.js';
import { readDeclarations } from './declarations.js';
import { buildGraphs } from './graph/build.js';
import { readMeta } from './meta.js';
import { compileNode } from './nodes/index.js';
import { Reporter } from './reporter.js';
import { readResources } from './resources.js';
import { scanAgenticDsl } from './scan.js';

const VERSION = '1.0.0';

/**
 * Parses and checks one AgenticDSL file and builds its skill: the main graph, its subgraphs, the budget
 * of `/__meta__`, its input (`/__meta__` `input_schema`, else the fields the graph reads) with the
 * resources as the input's `resources` default. The skill is returned only when
 * there are no errors.
 */
export function compileAgenticDsl(file: string, text: string): LoadResult {
  const report = new Reporter(new SourceText(file, text));
  const blocks = scanAgenticDsl(text);
  if (!blocks.length)
    report.error(
      'no-blocks',
      'no AgenticDSL blocks: each node starts with a heading such as ### AgenticDSL `/main/ask_user` followed by a ```yaml block',
      0,
    );
  const decls = readDeclarations(blocks, text, report);
  for (const c of decls.codelets.values()) checkCodelet(c, report);
  const meta = readMeta(decls, report);
  const resources = readResources(decls, report);
  const compiled = decls.nodes.map((d) => compileNode(d, { report, decls }));
  const graphs = buildGraphs(compiled, decls, meta, report);
  if (report.failed || !graphs.main) return { skills: [], diagnostics: report.diagnostics };
  const input = inputSchema(
    meta.inputSchema ?? derivedInput([graphs.main, ...Object.values(graphs.subgraphs)]),
    resources,
  );
  const skill: Skill = {
    id: (
      meta.name ??
      basename(file)
        .replace(/\.md$/i, '')
        .replace(/\.agent$/i, '')
    ).replace(/[^\p{L}\p{N}_-]+/gu, '_'),
    version: VERSION,
    dialect: 'agenticdsl',
    description: meta.description ?? '',
    tags: meta.tags,
    source: file,
    routing: { aliases: meta.aliases, triggers: [], headings: proseHeadings(text) },
    input,
    output: meta.outputSchema ?? {},
    inputAt: [],
    graph: graphs.main,
    ...(Object.keys(graphs.subgraphs).length ? { subgraphs: graphs.subgraphs } : {}),
    ...(meta.budget ? { budget: meta.budget } : {}),
  };
  return { skills: [skill], diagnostics: report.diagnostics };
}

/** The run's input: as `/__meta__` declares it, or as derived from the graph; `resources` as a default. */
function inputSchema(declared: JsonSchema | undefined, resources: Record<string, unknown>): JsonSchema {
  const schema: JsonSchema = declared ?? { type: 'object' };
  if (!Object.keys(resources).length) return schema;
  return {
    ...schema,
    properties: { ...schema.properties, resources: { type: 'object', default: resources } },
  };
}

/** The file's own headings (not the `### AgenticDSL` ones that open blocks): what the graph is about. */
function proseHeadings(text: string): string[] {
  return markdownHeadings(text).filter((h) => !/^AgenticDSL\b/i.test(h));
}
