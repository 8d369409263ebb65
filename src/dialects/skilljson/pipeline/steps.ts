import {
  entryOf,
  type JsonArray,
  type JsonNode,
  type JsonObject,
  type JsonScalar,
} from '../../kit/json/json-node.js';
import type { Reporter } from '../reporter.js';

/** One pipeline step as written, with the nodes later checks point at. */
export interface StepDecl {
  index: number;
  node: JsonObject;
  name: string;
  nameNode: JsonScalar;
  skill: string;
  skillNode: JsonScalar;
  input: JsonObject;
  condition?: JsonScalar;
  /** The steps named in `depends`, with their nodes; undefined when the step has no `depends`. */
  depends?: { name: string; node: JsonNode }[];
  timeout?: number;
  retry?: number;
  /** OpenEvo's engine: the first retry's delay in ms (doubling, at most 30 s). */
  retryDelay?: number;
  /** OpenEvo's engine: `"{{expr}}"`, a list to call the skill once per element of (`item` in the input). */
  foreach?: JsonScalar;
  /** OpenEvo's engine: calls over the list at once (1 or unset: one by one; 0: all). */
  maxConcurrency?: number;
  /** OpenEvo's engine: a failed call gives `{_error, _failed: true}` and the pipeline goes on. */
  continueOnError?: boolean;
}

const KNOWN_KEYS = new Set([
  'step',
  'skill',
  'input',
  'condition',
  'depends',
  'timeout',
  'retry',
  'retryDelay',
  'foreach',
  'maxConcurrency',
  'continueOnError',
]);
const KEY_LIST = [...KNOWN_KEYS].join(', ');

/**
 * Reads the steps of a pipeline that passed the meta-schema: unique names, `depends` naming other steps,
 * positive `timeout` and whole `retry`, and the OpenEvo engine's `foreach`, `maxConcurrency`,
 * `continueOnError` and `retryDelay`; unknown keys are warnings (they are ignored).
 */
export function readSteps(pipeline: JsonArray, report: Reporter): StepDecl[] {
  const steps: StepDecl[] = [];
  const names = new Map<string, StepDecl>();
  pipeline.items.forEach((item, index) => {
    const node = item as JsonObject;
    const nameNode = entryOf(node, 'step')!.value as JsonScalar;
    const step: StepDecl = {
      index,
      node,
      name: String(nameNode.value),
      nameNode,
      skill: String((entryOf(node, 'skill')!.value as JsonScalar).value),
      skillNode: entryOf(node, 'skill')!.value as JsonScalar,
      input: entryOf(node, 'input')!.value as JsonObject,
      condition: entryOf(node, 'condition')?.value as JsonScalar | undefined,
    };
    if (!step.name.trim() || step.name.startsWith('__'))
      report.error(
        'bad-step-name',
        `step names must be non-empty and not start with "__" (Skein's own nodes use that); e.g. "step": "search"`,
        nameNode.start,
        nameNode.end,
      );
    const twin = names.get(step.name);
    if (twin)
      report.error(
        'duplicate-step',
        `step "${step.name}" is defined twice (also step ${twin.index + 1}); give each step its own name, which values read as steps.<name>`,
        nameNode.start,
        nameNode.end,
      );
    else names.set(step.name, step);
    if (!step.skill.trim())
      report.error(
        'bad-field',
        'pipeline step "skill" must name the skill it calls, e.g. "skill": "memory_search"',
        step.skillNode.start,
        step.skillNode.end,
      );
    for (const e of node.entries) readExtra(step, e.key, e.value, e.keyStart, e.keyEnd, report);
    steps.push(step);
  });
  for (const step of steps)
    for (const dep of step.depends ?? []) {
      if (dep.name === step.name)
        report.error(
          'bad-depends',
          `step "${step.name}" cannot depend on itself`,
          dep.node.start,
          dep.node.end,
        );
      else if (!names.has(dep.name))
        report.error(
          'bad-depends',
          `step "${step.name}" depends on "${dep.name}", which is no step of this pipeline; the steps are ${[...names.keys()].join(', ')}`,
          dep.node.start,
          dep.node.end,
        );
    }
  return steps;
}

function readExtra(
  step: StepDecl,
  key: string,
  value: JsonNode,
  keyStart: number,
  keyEnd: number,
  report: Reporter,
): void {
  if (key === 'depends') {
    if (value.kind !== 'array' || value.items.some((i) => i.kind !== 'string'))
      return report.error(
        'bad-depends',
        `"depends" lists the names of steps that must finish first, e.g. "depends": ["search"]`,
        value.start,
        value.end,
      );
    step.depends = value.items.map((i) => ({ name: String((i as JsonScalar).value), node: i }));
  } else if (key === 'timeout') {
    if (value.kind !== 'number' || !((value.value as number) > 0))
      return report.error(
        'bad-field',
        'a step\'s "timeout" is a positive number of milliseconds, e.g. "timeout": 10000',
        value.start,
        value.end,
      );
    step.timeout = value.value as number;
  } else if (key === 'retry') {
    if (value.kind !== 'number' || !Number.isInteger(value.value) || (value.value as number) < 0)
      return report.error(
        'bad-field',
        'a step\'s "retry" is a whole number of extra attempts, e.g. "retry": 1',
        value.start,
        value.end,
      );
    step.retry = value.value as number;
  } else if (key === 'retryDelay' || key === 'maxConcurrency') {
    if (value.kind !== 'number' || !Number.isInteger(value.value) || (value.value as number) < 0)
      return report.error(
        'bad-field',
        key === 'retryDelay'
          ? 'a step\'s "retryDelay" is a whole number of milliseconds, e.g. "retryDelay": 1000'
          : 'a step\'s "maxConcurrency" is a whole number: 1 calls one element at a time, 0 all at once, e.g. "maxConcurrency": 4',
        value.start,
        value.end,
      );
    step[key] = value.value as number;
  } else if (key === 'continueOnError') {
    if (value.kind !== 'boolean')
      return report.error('bad-field', '"continueOnError" is true or false', value.start, value.end);
    step.continueOnError = value.value as boolean;
  } else if (key === 'foreach') {
    if (value.kind !== 'string' || !/^\s*\{\{[\s\S]*\}\}\s*$/.test(String(value.value)))
      return report.error(
        'bad-field',
        '"foreach" is one {{ }} expression giving a list, e.g. "foreach": "{{steps.search.results}}"; each element is item in the step\'s input',
        value.start,
        value.end,
      );
    step.foreach = value as JsonScalar;
  } else if (!KNOWN_KEYS.has(key)) {
    report.warn(
      'unknown-step-field',
      `"${key}" is not a pipeline step field; it is ignored (a step has ${KEY_LIST})`,
      keyStart,
      keyEnd,
    );
  }
}
