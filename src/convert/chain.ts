import type { Node } from '../ir/nodes.js';
import type { Skill } from '../ir/skill.js';
import { guardOfRoute } from './guards.js';
import { fieldsOf, storedName } from './stored-result.js';

/** What a conversion could not carry: the step (or "skill") and the construct. */
export interface Loss {
  step: string;
  construct: string;
}

/**
 * The skill's steps when its graph is a chain ending at its one `end` (what Aegis and a plain
 * AgenticDSL `/main` both write): the steps in order and the end; losses for anything else.
 */
export function chainOf(skill: Skill): {
  steps: Node[];
  end?: Node;
  lost: Loss[];
  /** Guards written as a route before their step (`guardRoute`), by the step's id: the guard's text. */
  guards: Map<string, string>;
} {
  const guards = new Map<string, string>();
  const lost: Loss[] = [];
  const graph = skill.graph;
  if (!graph)
    return { steps: [], guards, lost: [{ step: skill.id, construct: 'a document skill (no steps)' }] };
  if (Object.keys(skill.subgraphs ?? {}).length) lost.push({ step: skill.id, construct: 'subgraphs' });
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const order: Node[] = [];
  let at: string | undefined = graph.entry;
  const seen = new Set<string>();
  let routes = 0;
  while (at && !seen.has(at)) {
    seen.add(at);
    const node = byId.get(at);
    if (!node) break;
    const out = graph.edges.filter((e) => e.from === at);
    const guarded = guardedStep(node, out, graph.edges, byId);
    if (guarded) {
      guards.set(guarded.step, guarded.text);
      routes++;
      at = guarded.step;
      continue;
    }
    order.push(node);
    if (out.length > 1 || node.kind === 'route') {
      lost.push({ step: at, construct: 'branches (more than one way on)' });
      break;
    }
    at = out[0]?.to;
  }
  // Each guard's route is one node more and two edges more than the chain.
  if (order.length + routes !== graph.nodes.length || graph.edges.length !== order.length - 1 + 2 * routes)
    lost.push({ step: skill.id, construct: 'a graph that is not one chain (fan-out, joins or routes)' });
  const last = order.at(-1);
  const end = last?.kind === 'end' ? last : undefined;
  // A start node (an assignment of nothing) is only where the chain begins.
  const steps = (end ? order.slice(0, -1) : order).filter(
    (n) => n.kind !== 'assign' || n.assignments.length > 0,
  );
  return { steps, end, lost, guards };
}

/** The one variable a step writes, when it writes exactly one top-level name. */
export function singleVar(node: Node): string | undefined {
  const out = 'output' in node && node.kind !== 'end' ? node.output : undefined;
  return out && 'set' in out && out.set.length === 1 ? out.set[0] : undefined;
}

/**
 * The steps whose result is stored under their own name (Aegis steps without varName, whose result
 * older files read as `{{step.output}}` or `{{step.value}}`, which Aegis reads as `{{step}}`).
 */
export function storedByName(steps: readonly Node[]): Set<string> {
  const names = new Set<string>();
  for (const node of steps) {
    const name = node.id.split('/').at(-1) ?? node.id;
    const out = 'output' in node && node.kind !== 'end' ? node.output : undefined;
    const targets = out && 'all' in out ? out.all : out ? [out] : [];
    if (targets.some((t) => 'set' in t && t.set.length === 1 && t.set[0] === name)) names.add(name);
  }
  return names;
}

/** A step id as a local node id of a file (AgenticDSL node, Aegis step) (its last path segment, characters the paths allow). */
export function localId(id: string): string {
  const last = id.split('/').filter(Boolean).at(-1) ?? id;
  const clean = last.replace(/[^A-Za-z0-9_-]/g, '_');
  return clean === 'start' || clean === 'end' ? `${clean}_step` : clean;
}

/**
 * For a tool step whose merged result declares no keys (older Aegis files): the names the steps after
 * it and the skill's output read that neither the input nor another step provides, which can only
 * come from its result.
 */
export function readsOfResult(
  skill: Skill,
  steps: readonly Node[],
  end: Node | undefined,
  tool: Node,
): string[] {
  const after = steps.slice(steps.indexOf(tool) + 1);
  const reads = new Set([...after, ...(end ? [end] : [])].flatMap(refsOf));
  for (const key of Object.keys(skill.output.properties ?? {})) reads.add(key);
  const provided = new Set(Object.keys(skill.input.properties ?? {}));
  for (const n of steps) {
    if (n === tool) continue;
    const name = singleVar(n) ?? storedName(n);
    if (name) provided.add(name);
    if (n.kind === 'tool') (n.declares ?? []).forEach((k) => provided.add(k));
    if (n.kind === 'await') Object.keys(n.inputSchema.properties ?? {}).forEach((k) => provided.add(k));
  }
  return [...reads].filter((r) => !provided.has(r)).sort();
}

/** Whether one of `steps` reads `name`. */
export function readLater(steps: readonly Node[], name: string): boolean {
  return steps.some((n) => refsOf(n).includes(name));
}

/** The root names a step reads. */
function refsOf(node: Node): readonly string[] {
  const guard = node.guard?.refs ?? [];
  switch (node.kind) {
    case 'template':
      return [...guard, ...node.template.refs];
    case 'llm':
      return [...guard, ...node.prompt.refs, ...(node.system?.refs ?? [])];
    case 'await':
      return [...guard, ...node.message.refs];
    case 'assign':
      return [...guard, ...node.assignments.flatMap((a) => a.value.refs)];
    case 'end':
      return node.output.refs;
    default:
      return 'input' in node ? [...guard, ...node.input.refs] : guard;
  }
}

/**
 * A route written for a guard: it leads to its step and to the step's one successor (past the node
 * that copies a stored tool result's fields, which goes with its step).
 */
function guardedStep(
  node: Node,
  out: readonly { from: string; to: string }[],
  edges: readonly { from: string; to: string }[],
  byId: ReadonlyMap<string, Node>,
): { step: string; text: string } | undefined {
  const text = guardOfRoute(node);
  if (text === undefined || out.length !== 2) return undefined;
  const [a, b] = out.map((e) => e.to);
  const only = (x: string) => {
    const next = edges.filter((e) => e.from === x).map((e) => e.to);
    return next.every((y) => y === next[0]) ? next[0] : undefined;
  };
  const leads = (x: string, y: string) => {
    const next = only(x);
    if (next === y) return true;
    const step = byId.get(x);
    const name = step && storedUnderOwnName(step);
    return !!next && !!name && fieldsOf(byId.get(next), name) !== undefined && only(next) === y;
  };
  const step = leads(a, b) ? a : leads(b, a) ? b : undefined;
  return step ? { step, text } : undefined;
}

/** The name a tool step stores its whole result under when that is the step's own (local) name. */
function storedUnderOwnName(node: Node): string | undefined {
  const name = node.id.split('/').at(-1);
  return node.kind === 'tool' &&
    'set' in node.output &&
    node.output.set.length === 1 &&
    node.output.set[0] === name
    ? name
    : undefined;
}
