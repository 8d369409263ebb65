import type { Graph } from '../ir/graph.js';
import type { Node } from '../ir/nodes.js';
import type { Skill } from '../ir/skill.js';
import { viewEdges } from './view-edges.js';

/**
 * A skill's graph as a Mermaid flowchart: one box per node (its id and what it does, the shape by kind),
 * plain arrows for static edges, dashed arrows for the successors a route chooses at run time, each
 * labelled where it is known when it is taken (view-edges.ts), and each subgraph in a box of its own, with dashed "runs" arrows from the nodes
 * that call it. Works for a skill of any dialect.
 */
export function toMermaid(skill: Skill): string {
  const lines = ['flowchart TD'];
  const graphs: [string, Graph][] = [];
  if (skill.graph) graphs.push(['', skill.graph]);
  for (const [name, g] of Object.entries(skill.subgraphs ?? {})) graphs.push([name, g]);
  const subgraphIds = new Map(graphs.map(([name], gi) => [name, `g${gi}`]));
  const calls: string[] = [];
  graphs.forEach(([name, graph], gi) => {
    const ids = new Map(graph.nodes.map((n, i) => [n.id, `g${gi}n${i}`]));
    const indent = name ? '    ' : '  ';
    if (name) lines.push(`  subgraph g${gi}["${escape(name)}"]`);
    for (const node of graph.nodes)
      lines.push(`${indent}${ids.get(node.id)}${shape(node, node.id === graph.entry)}`);
    for (const e of viewEdges(graph)) {
      const arrow = e.kind === 'next' ? '-->' : '-.->';
      const label = e.label ? `|"${escape(e.label)}"|` : '';
      lines.push(`${indent}${ids.get(e.from)} ${arrow}${label} ${ids.get(e.to)}`);
    }
    if (name) lines.push('  end');
    for (const node of graph.nodes)
      if (node.kind === 'call' && 'graph' in node.target && subgraphIds.has(node.target.graph))
        calls.push(`  ${ids.get(node.id)} -. runs .-> ${subgraphIds.get(node.target.graph)}`);
  });
  return [...lines, ...calls].join('\n') + '\n';
}

/** The node's box: its id, a second line saying what it does, a shape by kind; the entry is marked ▶. */
function shape(node: Node, entry: boolean): string {
  const label = `"${entry ? '▶ ' : ''}${escape(node.id)}<br/>${escape(describeNode(node))}"`;
  switch (node.kind) {
    case 'route':
      return `{${label}}`;
    case 'end':
      return `([${label}])`;
    case 'llm':
    case 'agent':
      return `(${label})`;
    case 'tool':
    case 'call':
      return `[[${label}]]`;
    case 'code':
      return `{{${label}}}`;
    case 'await':
      return `[/${label}/]`;
    default:
      return `[${label}]`;
  }
}

/** What a node does, in a few words: `tool json_select`, `llm`, `call summarize`, `python main()`. */
export function describeNode(node: Node): string {
  switch (node.kind) {
    case 'tool':
      return `tool ${node.tool}`;
    case 'llm':
      return node.model ? `llm ${node.model}` : 'llm';
    case 'call':
      return 'skill' in node.target ? `call ${node.target.skill}` : `run ${node.target.graph}`;
    case 'code':
      return `${node.code.language} ${node.code.entry}()`;
    case 'route':
      return `route by ${node.resolver.language} ${node.resolver.entry}()`;
    case 'assign':
      return node.assignments.length
        ? `assign ${node.assignments.map((a) => a.path.join('.')).join(', ')}`
        : 'pass';
    default:
      return node.kind;
  }
}

/** Text safe inside a quoted Mermaid label. */
function escape(text: string): string {
  return text.replace(/&/g, '#amp;').replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;');
}
