const OUTER = /^\s*(`{3,}|~{3,})[ \t]*(?:markdown|md)?[ \t]*\n([\s\S]*)\n[ \t]*\1[ \t]*$/i;
const FIRST_BLOCK = /^[ \t]*#{1,6}[ \t]+AgenticDSL\b/im;

/**
 * The graph file in a model's answer: without an outer ```markdown fence around the whole file, and
 * without chatter before the first AgenticDSL heading.
 */
export function extractGraph(answer: string): string {
  let text = answer.replace(/\r\n/g, '\n').trim();
  const outer = OUTER.exec(text);
  if (outer && FIRST_BLOCK.test(outer[2])) text = outer[2].trim();
  const first = FIRST_BLOCK.exec(text);
  if (first && first.index > 0) text = text.slice(first.index);
  return text + '\n';
}
