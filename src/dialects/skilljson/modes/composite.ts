import type { Graph } from '../../../ir/graph.js';
import type { Companions } from '../companions.js';
import { entryOf } from '../../kit/json/json-node.js';
import type { SkillManifest } from '../manifest.js';
import { compilePipeline } from '../pipeline/compile-pipeline.js';
import type { Reporter } from '../reporter.js';
import { compileCodeMode } from './code.js';

/** composite mode: the declarative `pipeline`, or (without one) a pipeline written in index.ts that calls skills through ctx.call. */
export function compileCompositeMode(
  manifest: SkillManifest,
  companions: Companions,
  report: Reporter,
): Graph | undefined {
  if (!manifest.pipeline) return compileCodeMode(manifest, companions, report);
  if (companions.code) {
    const key = entryOf(manifest.root, 'pipeline')!;
    report.warn(
      'code-ignored',
      `both "pipeline" and ${companions.code} are present; the pipeline runs and the code file is ignored`,
      key.keyStart,
      key.keyEnd,
    );
  }
  return compilePipeline(manifest, report);
}
