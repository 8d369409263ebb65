const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r' };

/** Resolves backslash escapes: `\n`, `\t`, `\r`, `\uXXXX`; any other escaped character stands for itself. */
export function unescape(text: string): string {
  if (!text.includes('\\')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\\' || i === text.length - 1) {
      out += c;
      continue;
    }
    const e = text[++i];
    if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) {
      out += String.fromCharCode(parseInt(text.slice(i + 1, i + 5), 16));
      i += 4;
    } else out += ESCAPES[e] ?? e;
  }
  return out;
}
