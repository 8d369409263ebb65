import { defineTool } from '../../runtime/index.js';

/**
 * `json_select`: reads one value out of JSON text or a value by a path of dots and `[n]`
 * (`华南.2024Q1`, `rows[0].amount`). Writes `result`: objects and arrays as JSON text, scalars as they
 * are, `""` when nothing (or null) is found.
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
    },
    required: ['data', 'path'],
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
    const found = selectPath(parseData(input.data), parsePath(input.path as string));
    if (found === undefined || found === null) return { result: '' };
    return { result: typeof found === 'object' ? JSON.stringify(found) : found };
  },
});

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
