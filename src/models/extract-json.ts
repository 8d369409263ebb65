/** JSON found in a model's answer, or why none could be read. */
export type JsonExtraction = { ok: true; value: unknown } | { ok: false; error: string };

const FENCE = /```[a-zA-Z]*[ \t]*\r?\n([\s\S]*?)```/g;

/** Reads the JSON in an answer: the whole text, else a fenced block, else the first balanced `{…}` or `[…]`. */
export function extractJson(text: string): JsonExtraction {
  const whole = tryParse(text.trim());
  if (whole.ok) return whole;
  for (const match of text.matchAll(FENCE)) {
    const fenced = tryParse(match[1].trim());
    if (fenced.ok) return fenced;
  }
  let firstError: string | undefined;
  for (let start = nextOpener(text, 0); start >= 0; start = nextOpener(text, start + 1)) {
    const end = balancedEnd(text, start);
    if (end < 0) continue;
    const found = tryParse(text.slice(start, end + 1));
    if (found.ok) return found;
    firstError ??= found.error;
  }
  return {
    ok: false,
    error: firstError
      ? `the JSON in the answer is not valid: ${firstError}`
      : 'the answer contains no complete JSON value',
  };
}

function tryParse(text: string): JsonExtraction {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

function nextOpener(text: string, from: number): number {
  const brace = text.indexOf('{', from);
  const bracket = text.indexOf('[', from);
  if (brace < 0) return bracket;
  if (bracket < 0) return brace;
  return Math.min(brace, bracket);
}

/** Index of the bracket closing the one at `start`, skipping brackets inside strings; -1 if unbalanced. */
function balancedEnd(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
    } else if (ch === '{' || ch === '[') {
      stack.push(ch === '{' ? '}' : ']');
    } else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}
