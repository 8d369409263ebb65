import type { CodeSpec } from '../../../ir/nodes.js';
import type { Declarations, Ref } from '../declarations.js';
import { namespaceOf, resolvePath } from '../paths.js';
import type { Reporter } from '../reporter.js';
import { didYouMean } from '../../kit/did-you-mean.js';

/** The codelet (or, when `subgraphs` is true, the subgraph) a reference names, or undefined after reporting. */
export function resolveCodelet(
  ref: Ref,
  from: string,
  decls: Declarations,
  report: Reporter,
  field: string,
  subgraphs: boolean,
): { code: CodeSpec } | { graph: string } | undefined {
  const path = resolvePath(ref.text, namespaceOf(from));
  const found = decls.paths.get(path);
  if (found?.kind === 'codelet')
    return { code: { language: 'python', source: decls.codelets.get(path)!.source, entry: 'main' } };
  if (found?.kind === 'subgraph' && subgraphs) return { graph: path };
  if (decls.unreadable.has(path)) return undefined;
  const candidates = [...decls.paths]
    .filter(([, d]) => d.kind === 'codelet' || (subgraphs && d.kind === 'subgraph'))
    .map(([p]) => p);
  const what = subgraphs ? 'a codelet or a subgraph' : 'a codelet';
  const declare = `declare it: ### AgenticDSL \`${path}\` with type: codelet, runtime: python3.10 and code defining def main(context)`;
  report.error(
    'unknown-codelet',
    found
      ? `${field} \`${ref.text}\` names a ${found.kind}, not ${what}`
      : `${field} \`${ref.text}\` (${path}) is not ${what} of this file${didYouMean(path, candidates)}; ${candidates.length ? `known: ${candidates.join(', ')}; or ` : ''}${declare}`,
    ref.start,
    ref.end,
  );
  return undefined;
}
