import type { CallName } from '../manifest.js';
import type { Reporter } from '../reporter.js';
import type { StepDecl } from './steps.js';

/** `calls` must list exactly the skills the pipeline's steps call: each step's skill declared, each declared skill used. */
export function checkCallsMatchPipeline(
  calls: readonly CallName[],
  steps: readonly StepDecl[],
  report: Reporter,
): void {
  const declared = new Set(calls.map((c) => c.name));
  const used = new Set(steps.map((s) => s.skill));
  const reported = new Set<string>();
  for (const step of steps) {
    if (declared.has(step.skill) || reported.has(step.skill)) continue;
    reported.add(step.skill);
    report.error(
      'undeclared-call',
      `step "${step.name}" calls "${step.skill}", which "calls" does not list; add it: "calls": [${[...declared, step.skill].map((n) => JSON.stringify(n)).join(', ')}]`,
      step.skillNode.start,
      step.skillNode.end,
    );
  }
  for (const call of calls)
    if (!used.has(call.name))
      report.error(
        'unused-call',
        `"calls" lists "${call.name}", but no pipeline step calls it; remove it, or add a step with "skill": "${call.name}"`,
        call.start,
        call.end,
      );
}
