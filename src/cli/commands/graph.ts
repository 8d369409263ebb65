import { existsSync, writeFileSync } from 'node:fs';
import { loadConfig } from '../../config/load-config.js';
import { generateGraph, toMermaid } from '../../graph/index.js';
import { openSkein } from '../../host/index.js';
import { errorsIn, type Diagnostic } from '../../ir/diagnostic.js';
import type { Skill } from '../../ir/skill.js';
import { BadSkillError, loadText } from '../../skills/index.js';
import { ModelConfigError, resolveModel } from '../../models/index.js';
import { parseCommandArgs } from '../args.js';
import { interruptSignal } from '../interrupt.js';
import { printError } from '../print-error.js';
import { graphGenerateSpec, graphSpec } from '../specs/graph.js';
import { colorFor } from '../style.js';
import { UsageError } from '../usage-error.js';

const DEFAULT_OUT = 'graph.agent.md';
const DEFAULT_ATTEMPTS = 3;

/** `skein graph SKILL [--mermaid]` draws a skill's graph; `skein graph generate "<task>"` writes a new AgenticDSL graph. */
export async function graphCommand(argv: string[]): Promise<number> {
  if (argv[0] === 'generate') return generateCommand(argv.slice(1));
  const { values, positionals } = parseCommandArgs(argv, graphSpec.options);
  const json = Boolean(values.json);
  if (positionals.length !== 1)
    throw new UsageError(
      'graph needs exactly one SKILL (a file, a folder, or id[@version]), or: graph generate "<task>"',
    );
  let skill: Skill;
  try {
    skill = await openSkein().skills.resolve(positionals[0]);
  } catch (e) {
    if (!(e instanceof BadSkillError)) throw e;
    return printError(json, e);
  }
  if (!skill.graph)
    return printError(json, {
      code: 'no_graph',
      message: `${skill.id} is a document skill: it has no graph to draw`,
    });
  if (json) process.stdout.write(JSON.stringify(graphJson(skill, Boolean(values.mermaid))) + '\n');
  else process.stdout.write(values.mermaid ? toMermaid(skill) : outline(skill));
  return 0;
}

/** `{id, version, dialect, graphs: {"": {entry, nodes, edges}, <subgraph>: …}, mermaid?}`. */
function graphJson(skill: Skill, mermaid: boolean) {
  const graphs = Object.fromEntries(
    [['', skill.graph!] as const, ...Object.entries(skill.subgraphs ?? {})].map(([name, g]) => [
      name,
      {
        entry: g.entry,
        nodes: g.nodes.map((n) => ({ id: n.id, kind: n.kind })),
        edges: g.edges.map((e) => ({ from: e.from, to: e.to })),
      },
    ]),
  );
  return {
    id: skill.id,
    version: skill.version,
    dialect: skill.dialect,
    graphs,
    ...(mermaid && { mermaid: toMermaid(skill) }),
  };
}

/** One line per node: id, kind, successors; subgraphs after the main graph. */
function outline(skill: Skill): string {
  const c = colorFor(process.stdout);
  const lines = [`${c.bold(`${skill.id}@${skill.version}`)} ${c.dim(skill.dialect)}`];
  const graphs = [['', skill.graph!] as const, ...Object.entries(skill.subgraphs ?? {})];
  for (const [name, graph] of graphs) {
    if (name) lines.push('', c.bold(`subgraph ${name}`));
    for (const node of graph.nodes) {
      const next = graph.edges.filter((e) => e.from === node.id).map((e) => e.to);
      const mark = node.id === graph.entry ? '▶ ' : '  ';
      lines.push(`${mark}${node.id} ${c.dim(node.kind)}${next.length ? ` → ${next.join(', ')}` : ''}`);
    }
  }
  return lines.join('\n') + '\n';
}

/** `skein graph generate "<task>"`. */
async function generateCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, graphGenerateSpec.options);
  if (positionals.length !== 1 || !positionals[0].trim())
    throw new UsageError(
      'graph generate needs the task, in quotes: skein graph generate "summarize a web page"',
    );
  const attempts = values.attempts === undefined ? DEFAULT_ATTEMPTS : Number(values.attempts);
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > 10)
    throw new UsageError('--attempts is a whole number from 1 to 10');
  const out = values.out ?? DEFAULT_OUT;
  if (existsSync(out) && !values.force)
    throw new UsageError(`${out} exists; choose another --out or pass --force to overwrite it`);
  let model;
  try {
    model = resolveModel(values.model, loadConfig());
  } catch (e) {
    if (!(e instanceof ModelConfigError)) throw e;
    return printError(Boolean(values.json), e);
  }
  const c = colorFor(process.stderr);
  const interrupt = interruptSignal();
  try {
    const result = await generateGraph({
      task: positionals[0],
      model,
      attempts,
      signal: interrupt.signal,
      check: (text) => loadText(out, text, { dialect: 'agenticdsl' }).diagnostics,
      onAttempt: (n, diagnostics) => {
        if (values.json) return;
        const errors = errorsIn(diagnostics).length;
        process.stderr.write(
          c.dim(
            `attempt ${n}: ${errors ? `${errors} error${errors === 1 ? '' : 's'}, asking for a fix` : 'valid'}\n`,
          ),
        );
      },
    });
    if (result.ok) writeFileSync(out, result.text);
    if (values.json)
      process.stdout.write(
        JSON.stringify({
          ok: result.ok,
          path: result.ok ? out : null,
          attempts: result.attempts,
          diagnostics: result.diagnostics.map(jsonDiagnostic),
        }) + '\n',
      );
    else if (result.ok)
      process.stdout.write(
        `wrote ${out} (valid after ${result.attempts} attempt${result.attempts === 1 ? '' : 's'})\n`,
      );
    else {
      const lines = errorsIn(result.diagnostics).map(
        (d) => `  line ${d.line}:${d.column}: ${d.code} ${d.message}`,
      );
      process.stderr.write(
        `${c.red(`no valid graph after ${result.attempts} attempts`)}; the last one still had:\n${lines.join('\n')}\n`,
      );
    }
    return result.ok ? 0 : 1;
  } finally {
    interrupt.dispose();
  }
}

function jsonDiagnostic(d: Diagnostic) {
  return { severity: d.severity, code: d.code, message: d.message, line: d.line, column: d.column };
}
