import { isMap, isSeq, type Document, type LineCounter, type Node as YamlNode } from 'yaml';
import { DEFAULT_ROUTE_TARGETS, MAIN_SET, type RouteCase, type RouteTargets } from './route-case.js';

const ROUTE_KEYS = ['request', 'expect', 'set'];

/** The routing part of a cases.yaml: `route:` cases and `route_targets:`. */
export interface RouteSection {
  cases: RouteCase[];
  targets: RouteTargets;
}

/**
 * Reads `route:` (a list of `{request, expect, set?}`; `expect: none` for a request no skill should take)
 * and `route_targets: {top1, none}` (default the lexical stage's targets, 0.85 and 0.7). Undefined when
 * the file has no `route:`.
 */
export function readRouteSection(
  file: string,
  doc: Document,
  lines: LineCounter,
  report: (node: YamlNode | null | undefined, code: string, message: string) => void,
): RouteSection | undefined {
  const root = doc.contents;
  if (!isMap(root) || !root.has('route')) return undefined;
  const list = root.get('route', true) as YamlNode;
  const targets = readTargets(root.get('route_targets', true) as YamlNode | undefined, report);
  if (!isSeq(list)) {
    report(list, 'bad-route', 'route is a list of {request: "…", expect: <skill id or none>}');
    return { cases: [], targets };
  }
  const cases: RouteCase[] = [];
  list.items.forEach((item, i) => {
    const node = item as YamlNode;
    const value: unknown = isMap(node) ? node.toJSON() : undefined;
    const fail = (message: string) => report(node, 'bad-route', `route case ${i + 1}: ${message}`);
    if (!isRecord(value)) return fail('a route case is a map: {request: "…", expect: <skill id or none>}');
    const unknown = Object.keys(value).filter((k) => !ROUTE_KEYS.includes(k));
    if (unknown.length) return fail(`unknown key "${unknown[0]}"; a route case has ${ROUTE_KEYS.join(', ')}`);
    if (typeof value.request !== 'string' || !value.request.trim())
      return fail('request must be the text of a request');
    if (value.expect !== null && (typeof value.expect !== 'string' || !value.expect.trim()))
      return fail('expect must be a skill id, or none for a request no skill should take');
    if (value.set !== undefined && (typeof value.set !== 'string' || !value.set.trim()))
      return fail('set must be a name, such as holdout');
    cases.push({
      request: value.request,
      expect: value.expect === null || value.expect === 'none' ? null : value.expect,
      set: (value.set as string | undefined) ?? MAIN_SET,
      file,
      line: lines.linePos(node.range?.[0] ?? 0).line,
    });
  });
  return { cases, targets };
}

function readTargets(
  node: YamlNode | undefined,
  report: (node: YamlNode | null | undefined, code: string, message: string) => void,
): RouteTargets {
  if (node === undefined) return DEFAULT_ROUTE_TARGETS;
  const value: unknown = node.toJSON();
  const rate = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 1;
  if (
    !isRecord(value) ||
    Object.keys(value).some((k) => k !== 'top1' && k !== 'none') ||
    (value.top1 !== undefined && !rate(value.top1)) ||
    (value.none !== undefined && !rate(value.none))
  ) {
    report(node, 'bad-route', 'route_targets is {top1: 0.85, none: 0.7}: rates from 0 to 1');
    return DEFAULT_ROUTE_TARGETS;
  }
  return {
    top1: (value.top1 as number | undefined) ?? DEFAULT_ROUTE_TARGETS.top1,
    none: (value.none as number | undefined) ?? DEFAULT_ROUTE_TARGETS.none,
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
