/** What each top-level skill.json field holds, with an example, for messages about it. */
export const FIELD_HINTS: Readonly<Record<string, string>> = {
  name: 'the function name in snake_case, e.g. "name": "code_review"',
  description:
    'what the skill does, for people and for the model that chooses it, e.g. "description": "Reviews code for security and quality"',
  category: 'a group such as "代码", "记忆", "文本", "搜索" or "工作流", e.g. "category": "文本"',
  input:
    'the JSON Schema of the input, e.g. "input": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}',
  output:
    'the JSON Schema of the result, e.g. "output": {"type": "object", "properties": {"summary": {"type": "string"}}}',
  mode: '"code" (execute() in index.ts), "llm" (system prompt in prompt.md) or "composite" (a pipeline of other skills)',
  calls: 'the names of the skills it calls, e.g. "calls": ["memory_search", "summarize"]',
  pipeline:
    'a list of steps, e.g. "pipeline": [{"step": "search", "skill": "memory_search", "input": {"query": "{{input.topic}}"}}]',
  outputMapping:
    'output fields from step results, e.g. "outputMapping": {"summary": "{{steps.summarize.summary}}"}',
  version: 'a semantic version, e.g. "version": "1.0.0"',
  tags: 'a list of words, e.g. "tags": ["search", "memory"]',
  author: 'a name, e.g. "author": "openevo"',
  timeout: 'milliseconds, e.g. "timeout": 30000',
  retry: 'how many extra attempts after a failure, e.g. "retry": 1',
};

/** What each field of a pipeline step holds. */
export const STEP_HINTS: Readonly<Record<string, string>> = {
  step: 'the step\'s name, which later values read as steps.<name>, e.g. "step": "search"',
  skill: 'the name of the skill it calls, e.g. "skill": "memory_search"',
  input: 'the called skill\'s input, e.g. "input": {"query": "{{input.topic}}"}',
  condition:
    'a value that must be truthy for the step to run, e.g. "condition": "{{steps.search.count > 0}}"',
};

/** `Apple Notes` → `apple_notes`: the nearest snake_case name, for messages. */
export function snakeCase(name: string): string {
  const s = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(s) ? s : `skill_${s}`;
}
