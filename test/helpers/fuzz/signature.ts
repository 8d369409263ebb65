/** A problem's kind without the details that vary between inputs (numbers, quoted text), to group findings. */
export function signature(problem: string): string {
  return problem
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, 'Q')
    .replace(/\d+/g, 'N')
    .slice(0, 100);
}
