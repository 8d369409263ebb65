import { isMap, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import type { Diagnostic } from '../ir/diagnostic.js';
import { LEVELS, type Expectations, type Level, type TestCase } from './case.js';
import type { FakeReply } from './fake-openai.js';
import { readRouteSection, type RouteSection } from './route-cases-file.js';

/** What a cases.yaml holds: its cases, the skill it names for all of them, and its problems. */
export interface CasesFile {
  file: string;
  skill?: string;
  cases: TestCase[];
  /** `route:` cases and their targets, when the file has them. */
  route?: RouteSection;
  diagnostics: Diagnostic[];
}

const CASE_KEYS = [
  'name',
  'level',
  'skill',
  'input',
  'script',
  'model',
  'tools',
  'answers',
  'expect',
  'rubric',
  'pass_rate',
  'timeout_ms',
];
const EXPECT_KEYS = [
  'status',
  'output',
  'await',
  'error',
  'value',
  'prompt',
  'tools_called',
  'tools_refused',
  'events',
];
const PROMPT_KEYS = ['system_contains', 'system_not_contains', 'user_contains', 'max_tokens'];
const STATUSES = ['completed', 'awaiting', 'failed', 'refused'];

/**
 * Reads a cases.yaml: `cases:` (a list), optionally `skill:` for all of them, and `route:` cases (see
 * route-cases-file.ts); a file may hold only routing cases, or only `evals:`. Each case has a
 * `name`; its `level` defaults to L2 for a `script` case and L1 otherwise. Problems are diagnostics
 * with positions; a case with a problem is left out.
 */
export function parseCasesFile(file: string, text: string): CasesFile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const diagnostics: Diagnostic[] = [];
  const at = (node: YamlNode | null | undefined) => lines.linePos(node?.range?.[0] ?? 0);
  const report = (node: YamlNode | null | undefined, code: string, message: string) => {
    const { line, col } = at(node);
    diagnostics.push({ file, line, column: col, severity: 'error', code: `test/${code}`, message });
  };
  for (const e of doc.errors) {
    const { line, col } = lines.linePos(e.pos[0]);
    diagnostics.push({
      file,
      line,
      column: col,
      severity: 'error',
      code: 'test/yaml',
      message: `YAML: ${e.message.split('\n')[0]}`,
    });
  }
  if (diagnostics.length) return { file, cases: [], diagnostics };
  const root = doc.contents;
  const top = doc.toJS() as unknown;
  if (!isMap(root) || !isRecord(top)) {
    report(
      root,
      'bad-file',
      'a cases file is a map: "cases:" followed by a list of cases, each with a "name"',
    );
    return { file, cases: [], diagnostics };
  }
  const skill = typeof top.skill === 'string' ? top.skill : undefined;
  if (top.skill !== undefined && !skill)
    report(
      root.get('skill', true) as YamlNode,
      'bad-field',
      'skill must be a skill id, e.g. skill: loan-intake',
    );
  const route = readRouteSection(file, doc, lines, report);
  const list = root.get('cases', true) as YamlNode | undefined;
  // A file may hold only routing cases, or only `evals:` (read by `skein eval`, src/evals).
  if ((route || root.has('evals')) && list === undefined)
    return { file, skill, cases: [], route, diagnostics };
  if (!isSeq(list)) {
    report(
      list ?? root,
      'no-cases',
      'the file has no "cases:" list; add cases: followed by "- name: …" entries',
    );
    return { file, skill, cases: [], route, diagnostics };
  }
  const cases: TestCase[] = [];
  const names = new Set<string>();
  list.items.forEach((item, i) => {
    const node = item as YamlNode;
    const value = (top.cases as unknown[])[i];
    const before = diagnostics.length;
    const fail = (key: string | undefined, message: string) =>
      report(
        key && isMap(node) ? ((node.get(key, true) as YamlNode | undefined) ?? node) : node,
        'bad-case',
        `case ${i + 1}: ${message}`,
      );
    const c = readCase(value, fail);
    if (c && names.has(c.name))
      fail('name', `the name "${c.name}" is used twice; give each case its own name`);
    if (!c || diagnostics.length > before) return;
    names.add(c.name);
    cases.push({ ...c, file, line: at(node).line });
  });
  return { file, skill, cases, route, diagnostics };
}

type Fail = (key: string | undefined, message: string) => void;

function readCase(value: unknown, fail: Fail): Omit<TestCase, 'file' | 'line'> | undefined {
  if (!isRecord(value)) return void fail(undefined, 'a case is a map with at least a "name"');
  for (const key of Object.keys(value))
    if (!CASE_KEYS.includes(key)) fail(key, `unknown key "${key}"; a case may have ${CASE_KEYS.join(', ')}`);
  if (typeof value.name !== 'string' || !value.name.trim())
    return void fail('name', 'a case needs a "name": a sentence saying what it checks');
  const script = optionalString(value, 'script', fail);
  const level = (value.level ?? (script ? 'L2' : 'L1')) as Level;
  if (!LEVELS.includes(level)) fail('level', `level must be one of ${LEVELS.join(', ')}`);
  const expect = readExpect(value.expect, fail);
  const model = value.model === undefined ? undefined : readReplies(value.model, fail);
  const tools = value.tools ?? {};
  if (!isRecord(tools))
    fail('tools', 'tools maps tool names to the output each returns, e.g. tools: {file__parse: {text: "…"}}');
  const answers = value.answers ?? [];
  if (!Array.isArray(answers))
    fail('answers', 'answers is a list: one answer (a map of fields) per pause of the run');
  const passRate = value.pass_rate ?? 1;
  if (typeof passRate !== 'number' || passRate < 0 || passRate > 1)
    fail('pass_rate', 'pass_rate is a number from 0 to 1');
  const timeoutMs = value.timeout_ms ?? 60_000;
  if (typeof timeoutMs !== 'number' || timeoutMs <= 0)
    fail('timeout_ms', 'timeout_ms is a positive number of milliseconds');
  const rubric = optionalString(value, 'rubric', fail);
  if (level === 'L3' && !rubric)
    fail('rubric', 'an L3 case needs a "rubric": what a grader model checks the response against');
  return {
    name: value.name,
    level,
    skill: optionalString(value, 'skill', fail),
    input: value.input ?? {},
    script,
    model,
    tools: isRecord(tools) ? tools : {},
    answers: Array.isArray(answers) ? answers : [],
    expect,
    rubric,
    passRate: typeof passRate === 'number' ? passRate : 1,
    timeoutMs: typeof timeoutMs === 'number' ? timeoutMs : 60_000,
  };
}

function readExpect(value: unknown, fail: Fail): Expectations {
  if (value === undefined) return {};
  if (!isRecord(value)) return (fail('expect', 'expect is a map, e.g. expect: {status: completed}'), {});
  for (const key of Object.keys(value))
    if (!EXPECT_KEYS.includes(key))
      fail('expect', `expect has an unknown key "${key}"; known: ${EXPECT_KEYS.join(', ')}`);
  if (value.status !== undefined && !STATUSES.includes(value.status as string))
    fail('expect', `expect.status must be one of ${STATUSES.join(', ')}`);
  for (const key of ['tools_called', 'tools_refused', 'events'])
    if (value[key] !== undefined && !isStrings(value[key]))
      fail('expect', `expect.${key} is a list of names`);
  const prompt = value.prompt;
  if (prompt !== undefined) {
    if (!isRecord(prompt))
      fail(
        'expect',
        'expect.prompt is a map: system_contains, system_not_contains, user_contains, max_tokens',
      );
    else
      for (const [key, v] of Object.entries(prompt)) {
        if (!PROMPT_KEYS.includes(key))
          fail('expect', `expect.prompt has an unknown key "${key}"; known: ${PROMPT_KEYS.join(', ')}`);
        else if (key === 'max_tokens' ? typeof v !== 'number' : !isStrings(v))
          fail(
            'expect',
            `expect.prompt.${key} must be ${key === 'max_tokens' ? 'a number' : 'a list of texts'}`,
          );
      }
  }
  return value as Expectations;
}

/** Model replies: `text` and/or `tool_calls` (`name`, `arguments`), or `json` (sent as its JSON text). */
function readReplies(value: unknown, fail: Fail): FakeReply[] {
  if (!Array.isArray(value))
    return (fail('model', 'model is a list of replies, e.g. - text: "…" or - json: {…}'), []);
  return value.map((reply, i) => {
    if (!isRecord(reply)) return (fail('model', `model reply ${i + 1} is not a map`), { text: '' });
    const calls = reply.tool_calls;
    if (
      calls !== undefined &&
      (!Array.isArray(calls) || !calls.every((c) => isRecord(c) && typeof c.name === 'string'))
    )
      fail('model', `model reply ${i + 1}: tool_calls is a list of {name, arguments}`);
    const toolCalls = Array.isArray(calls)
      ? calls
          .filter(isRecord)
          .map((c) => ({ name: String(c.name), arguments: isRecord(c.arguments) ? c.arguments : {} }))
      : undefined;
    const text =
      reply.json !== undefined
        ? JSON.stringify(reply.json)
        : typeof reply.text === 'string'
          ? reply.text
          : undefined;
    if (text === undefined && !toolCalls?.length)
      fail('model', `model reply ${i + 1} needs text, json or tool_calls`);
    return { text: text ?? '', ...(toolCalls?.length ? { toolCalls } : {}) };
  });
}

function optionalString(value: Record<string, unknown>, key: string, fail: Fail): string | undefined {
  const v = value[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !v.trim()) return void fail(key, `${key} must be a text`);
  return v;
}

function isStrings(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
