import type { Scope, ValueExpr } from '../../../ir/expr.js';
import type { Edge, Graph } from '../../../ir/graph.js';
import type { Node } from '../../../ir/nodes.js';
import { compilePipelineCondition } from '../../../expr/pipeline/index.js';
import { stringOffset } from '../../kit/json/string-offset.js';
import type { SkillManifest } from '../manifest.js';
import type { Reporter } from '../reporter.js';
import { checkCallsMatchPipeline } from './check-calls.js';
import { compileJsonValue } from './json-value.js';
import { orderSteps, type StepOrder } from './order.js';
import { readCheck } from './references.js';
import { readSteps, type StepDecl } from './steps.js';

const START = '__start__';
const OUTPUT = '__output__';
const RETRY_DELAY_MS = 500;

/**
 * Compiles a declarative pipeline into a graph of `call` nodes: each step calls its skill with its
 * compiled input and writes the result at `steps.<name>`; `condition` guards it; steps follow one another,
 * or (with `depends`) form a DAG whose ready steps run concurrently; an `end` node applies `outputMapping`.
 */
export function compilePipeline(manifest: SkillManifest, report: Reporter): Graph | undefined {
  const pipeline = manifest.pipeline!;
  if (!pipeline.items.length) {
    report.error(
      'empty-pipeline',
      `the pipeline has no steps; add one, e.g. {"step": "search", "skill": "memory_search", "input": {"query": "{{input.topic}}"}}`,
      pipeline.start,
      pipeline.end,
    );
    return undefined;
  }
  const steps = readSteps(pipeline, report);
  checkCallsMatchPipeline(manifest.calls, steps, report);
  const order = orderSteps(steps, report);
  if (!order) return undefined;
  const nodes: Node[] = [];
  for (const step of steps) {
    const node = stepNode(manifest, step, steps, order, report);
    if (node) nodes.push(node);
  }
  const output = outputNode(manifest, steps, order, report);
  if (report.failed || !output) return undefined;
  return order.dag ? dagGraph(nodes, steps, order, output) : chainGraph(nodes, output);
}

function stepNode(
  manifest: SkillManifest,
  step: StepDecl,
  steps: readonly StepDecl[],
  order: StepOrder,
  report: Reporter,
): Node | undefined {
  const check = readCheck(manifest.input, steps, order, step.index, report);
  const input = compileJsonValue(step.input, report, check);
  let guard;
  if (step.condition) {
    const text = report.src.text;
    const node = step.condition;
    const at = (i: number) => stringOffset(text, node, i);
    const compiled = compilePipelineCondition(String(node.value), report.ref(at(0)));
    if (!compiled.ok)
      report.error(
        'bad-expression',
        compiled.message,
        at(compiled.offset),
        at(compiled.offset + compiled.length),
      );
    else {
      for (const read of compiled.value.reads) check(read, at(read.start), at(read.end));
      guard = compiled.value;
    }
  }
  if (!input) return undefined;
  const retry = step.retry ?? manifest.retry;
  return {
    kind: 'call',
    id: step.name,
    at: report.ref(step.node.start),
    target: { skill: step.skill },
    input,
    output: { set: ['steps', step.name] },
    ...(guard ? { guard } : {}),
    timeoutMs: step.timeout ?? manifest.timeout,
    ...(retry ? { retry: { max: retry, delayMs: RETRY_DELAY_MS } } : {}),
  };
}

/** The run's output: `outputMapping` evaluated after every step, or the result of the last step that ran. */
function outputNode(
  manifest: SkillManifest,
  steps: readonly StepDecl[],
  order: StepOrder,
  report: Reporter,
): Node | undefined {
  let output: ValueExpr | undefined;
  if (manifest.outputMapping)
    output = compileJsonValue(
      manifest.outputMapping,
      report,
      readCheck(manifest.input, steps, order, 'output', report),
    );
  else {
    const names = steps.map((s) => s.name).reverse();
    output = {
      refs: ['steps'],
      evaluate(scope: Scope) {
        const results = (scope.steps ?? {}) as Record<string, unknown>;
        for (const name of names) if (results[name] !== undefined) return results[name];
        return {};
      },
    };
  }
  return output && { kind: 'end', id: OUTPUT, output };
}

function chainGraph(nodes: Node[], output: Node): Graph {
  const all = [...nodes, output];
  const edges: Edge[] = all.slice(1).map((n, i) => ({ from: all[i].id, to: n.id }));
  return { nodes: all, edges, entry: all[0].id };
}

/** A start node before the steps without dependencies, and the output node after the steps nothing depends on. */
function dagGraph(nodes: Node[], steps: readonly StepDecl[], order: StepOrder, output: Node): Graph {
  const start: Node = { kind: 'assign', id: START, assignments: [] };
  const edges: Edge[] = [];
  const hasSuccessor = new Set<number>();
  steps.forEach((step, i) => {
    if (!order.preds[i].length) edges.push({ from: START, to: step.name });
    for (const p of order.preds[i]) {
      edges.push({ from: steps[p].name, to: step.name });
      hasSuccessor.add(p);
    }
  });
  steps.forEach((step, i) => hasSuccessor.has(i) || edges.push({ from: step.name, to: OUTPUT }));
  return { nodes: [start, ...nodes, output], edges, entry: START };
}
