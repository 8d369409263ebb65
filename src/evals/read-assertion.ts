import type { Assertion, AssertionType } from './eval-case.js';

/** The assertion types, as written in `assert:`. */
export const ASSERTION_TYPES: readonly AssertionType[] = [
  'equals',
  'contains',
  'not-contains',
  'regex',
  'json-schema',
  'status',
  'llm-rubric',
  'javascript',
  'tool-calls',
  'loaded',
  'cost',
  'latency',
  'tokens',
];
const OPTIONS = ['path', 'ignore_case', 'flags', 'threshold', 'model', 'order', 'entry'];

/**
 * Reads one entry of `assert:`: `{type: contains, value: "…"}` (promptfoo's form) or the short
 * `{contains: "…"}`, with options beside (`path`, `ignore_case`, `flags`, `threshold`, `model`, `order`,
 * `entry`).
 * Returns the problem as text when it is wrong.
 */
export function readAssertion(raw: unknown): Assertion | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return 'an assertion is a map, e.g. {contains: "Bonjour"} or {type: regex, value: "^Bon"}';
  const entry = { ...(raw as Record<string, unknown>) };
  let type = entry.type;
  let value = entry.value;
  if (type === undefined) {
    const named = Object.keys(entry).filter((k) => (ASSERTION_TYPES as string[]).includes(k));
    if (named.length !== 1)
      return `an assertion names its type: type: <${ASSERTION_TYPES.join(' | ')}>, or one of them as its key`;
    type = named[0];
    value = entry[named[0]];
    delete entry[named[0]];
  } else delete entry.type;
  delete entry.value;
  if (typeof type !== 'string' || !(ASSERTION_TYPES as string[]).includes(type))
    return `unknown assertion type ${JSON.stringify(type)}; known: ${ASSERTION_TYPES.join(', ')}`;
  const extra = Object.keys(entry).filter((k) => !OPTIONS.includes(k));
  if (extra.length) return `${type}: unknown key "${extra[0]}"; an assertion may have ${OPTIONS.join(', ')}`;
  return build(type as AssertionType, value, entry);
}

function build(type: AssertionType, value: unknown, o: Record<string, unknown>): Assertion | string {
  const path = o.path;
  if (path !== undefined && (typeof path !== 'string' || !path))
    return `${type}: path is a dotted path, e.g. total or items.0.name`;
  const at = path === undefined ? {} : { path: path as string };
  const text = (what: string) =>
    typeof value === 'string' && value.length > 0 ? undefined : `${type} needs ${what} as its value`;
  switch (type) {
    case 'equals':
      if (value === undefined) return 'equals needs the value the output must equal';
      return { type, value, ...at };
    case 'contains':
    case 'not-contains':
      return text('a text') ?? { type, value: value as string, ignoreCase: o.ignore_case === true, ...at };
    case 'regex': {
      const flags = o.flags ?? '';
      if (typeof flags !== 'string' || !/^[imsu]*$/.test(flags))
        return 'regex: flags are letters of i, m, s, u';
      const problem = text('a regular expression');
      if (problem) return problem;
      try {
        new RegExp(value as string, flags);
      } catch (e) {
        return `regex: ${(e as Error).message}`;
      }
      return { type, value: value as string, flags, ...at };
    }
    case 'json-schema':
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return 'json-schema needs a JSON Schema (a map) as its value';
      return { type, value: value as Record<string, unknown>, ...at };
    case 'status':
      return text('a run status (completed, failed, awaiting, refused)') ?? { type, value: value as string };
    case 'llm-rubric': {
      const threshold = o.threshold ?? 0.5;
      if (typeof threshold !== 'number' || threshold < 0 || threshold > 1)
        return 'llm-rubric: threshold is a score from 0 to 1';
      if (o.model !== undefined && typeof o.model !== 'string') return 'llm-rubric: model is provider:model';
      return (
        text('the rubric') ?? {
          type,
          value: value as string,
          threshold,
          ...(o.model ? { model: o.model as string } : {}),
        }
      );
    }
    case 'javascript': {
      const threshold = o.threshold ?? 0.5;
      if (typeof threshold !== 'number' || threshold < 0 || threshold > 1)
        return 'javascript: threshold is a score from 0 to 1';
      if (o.entry !== undefined && (typeof o.entry !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(o.entry)))
        return 'javascript: entry is the name of the function the file exports';
      const problem = text('a file (checks.js) or code (output.includes("x"))');
      if (problem) return problem;
      const isFile = /^[^\s]+\.[cm]?[jt]s$/.test(value as string);
      return {
        type,
        ...(isFile ? { file: value as string } : { code: value as string }),
        entry: (o.entry as string | undefined) ?? 'check',
        threshold,
      };
    }
    case 'tool-calls': {
      const order = o.order ?? 'in-order';
      if (order !== 'in-order' && order !== 'any-order') return 'tool-calls: order is in-order or any-order';
      if (!isNames(value)) return 'tool-calls needs a list of tool names';
      return { type, value, order };
    }
    case 'loaded':
      if (!isNames(value)) return 'loaded needs a list of skills or chunks (skill or skill/chunk)';
      return { type, value };
    default: {
      const threshold = o.threshold ?? value;
      if (typeof threshold !== 'number' || threshold < 0)
        return `${type} needs the most it may be, a number (${UNITS[type]})`;
      return { type, threshold };
    }
  }
}

const UNITS: Record<string, string> = { cost: 'US dollars', latency: 'milliseconds', tokens: 'tokens' };

function isNames(v: unknown): v is string[] {
  return Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && x.length > 0);
}
