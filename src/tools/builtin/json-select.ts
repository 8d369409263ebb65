import { defineTool } from '../../runtime/index.js';

/**
 * `json_select`: reads one value out of JSON text or a value by a path of dots and `[n]`
 * (`华南.2024Q1`, `rows[0].amount`). Writes `result`: objects and arrays as JSON text, scalars as they
 * are, `""` when nothing (or null) is found. The Aegis Java engine's parameter names, `input` and
 * `select: {path}`, are accepted too.
 */
export const jsonSelectTool = defineTool({
  name: 'json_select',
  description:
    'Selects a value from JSON text (or a value) by a path such as "region.2024Q1" or "rows[0].amount"; writes `result` ("" when nothing is found).',
  source: 'built-in',
  inputSchema: {
    type: 'object',
    properties: {
      data: { description: 'JSON text, or a value (object, array)' },
      path: {
        type: 'string',
        description: 'Keys separated by dots, array indexes as [n]; empty selects the whole value',
      },
      input: { description: "the Java engine's name for data" },
      select: {
        description: 'the Java engine\'s form of path: {path: "a.b"} (or that as JSON text)',
        type: ['object', 'string'],
      },
    },
    anyOf: [{ required: ['data', 'path'] }, { required: ['input', 'select'] }],
  },
  outputSchema: {
    type: 'object',
    properties: {
      result: {
        type: ['string', 'number', 'boolean'],
        description: 'The value found; objects and arrays as JSON text',
      },
    },
  },
  execute(input) {
    const { data, path } = 'select' in input ? javaForm(input) : input;
    const found = selectPath(parseData(data), parsePath(String(path)));
    if (found === undefined || found === null) return { result: '' };
    return { result: typeof found === 'object' ? JSON.stringify(found) : found };
  },
});

/** `{input, select: {path}}` (the Java engine's json_select) as `{data, path}`. */
function javaForm(input: Record<string, unknown>): { data: unknown; path: unknown } {
  let select = input.select;
  if (typeof select === 'string') select = parseData(select);
  const path = select && typeof select === 'object' ? (select as Record<string, unknown>).path : undefined;
  if (typeof path !== 'string')
    throw new Error('"select" must be {path: "a.b"}: it names the path to select');
  return { data: input.input, path };
}

function parseData(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch (e) {
    const preview = data.length > 60 ? `${data.slice(0, 60)}…` : data;
    throw new Error(`"data" is not valid JSON (${(e as Error).message}): ${JSON.stringify(preview)}`, {
      cause: e,
    });
  }
}

/** `a.b[0].c` → ['a', 'b', 0, 'c']; `[n]` segments are numbers. */
function parsePath(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const part of path.split('.')) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part.trim());
    if (!match)
      throw new Error(
        `"path" has a malformed segment "${part}" (use dots between keys and [n] for array indexes)`,
      );
    if (match[1]) segments.push(match[1]);
    for (const index of match[2].matchAll(/\[(\d+)\]/g)) segments.push(Number(index[1]));
  }
  return segments;
}

function selectPath(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    if (Array.isArray(current)) {
      const index = typeof segment === 'number' ? segment : /^\d+$/.test(segment) ? Number(segment) : NaN;
      current = current[index];
    } else {
      current = Object.hasOwn(current, segment) ? (current as Record<string, unknown>)[segment] : undefined;
    }
  }
  return current;
}
