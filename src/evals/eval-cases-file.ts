import { dirname, resolve } from 'node:path';
import { isMap, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import type { Diagnostic } from '../ir/diagnostic.js';
import type { Assertion, EvalCase } from './eval-case.js';
import { readAssertion } from './read-assertion.js';

const KEYS = [
  'name',
  'skill',
  'input',
  'prompt',
  'should_trigger',
  'files',
  'expected_output',
  'answers',
  'assert',
  'pass_rate',
  'timeout_ms',
];

/** The `evals:` of a cases.yaml: its cases, the skill the file names, and its problems. */
export interface EvalCasesFile {
  file: string;
  skill?: string;
  cases: EvalCase[];
  diagnostics: Diagnostic[];
}

/**
 * Reads the `evals:` section of a cases.yaml (a file may hold only that). Each case has a `name`, an
 * `input` (executable skills) or a `prompt` (document skills), and `assert:` checks; problems are
 * diagnostics at their line and column, and a case with one is left out.
 */
export function parseEvalCases(file: string, text: string): EvalCasesFile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const diagnostics: Diagnostic[] = [];
  const report = (node: YamlNode | null | undefined, message: string) => {
    const { line, col } = lines.linePos(node?.range?.[0] ?? 0);
    diagnostics.push({ file, line, column: col, severity: 'error', code: 'eval/bad-case', message });
  };
  if (doc.errors.length) {
    const { line, col } = lines.linePos(doc.errors[0].pos[0]);
    const message = `YAML: ${doc.errors[0].message.split('\n')[0]}`;
    return {
      file,
      cases: [],
      diagnostics: [{ file, line, column: col, severity: 'error', code: 'eval/yaml', message }],
    };
  }
  const root = doc.contents;
  if (!isMap(root) || !root.has('evals')) return { file, cases: [], diagnostics };
  const skill = root.get('skill');
  const list = root.get('evals', true) as YamlNode;
  if (!isSeq(list)) {
    report(list, 'evals is a list of cases, each with a "name" and an "input" or a "prompt"');
    return { file, cases: [], diagnostics };
  }
  const cases: EvalCase[] = [];
  const names = new Set<string>();
  list.items.forEach((item, i) => {
    const node = item as YamlNode;
    const fail: Fail = (key, message, item) => {
      const value = key && isMap(node) ? (node.get(key, true) as YamlNode | undefined) : undefined;
      const at = item !== undefined && isSeq(value) ? (value.items[item] as YamlNode) : value;
      report(at ?? node, `eval ${i + 1}: ${message}`);
    };
    const before = diagnostics.length;
    const c = readCase(isMap(node) ? node.toJSON() : undefined, dirname(file), fail);
    if (c && names.has(c.name))
      fail('name', `the name "${c.name}" is used twice; give each case its own name`);
    if (!c || diagnostics.length > before) return;
    names.add(c.name);
    cases.push({ ...c, file, line: lines.linePos(node.range?.[0] ?? 0).line });
  });
  return { file, skill: typeof skill === 'string' ? skill : undefined, cases, diagnostics };
}

/** Reports a problem at a key of the case (at one item of it, when it is a list). */
type Fail = (key: string | undefined, message: string, item?: number) => void;

function readCase(value: unknown, folder: string, fail: Fail): Omit<EvalCase, 'file' | 'line'> | undefined {
  if (!isRecord(value)) return void fail(undefined, 'a case is a map with a "name"');
  for (const key of Object.keys(value))
    if (!KEYS.includes(key)) fail(key, `unknown key "${key}"; an eval case may have ${KEYS.join(', ')}`);
  if (typeof value.name !== 'string' || !value.name.trim())
    return void fail('name', 'a case needs a "name": a sentence saying what it checks');
  if (value.prompt !== undefined && (typeof value.prompt !== 'string' || !value.prompt.trim()))
    fail('prompt', 'prompt is the text of a request');
  if (value.input !== undefined && value.prompt !== undefined)
    fail('prompt', 'a case has an input (executable skills) or a prompt (document skills), not both');
  const shouldTrigger = value.should_trigger;
  if (shouldTrigger !== undefined && typeof shouldTrigger !== 'boolean')
    fail('should_trigger', 'should_trigger is true (the prompt should route to the skill) or false');
  if (shouldTrigger !== undefined && value.prompt === undefined)
    fail('should_trigger', 'a trigger case needs a "prompt": the request that is routed');
  if (shouldTrigger !== undefined && (value.input !== undefined || value.assert !== undefined))
    fail('should_trigger', 'a trigger case is only routed, not run: it takes no input and no assert');
  const files = value.files ?? [];
  if (!Array.isArray(files) || !files.every((f) => typeof f === 'string'))
    fail('files', 'files is a list of paths, relative to the cases file');
  const assert = value.assert ?? [];
  const assertions: Assertion[] = [];
  if (!Array.isArray(assert)) fail('assert', 'assert is a list of checks, e.g. - contains: "Bonjour"');
  else
    assert.forEach((a, k) => {
      const read = readAssertion(a);
      if (typeof read === 'string') fail('assert', `assert ${k + 1}: ${read}`, k);
      else if (read.type === 'javascript' && read.file)
        assertions.push({ ...read, file: resolve(folder, read.file) });
      else assertions.push(read);
    });
  const passRate = value.pass_rate ?? 1;
  if (typeof passRate !== 'number' || passRate < 0 || passRate > 1)
    fail('pass_rate', 'pass_rate is a number from 0 to 1');
  const timeoutMs = value.timeout_ms ?? 120_000;
  if (typeof timeoutMs !== 'number' || timeoutMs <= 0)
    fail('timeout_ms', 'timeout_ms is a positive number of milliseconds');
  const answers = value.answers ?? [];
  if (!Array.isArray(answers)) fail('answers', 'answers is a list: one answer per pause of the run');
  if (value.expected_output !== undefined && typeof value.expected_output !== 'string')
    fail('expected_output', 'expected_output is a text saying what a good answer is');
  if (value.skill !== undefined && (typeof value.skill !== 'string' || !value.skill))
    fail('skill', 'skill is a skill id');
  return {
    name: value.name,
    ...(typeof value.skill === 'string' ? { skill: value.skill } : {}),
    ...(value.prompt === undefined ? { input: value.input ?? {} } : { prompt: String(value.prompt) }),
    ...(typeof shouldTrigger === 'boolean' ? { shouldTrigger } : {}),
    files: Array.isArray(files) ? files.map((f) => resolve(folder, String(f))) : [],
    ...(typeof value.expected_output === 'string' ? { expectedOutput: value.expected_output } : {}),
    answers: Array.isArray(answers) ? answers : [],
    assert: assertions,
    passRate: typeof passRate === 'number' ? passRate : 1,
    timeoutMs: typeof timeoutMs === 'number' ? timeoutMs : 120_000,
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
