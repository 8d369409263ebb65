import type { SkeinConfig } from '../config/config.js';
import { createLlmService, openHost, type Host } from '../host/index.js';
import type { Diagnostic } from '../ir/diagnostic.js';
import { errorsIn, loadPaths, SkillLibrary, type LoadedUnit } from '../skills/index.js';
import { buildRouteIndex } from '../routing/index.js';
import { REAL_MODEL_LEVELS, type Level } from './case.js';
import { findCases, type BoundCase } from './find-cases.js';
import type { RouteSection } from './route-cases-file.js';
import { evaluateRouting, type RoutingReport } from './route-eval.js';
import { needsRealModel, runCase, type CaseEnvironment } from './run-case.js';
import { SCRIPTED_MODEL, ScriptedModel } from './scripted-model.js';

export interface SuiteOptions {
  paths: readonly string[];
  /** Levels to run; L3 and integration also need a real model. */
  levels: readonly Level[];
  /** Runs of each case; a case passes when its pass rate reaches its `pass_rate`. */
  repeat: number;
  config: SkeinConfig;
  /** `provider:model` for the real-model levels (default: the configured one, or the skill's own). */
  model?: string;
  /** Called as each case finishes. */
  onResult?: (result: CaseResult) => void;
}

/** How a case did over its runs. */
export interface CaseResult {
  skill: string;
  name: string;
  level: Level;
  file: string;
  line: number;
  status: 'passed' | 'failed' | 'skipped';
  runs: number;
  passes: number;
  /** passes / runs (0 when skipped). */
  passRate: number;
  minPassRate: number;
  /** The failures of the last run that failed. */
  failures: string[];
  /** Why the case did not run. */
  skipped?: string;
  /** Mean time of a run. */
  ms: number;
}

export interface SuiteResult {
  cases: CaseResult[];
  /** Problems loading skills or reading cases files. */
  diagnostics: Diagnostic[];
  /** The `route:` cases of each cases file, over all the skills loaded. */
  routing: RoutingReport[];
  /** Cases and routing reports that passed, failed; cases skipped. */
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * Runs the cases.yaml of the skills under `paths`, any dialect: L1/L2 against a scripted local model
 * (so they run in CI), L3/integration with the configured model when asked for and available.
 */
export async function runSuite(o: SuiteOptions): Promise<SuiteResult> {
  const { units } = await loadPaths(o.paths);
  const diagnostics = errorsIn(units.flatMap((u) => u.diagnostics));
  const found = await findCases(
    units.flatMap((u) => u.skills),
    o.paths,
  );
  diagnostics.push(...found.diagnostics);
  const routing = routeCases(units, found.routes, diagnostics);
  const results: CaseResult[] = [];
  const selected = found.cases.filter(
    (b) => o.levels.includes(b.case.level) || REAL_MODEL_LEVELS.includes(b.case.level),
  );
  if (!selected.length) return summary(results, routing, diagnostics);

  const model = await ScriptedModel.start();
  let host: Host | undefined;
  try {
    // One host (tools, code runners, skills); two model services: the scripted one and the configured one.
    host = await openHost(o.config, { model: o.model });
    const scripted = createLlmService({ ...o.config, baseUrl: model.url, apiKey: undefined }, SCRIPTED_MODEL);
    const services = host.runtime.services;
    const env: CaseEnvironment = {
      scripted: { services: { ...services, llm: scripted }, model },
      real: services,
    };
    for (const bound of selected) {
      const result = await runRepeated(bound, env, o);
      results.push(result);
      o.onResult?.(result);
    }
  } finally {
    await host?.close();
    await model.close();
  }
  return summary(results, routing, diagnostics);
}

/** Routes the `route:` cases of each file over every skill loaded (the highest version of each id). */
function routeCases(
  units: readonly LoadedUnit[],
  routes: readonly (RouteSection & { file: string })[],
  diagnostics: Diagnostic[],
): RoutingReport[] {
  if (!routes.length) return [];
  const index = buildRouteIndex(new SkillLibrary(units).all());
  return routes.map((section) => {
    const { report, diagnostics: found } = evaluateRouting(index, section);
    diagnostics.push(...found);
    return report;
  });
}

async function runRepeated(bound: BoundCase, env: CaseEnvironment, o: SuiteOptions): Promise<CaseResult> {
  const c = bound.case;
  const base = {
    skill: bound.skill.id,
    name: c.name,
    level: c.level,
    file: c.file,
    line: c.line,
    minPassRate: c.passRate,
  };
  const skip = (why: string): CaseResult => ({
    ...base,
    status: 'skipped',
    runs: 0,
    passes: 0,
    passRate: 0,
    failures: [],
    skipped: why,
    ms: 0,
  });
  if (!o.levels.includes(c.level))
    return skip(`opt-in: run it with --level ${c.level} and a real model configured`);
  if (needsRealModel(c)) {
    const unavailable = await realModelProblem(env, bound, o.model);
    if (unavailable) return skip(unavailable);
  }
  let passes = 0;
  let total = 0;
  let failures: string[] = [];
  for (let i = 0; i < o.repeat; i++) {
    const run = await runCase(bound, env);
    total += run.ms;
    if (run.failures.length) failures = run.failures;
    else passes++;
  }
  const passRate = passes / o.repeat;
  return {
    ...base,
    status: passRate >= c.passRate ? 'passed' : 'failed',
    runs: o.repeat,
    passes,
    passRate,
    failures,
    ms: Math.round(total / o.repeat),
  };
}

/** Why the real model cannot be used for a case, or undefined when it can. */
async function realModelProblem(
  env: CaseEnvironment,
  bound: BoundCase,
  forced: string | undefined,
): Promise<string | undefined> {
  const llm = env.real?.llm;
  if (!llm) return 'no model service is configured';
  try {
    await llm.check(forced ?? bound.skill.model);
    return undefined;
  } catch (e) {
    return `no real model is available: ${(e as Error).message.split('\n')[0]} (set SKEIN_MODEL or pass --model)`;
  }
}

function summary(cases: CaseResult[], routing: RoutingReport[], diagnostics: Diagnostic[]): SuiteResult {
  const by = (status: CaseResult['status']) => cases.filter((c) => c.status === status).length;
  const routed = (passed: boolean) => routing.filter((r) => r.passed === passed).length;
  return {
    cases,
    diagnostics,
    routing,
    passed: by('passed') + routed(true),
    failed: by('failed') + routed(false),
    skipped: by('skipped'),
  };
}
