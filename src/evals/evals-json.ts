import { resolve } from 'node:path';
import { isMap, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import type { Diagnostic } from '../ir/diagnostic.js';
import type { EvalCase } from './eval-case.js';

/** The default least score of an Agent Skills expectation, graded by a judge model. */
const EXPECTATION_THRESHOLD = 0.5;

/**
 * Reads an Agent Skills `evals/evals.json` as it is: `skill_name`, and `evals` of `{id, prompt,
 * expected_output, files, expectations}` (the guide's `assertions` is read as `expectations`). Each
 * expectation becomes an `llm-rubric` a judge model grades; `files` are relative to the skill's folder.
 * A case is named `eval <id>`. An eval with `should_trigger` (true or false) is a trigger case: its
 * `prompt` (or `query`, as trigger eval sets write it) is routed, not run. JSON is read with the YAML
 * reader, which keeps positions.
 */
export function parseEvalsJson(
  file: string,
  text: string,
  skillRoot: string,
): { skill?: string; cases: EvalCase[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const lines = new LineCounter();
  const at = (node: YamlNode | null | undefined) => lines.linePos(node?.range?.[0] ?? 0);
  const report = (node: YamlNode | null | undefined, message: string, code = 'eval/bad-case') => {
    const { line, col } = at(node);
    diagnostics.push({ file, line, column: col, severity: 'error', code, message });
  };
  try {
    JSON.parse(text);
  } catch (e) {
    diagnostics.push({
      file,
      line: 1,
      column: 1,
      severity: 'error',
      code: 'eval/json',
      message: `JSON: ${(e as Error).message}`,
    });
    return { cases: [], diagnostics };
  }
  const doc = parseDocument(text, { lineCounter: lines });
  const root = doc.contents;
  const list = isMap(root) ? (root.get('evals', true) as YamlNode | undefined) : undefined;
  if (!isSeq(list)) {
    report(
      list ?? root,
      'evals.json is {"skill_name": "…", "evals": [{"id": 1, "prompt": "…", "expectations": ["…"]}]}',
    );
    return { cases: [], diagnostics };
  }
  const skillName = isMap(root) ? root.get('skill_name') : undefined;
  const cases: EvalCase[] = [];
  const ids = new Set<string>();
  list.items.forEach((item, i) => {
    const node = item as YamlNode;
    const value: unknown = isMap(node) ? node.toJSON() : undefined;
    const fail = (message: string) => report(node, `eval ${i + 1}: ${message}`);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return fail('an eval is an object with an id and a prompt');
    const v = value as Record<string, unknown>;
    const id = v.id ?? i + 1;
    if (typeof id !== 'number' && typeof id !== 'string') return fail('id is a number');
    if (ids.has(String(id))) return fail(`the id ${JSON.stringify(id)} is used twice`);
    const prompt = v.prompt ?? v.query;
    if (typeof prompt !== 'string' || !prompt.trim()) return fail('prompt is the text of the task');
    if (v.should_trigger !== undefined && typeof v.should_trigger !== 'boolean')
      return fail('should_trigger is true (the prompt should route to the skill) or false');
    const expectations = v.expectations ?? v.assertions ?? [];
    if (!Array.isArray(expectations) || !expectations.every((x) => typeof x === 'string' && x.trim()))
      return fail('expectations is a list of statements a good answer makes true');
    const files = v.files ?? [];
    if (!Array.isArray(files) || !files.every((f) => typeof f === 'string'))
      return fail('files is a list of paths, relative to the skill');
    if (v.expected_output !== undefined && typeof v.expected_output !== 'string')
      return fail('expected_output is a text');
    ids.add(String(id));
    cases.push({
      name: `eval ${id}`,
      file,
      line: at(node).line,
      prompt,
      ...(typeof v.should_trigger === 'boolean' ? { shouldTrigger: v.should_trigger } : {}),
      files: files.map((f: string) => resolve(skillRoot, f)),
      ...(typeof v.expected_output === 'string' ? { expectedOutput: v.expected_output } : {}),
      answers: [],
      assert: (expectations as string[]).map((e) => ({
        type: 'llm-rubric' as const,
        value: e,
        threshold: EXPECTATION_THRESHOLD,
      })),
      passRate: 1,
      timeoutMs: 120_000,
    });
  });
  return { ...(typeof skillName === 'string' ? { skill: skillName } : {}), cases, diagnostics };
}
