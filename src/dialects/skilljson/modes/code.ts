import { extname, join } from 'node:path';
import { chain, type Graph } from '../../../ir/graph.js';
import type { CodeNode } from '../../../ir/nodes.js';
import type { Companions } from '../companions.js';
import { entryOf } from '../../kit/json/json-node.js';
import type { SkillManifest } from '../manifest.js';
import type { Reporter } from '../reporter.js';
import { RESULT, resultEnd } from './result-node.js';

const RETRY_DELAY_MS = 500;

/**
 * code mode (and a composite whose pipeline is written in TypeScript): `execute(input, ctx)` exported by
 * index.ts or index.js, loaded at run time. A missing file is a warning here (a host may supply it) and
 * an error when the skill runs.
 */
export function compileCodeMode(manifest: SkillManifest, companions: Companions, report: Reporter): Graph {
  const mode = entryOf(manifest.root, 'mode')!.value;
  const file = companions.code ?? join(companions.source, companions.codeNames[0]);
  if (!companions.code) {
    const what =
      manifest.mode === 'composite' ? 'mode "composite" needs a "pipeline", or' : 'mode "code" needs';
    report.warn(
      'missing-implementation',
      `${what} ${companions.codeNames[0]} (or ${companions.codeNames[2]}) in the same folder, exporting execute(input, ctx); there is none, so running this skill fails until one is added (a host may supply it)`,
      mode.start,
      mode.end,
    );
  }
  const ext = extname(file);
  const node: CodeNode = {
    kind: 'code',
    id: manifest.name,
    at: report.ref(mode.start),
    code: { language: ext === '.js' || ext === '.mjs' ? 'javascript' : 'typescript', file, entry: 'execute' },
    input: { refs: ['input'], evaluate: (scope) => scope.input },
    output: { set: [RESULT] },
    timeoutMs: manifest.timeout,
    ...(manifest.retry ? { retry: { max: manifest.retry, delayMs: RETRY_DELAY_MS } } : {}),
  };
  return chain([node, resultEnd]);
}
