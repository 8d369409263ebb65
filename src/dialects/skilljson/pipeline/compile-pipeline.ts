import type { Scope, ValueExpr } from '../../../ir/expr.js';
import type { Edge, Graph } from '../../../ir/graph.js';
import type { Node } from '../../../ir/nodes.js';
import { compilePipelineCondition, compilePipelineValue } from '../../../expr/pipeline/index.js';
import type { Condition } from '../../../ir/expr.js';
import { toValue } from '../../kit/json/json-node.js';
import { stringOffset } from '../../kit/json/string-offset.js';
import type { SkillManifest } from '../manifest.js';
import type { Reporter } from '../reporter.js';
import { checkCallsMatchPipeline } from './check-calls.js';
import { compileJsonValue, type ReadCheck } from './json-value.js';
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
 * A `foreach` step calls its skill once per element (`item`) and writes `steps.<name>.results`, in element
 * order; when its list is not a list the step is skipped, as in OpenEvo's engine.
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
  const check = readCheck(manifest.input, steps, order, step.index, report, step.foreach !== undefined);
  const input = compileJsonValue(step.input, report, check);
  let guard: Condition | undefined;
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
  const items = step.foreach
    ? compileForeach(step, readCheck(manifest.input, steps, order, step.index, report), report)
    : null;
  if (!input || items === undefined) return undefined;
  const retry = step.retry ?? manifest.retry;
  if (items) guard = listGuard(items, guard);
  return {
    kind: 'call',
    id: step.name,
    at: report.ref(step.node.start),
    target: { skill: step.skill },
    input: { ...input, written: toValue(step.input) },
    output: { set: items ? ['steps', step.name, 'results'] : ['steps', step.name] },
    ...(guard ? { guard } : {}),
    timeoutMs: step.timeout ?? manifest.timeout,
    ...(retry ? { retry: { max: retry, delayMs: step.retryDelay ?? RETRY_DELAY_MS } } : {}),
    ...(items
      ? {
          each: {
            items: { ...items, written: String(step.foreach!.value) },
            as: 'item',
            concurrency: step.maxConcurrency ?? 1,
          },
        }
      : {}),
    ...(step.continueOnError ? { continueOnError: true } : {}),
  };
}

/** The list a `foreach` step runs over; undefined (reported) when its expression has errors. */
function compileForeach(step: StepDecl, check: ReadCheck, report: Reporter): ValueExpr | undefined {
  const node = step.foreach!;
  const at = (i: number) => stringOffset(report.src.text, node, i);
  const compiled = compilePipelineValue(String(node.value).trim(), report.ref(at(0)));
  if (!compiled.ok) {
    report.error(
      'bad-expression',
      compiled.message,
      at(compiled.offset),
      at(compiled.offset + compiled.length),
    );
    return undefined;
  }
  for (const read of compiled.value.reads) check(read, at(read.start), at(read.end));
  return compiled.value;
}

/** The step's guard, also false when its list is not a list (OpenEvo's engine then skips the step). */
function listGuard(items: ValueExpr, guard: Condition | undefined): Condition {
  return {
    source: guard ? `${guard.source} and foreach is a list` : 'foreach is a list',
    refs: [...new Set([...(guard?.refs ?? []), ...items.refs])],
    test: (scope) => (!guard || guard.test(scope)) && Array.isArray(items.evaluate(scope)),
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
  if (manifest.outputMapping) {
    output = compileJsonValue(
      manifest.outputMapping,
      report,
      readCheck(manifest.input, steps, order, 'output', report),
    );
    if (output) output = { ...output, written: toValue(manifest.outputMapping) };
  } else {
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
