import type { Node } from 'yaml';
import type { DeclKind, Declarations, Ref } from './declaration-types.js';
import type { Reporter } from './reporter.js';
import { spanOf, type YamlBlock } from '../kit/yaml-block.js';

/** A reference written as a string value, or undefined (with an error) when it is not one. */
export function ref(
  block: YamlBlock,
  node: Node | undefined,
  value: unknown,
  field: string,
  report: Reporter,
): Ref | undefined {
  const [start, end] = spanOf(block, node);
  if (typeof value === 'string' && value) return { text: value, start, end };
  report.error(
    'bad-field',
    `${field} must name a node, e.g. ${field}: ask_user or ${field}: /main/ask_user`,
    start,
    end,
  );
  return undefined;
}

/** Registers a path; a second declaration of the same path is an error. */
export function register(
  out: Declarations,
  path: string,
  kind: DeclKind,
  offset: number,
  report: Reporter,
): boolean {
  const first = out.paths.get(path);
  if (first) {
    const { line } = report.src.position(first.offset);
    report.error(
      'duplicate-id',
      `\`${path}\` is declared twice (first on line ${line}); give each node, subgraph and codelet its own path`,
      offset,
    );
    return false;
  }
  out.paths.set(path, { kind, offset });
  return true;
}
