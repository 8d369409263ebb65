/**
 * Minimal correct forms, quoted in messages so that whoever wrote the file (often an LLM) sees what to
 * write instead. Flow-style YAML keeps each on one line of a diagnostic.
 */
export const EXAMPLES = {
  start: '{type: start, next: [ask_user]}',
  end: '{type: end, output_keys: [answer]}',
  assign: '{type: assign, assign: {user.name: "{{ name }}", greeting: "Hello {{ name }}"}, next: [reply]}',
  tool_call:
    '{type: tool_call, tool: web_search, arguments: {query: "{{ topic }}"}, output_keys: [results], next: [summarize]}',
  llm_call: '{type: llm_call, prompt_template: "Summarize: {{ text }}", output_keys: [summary], next: [end]}',
  codelet_call: '{type: codelet_call, codelet: /codelets/validate_email, next: [check]}',
  dynamic_next: '{type: dynamic_next, resolver: /codelets/route_intent, fallback_next: [unknown_intent]}',
  codelet: 'type: codelet, runtime: python3.10, code: "def main(context):\\n    return {\\"ok\\": True}"',
  resource: '{type: resource, resource_type: file, uri: "/data/cache.json", scope: global}',
  subgraph:
    '{graph_type: subgraph, entry: start, nodes: [{id: start, type: start, next: [done]}, {id: done, type: end}]}',
  meta: '{execution_budget: {max_nodes: 20, max_llm_calls: 5, max_duration_sec: 60}}',
  heading: '### AgenticDSL `/main/ask_user`',
  markers:
    'the block\'s first line is "# --- BEGIN AgenticDSL ---" and its last line "# --- END AgenticDSL ---"',
} as const;

/** The node types a graph can hold: the spec's, then the engine's newer fork and join. */
export const NODE_TYPES = [
  'start',
  'end',
  'assign',
  'tool_call',
  'llm_call',
  'codelet_call',
  'dynamic_next',
  'fork',
  'join',
] as const;
/** One of the node types. */
export type NodeType = (typeof NODE_TYPES)[number];
